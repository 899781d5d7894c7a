import CLibXML2
import Foundation

/// An XML document read one node at a time through libxml2's xmlTextReader: start tags with their
/// attributes, text, end tags. No entities are substituted and no network or DTD is fetched; a
/// document that is not well-formed is an error naming the line.
final class XMLPullParser {
    enum Event {
        case start(name: String, attributes: [String: String], isEmpty: Bool)
        case text(UnsafeBufferPointer<UInt8>)
        case end(name: String)
    }

    private let reader: xmlTextReaderPtr
    private let path: String
    /// The parsed bytes, which libxml2 reads in place: kept alive as long as the reader.
    private let source: ByteBuffer

    /// `source` must not hold a DOCTYPE (checked here): Xournal++ files never have one, and refusing it
    /// rules out entity expansion.
    init(_ source: ByteBuffer, path: String) throws {
        self.path = path
        self.source = source
        if Self.containsDocumentType(source.bytes) {
            throw XournalFileError(path: path, reason: "it declares a DOCTYPE, which Xournal++ files never have")
        }
        quire_xml_quiet()
        // HUGE lifts libxml2's 10 MB cap on one text node (a large embedded picture is one); the whole
        // document is already capped (`XournalLimits.maximumXMLBytes`), and without a DOCTYPE there are no
        // entities to expand.
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue | XML_PARSE_NOERROR.rawValue
                            | XML_PARSE_NOWARNING.rawValue)
        guard let reader = UnsafeRawPointer(source.base).withMemoryRebound(to: CChar.self, capacity: max(1, source.count), {
            xmlReaderForMemory($0, Int32(clamping: source.count), nil, nil, options)
        }) else {
            throw XournalFileError(path: path, reason: "libxml2 could not start reading it")
        }
        self.reader = reader
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

    /// Whether "<!DOCTYPE" appears anywhere (in any letter case): a scan, no parse.
    private static func containsDocumentType(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let needle = Array("<!DOCTYPE".utf8)
        guard buffer.count >= needle.count else { return false }
        for i in 0...(buffer.count - needle.count) where buffer[i] == 0x3C && buffer[i + 1] == 0x21 {
            if zip(needle, buffer[i..<(i + needle.count)]).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) { return true }
        }
        return false
    }
}
