import CZlib
import Foundation
@testable import QuireXournal
import XCTest

/// Issue 38: a Xournal++ file is read as a stream (zlib's gzip stream under libxml2's pull parser), so
/// memory stays that of the document read, whatever the file unpacks to; the first pass that counts its
/// pages and looks for a DOCTYPE finds a tag split between two chunks once.
final class XoppStreamingTests: XCTestCase {
    /// 200 MiB of XML between two pages of ink (titles, as Xournal++ writes one): read with a peak
    /// resident memory far below the file's unpacked size (held whole, it alone would be 200 MiB).
    func testALargeFileIsReadInBoundedMemory() throws {
        let title = Array(("<title>" + String(repeating: "x", count: 1008) + "</title>\n").utf8)
        let (path, unpacked) = try writeLargeFile(padding: title)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let baseline = try residentKilobytes("VmRSS:")
        try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)   // resets the peak
        var reported: [Int] = []
        let document = try XournalReader.read(path) { done, total in reported.append(done * 10 + total) }
        let grown = try residentKilobytes("VmHWM:") - baseline
        XCTAssertEqual(document.pages.count, 2)
        XCTAssertEqual(document.pages.map(\.elements.count), [1, 1])
        XCTAssertEqual(reported, [12, 22], "pages counted by the first pass: 1 of 2, 2 of 2")
        XCTAssertLessThan(grown, 48 << 10, "peak resident memory grew by \(grown >> 10) MiB reading \(unpacked >> 20) MiB of XML")
    }

    /// libxml2's reader keeps comments until the element around them ends: a file of 200 MiB of them at
    /// the top level is refused once it passes the bound, before memory grows with it.
    func testAFileOfCommentsIsRefusedBeforeItHoldsMemory() throws {
        let comment = Array(("<!-- " + String(repeating: "x", count: 1014) + " -->\n").utf8)
        let (path, _) = try writeLargeFile(padding: comment)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let baseline = try residentKilobytes("VmRSS:")
        try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try XournalReader.read(path)) {
            XCTAssertTrue("\($0)".contains("more than 10000 XML comments or 1 MiB of them"), "\($0)")
        }
        let grown = try residentKilobytes("VmHWM:") - baseline
        XCTAssertLessThan(grown, 48 << 10, "peak resident memory grew by \(grown >> 10) MiB")
    }

    /// A document of two one-stroke pages with 200 MiB of `padding` repeated between them, gzip'ed;
    /// and how many bytes it unpacks to.
    private func writeLargeFile(padding: [UInt8]) throws -> (path: String, unpacked: Int) {
        let path = NSTemporaryDirectory() + "large-\(UUID().uuidString).xopp"
        let page = XoppFixture.page(layers: [##"<stroke tool="pen" color="#000000ff" width="2">10 10 200 200 300 100</stroke>"##])
        let parts = XoppFixture.document([page, "@@PADDING@@", page]).components(separatedBy: "@@PADDING@@")
        let writer = try GzipFileWriter(path: path, level: 1)
        try writer.write(parts[0])
        let block = Array([[UInt8]](repeating: padding, count: 1024).joined())
        let blocks = (200 << 20) / block.count
        for _ in 0..<blocks { try block.withUnsafeBytes { try writer.write($0) } }
        try writer.write(parts[1])
        try writer.finish()
        XCTAssertEqual(blocks * block.count, 200 << 20)
        return (path, blocks * block.count + parts[0].utf8.count + parts[1].utf8.count)
    }

    func testATagSplitBetweenChunksIsFoundOnce() {
        let text = Array("""
            <?xml version="1.0"?><xournal><page width="1" height="1"></page><pagex/><page/><!-- <page> - -> --><PAGE x="1"/>\
            <![CDATA[<page <!-- ]]><page\t/><?pi <page ?><!doctype x>
            """.utf8)
        let whole = text.withUnsafeBufferPointer { XournalPrescan.scan($0) }
        XCTAssertEqual(whole.pageTags, 3, "<page, <page/ and <page<tab>; not <pagex, <PAGE, nor in a comment, CDATA or PI")
        XCTAssertTrue(whole.declaresDocumentType)
        XCTAssertEqual(whole.asides, 3, "the XML declaration, the comment and the PI; \"<!--\" in CDATA is text")
        XCTAssertEqual(whole.asideBytes, 17 + 13 + 9, "what lies inside them")
        for size in 1...12 {
            var scan = XournalPrescan()
            var at = 0
            while at < text.count {
                let end = min(text.count, at + size)
                text[at..<end].withUnsafeBufferPointer { scan.feed($0) }
                at = end
            }
            XCTAssertEqual(scan.pageTags, 3, "chunks of \(size) bytes")
            XCTAssertTrue(scan.declaresDocumentType, "chunks of \(size) bytes")
            XCTAssertEqual(scan.asides, 3, "chunks of \(size) bytes")
            XCTAssertEqual(scan.asideBytes, whole.asideBytes, "chunks of \(size) bytes")
        }
        let plain = Array("<xournal><page/></xournal>".utf8).withUnsafeBufferPointer { XournalPrescan.scan($0) }
        XCTAssertFalse(plain.declaresDocumentType)
    }

    /// A damaged gzip stream met by the parser (not the first pass) is reported as the stream's
    /// failure, not as libxml2's read error.
    func testAStreamThatFailsMidParseSaysWhy() throws {
        let path = NSTemporaryDirectory() + "cut-\(UUID().uuidString).xopp"
        defer { try? FileManager.default.removeItem(atPath: path) }
        XoppFixture.writeGzip(XoppFixture.document([XoppFixture.page(), XoppFixture.page()]), to: path)
        let parser = try XMLPullParser(streaming: GzipStream(path: path, limit: 64), path: path)
        XCTAssertThrowsError(try { while try parser.next() != nil {} }()) {
            XCTAssertTrue("\($0)".contains("more than 0 MiB of XML"), "\($0)")
        }
    }

    private func residentKilobytes(_ field: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix(field) })
        return try XCTUnwrap(Int(line.split(separator: " ").dropFirst().first { !$0.isEmpty }.map(String.init) ?? ""))
    }
}
