import CLibXML2
import Foundation

/// An XML document read one node at a time through libxml2's xmlTextReader: start tags with their
/// attributes, text, end tags. No entities are substituted and no network or DTD is fetched; a
/// document that is not well-formed is an error naming the line. Read from a stream (`GzipStream`) as
/// it is parsed, only libxml2's buffers and the node being read are held, whatever the file's size.
final class XMLPullParser {
    enum Event {
        case start(name: String, attributes: [String: String], isEmpty: Bool)
        case text(UnsafeBufferPointer<UInt8>)
        case end(name: String)
    }

    private let reader: xmlTextReaderPtr
    private let path: String
    /// Bytes held whole, which libxml2 reads in place: kept alive as long as the reader.
    private let source: ByteBuffer?
    /// Or the stream libxml2 reads a chunk at a time (through `readStream`): kept alive as long as the
    /// reader, and asked why a read failed.
    private let stream: GzipStream?

    /// HUGE lifts libxml2's 10 MB cap on one text node (a large embedded picture is one); the whole
    /// document is already capped (`XournalLimits.maximumXMLBytes`), and without a DOCTYPE there are no
    /// entities to expand.
    private static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue | XML_PARSE_NOERROR.rawValue
                                       | XML_PARSE_NOWARNING.rawValue)

    /// Reads bytes held whole. They must hold no DOCTYPE (`XournalPrescan` finds one): Xournal++ files
    /// never have one, and refusing it rules out entity expansion.
    init(_ source: ByteBuffer, path: String) throws {
        self.path = path
        self.source = source
        stream = nil
        quire_xml_quiet()
        guard let reader = UnsafeRawPointer(source.base).withMemoryRebound(to: CChar.self, capacity: max(1, source.count), {
            xmlReaderForMemory($0, Int32(clamping: source.count), nil, nil, Self.options)
        }) else {
            throw XournalFileError(path: path, reason: "libxml2 could not start reading it")
        }
        self.reader = reader
    }

    /// Reads `stream` as it parses it; the stream must hold no DOCTYPE, as above.
    init(streaming stream: GzipStream, path: String) throws {
        self.path = path
        source = nil
        self.stream = stream
        quire_xml_quiet()
        guard let reader = xmlReaderForIO(Self.readStream, nil, Unmanaged.passUnretained(stream).toOpaque(), nil, nil,
                                          Self.options) else {
            throw stream.failure ?? XournalFileError(path: path, reason: "libxml2 could not start reading it")
        }
        self.reader = reader
    }

    /// libxml2's read callback: the stream's next bytes, 0 at its end, -1 when it fails (the failure is
    /// kept in the stream, and reported instead of libxml2's "read error").
    private static let readStream: xmlInputReadCallback = { context, buffer, length in
        guard let context, let buffer, length > 0 else { return 0 }
        let stream = Unmanaged<GzipStream>.fromOpaque(context).takeUnretainedValue()
        guard let got = try? stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(length))) else { return -1 }
        return Int32(got)
    }

    deinit {
        xmlFreeTextReader(reader)
    }

    /// The next start tag, text or end tag (comments, processing instructions and whitespace between
    /// tags are passed over); nil at the end of the document. A text event's bytes are valid until the
    /// next call.
    func next() throws -> Event? {
        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { return nil }
            guard status == 1 else { throw malformed() }
            switch Int32(xmlTextReaderNodeType(reader)) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                let name = string(xmlTextReaderConstLocalName(reader))
                let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
                var attributes: [String: String] = [:]
                while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                    attributes[string(xmlTextReaderConstLocalName(reader))] = string(xmlTextReaderConstValue(reader))
                }
                xmlTextReaderMoveToElement(reader)
                return .start(name: name, attributes: attributes, isEmpty: isEmpty)
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                return .end(name: string(xmlTextReaderConstLocalName(reader)))
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
                guard let value = xmlTextReaderConstValue(reader) else { continue }
                return .text(UnsafeBufferPointer(start: value, count: strlen(value)))
            case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue), Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue):
                throw XournalFileError(path: path, reason: "it uses XML entities or a DOCTYPE, which Xournal++ files never have")
            default:
                continue
            }
        }
    }

    /// The 1-based line the parser is at, for messages.
    var line: Int { Int(xmlTextReaderGetParserLineNumber(reader)) }

    private func malformed() -> XournalFileError {
        if let failure = stream?.failure { return failure }
        var line: Int32 = 0
        if let message = quire_xml_last_error(&line) {
            let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
            return XournalFileError(path: path, reason: "the XML is malformed at line \(line): \(text)")
        }
        return XournalFileError(path: path, reason: "the XML is malformed near line \(self.line)")
    }

    private func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }
}
