import Foundation
import GRDB
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuirePDF
import QuireStorage
import XCTest

/// A Xournal++ file annotating a PDF: its pages come in with their PDF pages under them when the PDF is
/// found (where the file names it, beside it, or as Xournal++'s attached copy), stored once; when it
/// is not found the pages come in plain and the summary says why.
final class XoppPDFBackgroundTests: XCTestCase {
    private var library = ""
    private var folder = ""

    override func setUpWithError() throws {
        library = NSTemporaryDirectory() + "quire-xopp-pdf-\(UUID().uuidString)"
        folder = library + "-files"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: library)
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func pages(of title: String) throws -> [Page] {
        let store = try NotebookStore(openingAt: try NotebookLibrary(directory: library).resolve(title), readOnly: true)
        defer { try? store.close() }
        return try store.pageIDs().map { try store.loadPage($0) }
    }

    /// Two pages on pages 2 and 1 of `pdfName` (named as an absolute path elsewhere, as Xournal++ keeps it),
    /// the page numbers written with `suffix` after them.
    private func annotated(pdfName: String, suffix: String = "") -> String {
        let background = { (page: Int) in
            ##"<background type="pdf" domain="absolute" filename="/somewhere/else/"## + pdfName + ##"" pageno="\##(page)\##(suffix)"/>"##
        }
        return XoppFixture.document([
            XoppFixture.page(width: 612, height: 792, background: background(2),
                             layers: [##"<stroke tool="pen" color="#000000ff" width="2">100 100 300 100</stroke>"##]),
            XoppFixture.page(width: 612, height: 792, background: background(1)),
        ])
    }

    func testThePDFBesideTheFileBecomesTheBackgroundOfEachPageStoredOnce() throws {
        try SamplePDF.write([SamplePDF.Page(width: 612, height: 792, box: (72, 72, 144, 72), color: (0.1, 0.2, 0.9)),
                             SamplePDF.Page(width: 612, height: 792, box: (300, 400, 100, 100), color: (0.9, 0.1, 0.1))],
                            to: folder + "/slides.pdf")
        let xopp = folder + "/notes.xopp"
        XoppFixture.writeGzip(annotated(pdfName: "slides.pdf"), to: xopp)
        let said = try runQuire(["import-xopp", xopp], library: library)
        XCTAssertFalse(said.contains("PDF background"), said)
        let imported = try pages(of: "notes")
        XCTAssertEqual(imported.count, 2)
        for (page, pdfPage) in zip(imported, [1, 0]) {
            guard case let .pdfPage(background)? = page.items.first?.content else { return XCTFail("no PDF page under \(page.items)") }
            XCTAssertEqual(background.pageIndex, pdfPage)
            XCTAssertEqual(background.rect, Rect(x: 0, y: 0, width: 816, height: 1056))
        }
        XCTAssertEqual(imported[0].strokes.count, 1, "the ink is above the PDF")
        var configuration = Configuration()
        configuration.readonly = true
        let database = try DatabaseQueue(path: try NotebookLibrary(directory: library).resolve("notes"), configuration: configuration)
        XCTAssertEqual(try database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM blob") }, 1, "the PDF is stored once")
        try database.close()
        // The first page shows the PDF's second page: its red square at (300…400, 400…500) pt.
        let output = folder + "/png"
        _ = try runQuire(["export", "notes", "--png", output, "--pages", "1"], library: library)
        let image = try PNG.read(from: output + "/page-001.png")
        let inside = image[Int(350 * 96 / 72), Int(450 * 96 / 72)]
        XCTAssertGreaterThan(inside.r, 200)
        XCTAssertLessThan(inside.g, 60)
    }

    func testXournalPlusPlus10PageNumbersWithTheirLlSuffixAreRead() throws {
        try SamplePDF.write([SamplePDF.Page(width: 612, height: 792), SamplePDF.Page(width: 612, height: 792)],
                            to: folder + "/slides.pdf")
        let xopp = folder + "/notes.xopp"
        XoppFixture.writeGzip(annotated(pdfName: "slides.pdf", suffix: "ll"), to: xopp)
        let said = try runQuire(["import-xopp", xopp], library: library)
        XCTAssertFalse(said.contains("PDF background"), said)
        let shown = try pages(of: "notes").map { page -> Int? in
            guard case let .pdfPage(background)? = page.items.first?.content else { return nil }
            return background.pageIndex
        }
        XCTAssertEqual(shown, [1, 0], "pageno=\"2ll\" is the second page, as Xournal++ 1.0 writes it")
    }

    func testAMissingPDFLeavesThePagesPlainAndSaysWhy() throws {
        let xopp = folder + "/notes.xopp"
        XoppFixture.writeGzip(annotated(pdfName: "gone.pdf"), to: xopp)
        let said = try runQuire(["import-xopp", xopp], library: library)
        XCTAssertTrue(said.contains("2 PDF backgrounds not imported") && said.contains("gone.pdf was not found"), said)
        let imported = try pages(of: "notes")
        XCTAssertEqual(imported.count, 2)
        XCTAssertFalse(imported.contains { $0.items.contains { $0.kind == "pdf-page" } })
    }

    /// A page naming a PDF page the PDF does not have is left plain and said, not trusted.
    func testAPDFPageBeyondThePDFLeavesThatPagePlainAndSaysSo() throws {
        try SamplePDF.write([SamplePDF.Page(width: 612, height: 792)], to: folder + "/slides.pdf")
        let xopp = folder + "/notes.xopp"
        XoppFixture.writeGzip(annotated(pdfName: "slides.pdf"), to: xopp)   // asks for pages 2 and 1
        let said = try runQuire(["import-xopp", xopp], library: library)
        XCTAssertTrue(said.contains("page 1 asks for page 2 of slides.pdf, which has 1"), said)
        let imported = try pages(of: "notes")
        XCTAssertNotEqual(imported[0].items.first?.kind, "pdf-page", "the page past the PDF's end is plain")
        XCTAssertEqual(imported[1].items.first?.kind, "pdf-page", "the page within it is on the PDF")
    }

    func testXournalsAttachedCopyIsFound() throws {
        let xopp = folder + "/notes.xopp"
        try SamplePDF.write([SamplePDF.Page(width: 612, height: 792), SamplePDF.Page(width: 612, height: 792)],
                            to: xopp + ".bg.pdf")
        XoppFixture.writeGzip(annotated(pdfName: "renamed.pdf"), to: xopp)
        _ = try runQuire(["import-xopp", xopp], library: library)
        XCTAssertTrue(try pages(of: "notes").allSatisfy { $0.items.first?.kind == "pdf-page" })
    }
}
