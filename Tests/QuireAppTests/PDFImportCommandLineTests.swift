import Foundation
import GRDB
import QuireApp
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuirePDF
import QuireRender
import QuireStorage
import QuireTestSupport
import XCTest

/// `quire import NOTEBOOK paper.pdf`, run as a user would, on real notebook files with real PDFs written
/// here with cairo (`SamplePDF`) or, for the damaged kinds cairo never writes, by hand.
final class PDFImportCommandLineTests: XCTestCase {
    private var library = ""
    private var notebookPath: String { library + "/Paper.quire" }

    override func setUpWithError() throws {
        library = NSTemporaryDirectory() + "quire-pdf-import-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: library)
    }

    private func pdf(_ pages: [SamplePDF.Page], _ name: String) throws -> String {
        let path = library + "/" + name
        try SamplePDF.write(pages, to: path)
        return path
    }

    private func pages() throws -> [Page] {
        let store = try NotebookStore(openingAt: notebookPath, readOnly: true)
        defer { try? store.close() }
        return try store.pageIDs().map(store.loadPage)
    }

    private func pdfItem(_ page: Page, file: StaticString = #filePath, line: UInt = #line) -> PDFPageItem? {
        guard case let .pdfPage(item)? = page.items.first?.content else {
            XCTFail("page \(page.id) has no PDF page at the bottom: \(page.items.map(\.kind))", file: file, line: line)
            return nil
        }
        return item
    }

    func testEachPDFPageBecomesAPageOfItsSizeAndTurnShowingIt() throws {
        try quire("new", "Paper")
        let path = try pdf([SamplePDF.Page(width: 612, height: 792), SamplePDF.Page(width: 842, height: 595),
                            SamplePDF.Page(width: 300, height: 200), SamplePDF.Page(width: 14_400, height: 7_200)], "paper.pdf")
        let said = try quire("import", "Paper", path)
        XCTAssertTrue(said.contains("Imported 4 pages from paper.pdf as pages 2–5 of Paper (now 5 pages)"), said)

        let all = try pages()
        XCTAssertEqual(all.count, 5)
        XCTAssertTrue(all[0].items.isEmpty, "the page that was there is untouched")
        // Points × 96/72; the 200-inch page is scaled down to 16,000 px, keeping its 2:1 shape.
        let expected: [(Double, Double)] = [(816, 1056), (1122.667, 793.333), (400, 266.667), (16_000, 8_000)]
        for (page, (width, height)) in zip(all.dropFirst(), expected) {
            XCTAssertEqual(page.size.width, width, accuracy: 0.001)
            XCTAssertEqual(page.size.height, height, accuracy: 0.001)
        }
        XCTAssertEqual(all.dropFirst().map(\.orientation), [.portrait, .landscape, .landscape, .landscape])
        let items = all.dropFirst().compactMap { pdfItem($0) }
        XCTAssertEqual(items.map(\.pageIndex), [0, 1, 2, 3])
        for (page, item) in zip(all.dropFirst(), items) {
            XCTAssertEqual(page.items.count, 1)
            XCTAssertEqual(item.rect, Rect(x: 0, y: 0, width: page.size.width, height: page.size.height), "fills the page")
        }
        XCTAssertEqual(Set(items.map(\.document)).count, 1, "one blob for every page")
        let store = try NotebookStore(openingAt: notebookPath, readOnly: true)
        defer { try? store.close() }
        XCTAssertEqual(try store.blob(items[0].document), [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))),
                       "the PDF is stored as it is")
    }

    /// A portrait page turned by its /Rotate is shown landscape, and imported so.
    func testARotatedPageIsImportedAsShown() throws {
        try quire("new", "Paper")
        try quire("import", "Paper", write(HandWrittenPDF.pages(mediaBoxes: ["0 0 612 792"], entries: "/Rotate 90 "), "turned.pdf"))
        let page = try XCTUnwrap(try pages().last)
        XCTAssertEqual(page.size, PageSize(width: 1056, height: 816))
        XCTAssertEqual(page.orientation, .landscape)
    }

    /// The same PDF imported again (after page 1, here) adds pages showing the blob already stored: the
    /// notebook holds one copy of the PDF's bytes.
    func testThePDFIsStoredOnceAndPageNPutsThePagesAfterIt() throws {
        try quire("new", "Paper")
        try quire("pages", "add", "Paper")
        let path = try pdf((0..<40).map { SamplePDF.Page(width: 612, height: 792, color: (Double($0) / 40, 0.5, 0.2)) }, "long.pdf")
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber).intValue
        try quire("import", "Paper", path)
        let said = try quire("import", "Paper", path, "--page", "1")
        XCTAssertTrue(said.contains("as pages 2–41 of Paper (now 82 pages)"), said)
        let stored = try DatabaseQueue(path: notebookPath).read { db in
            try Row.fetchAll(db, sql: "SELECT kind, size FROM blob").map { [$0["kind"] as String, "\($0["size"] as Int)"] }
        }
        XCTAssertEqual(stored, [["pdf", "\(size)"]], "one copy of the PDF")

        let all = try pages()
        XCTAssertEqual(all.count, 82)
        XCTAssertEqual(all[1...40].compactMap { pdfItem($0)?.pageIndex }, Array(0..<40), "after page 1, in order")
        XCTAssertTrue(all[41].items.isEmpty, "the page that was second is now after them")
        XCTAssertEqual(all[42...81].compactMap { pdfItem($0)?.pageIndex }, Array(0..<40))
        XCTAssertEqual(Set(all.compactMap { $0.items.first.flatMap { if case let .pdfPage(p) = $0.content { p.document } else { nil } } }).count, 1)
    }

    /// A 300-page PDF: 300 pages in order, each showing its own page of the one stored PDF.
    func testAThreeHundredPagePDFAddsThreeHundredPages() throws {
        try quire("new", "Paper")
        let path = try pdf((0..<300).map { SamplePDF.Page(width: $0 % 2 == 0 ? 612 : 792, height: $0 % 2 == 0 ? 792 : 612) },
                           "book.pdf")
        XCTAssertTrue(try quire("import", "Paper", path).contains("Imported 300 pages from book.pdf as pages 2–301 of Paper"))
        let all = try pages().dropFirst()
        XCTAssertEqual(all.compactMap { pdfItem($0)?.pageIndex }, Array(0..<300))
        XCTAssertEqual(all.map(\.orientation), (0..<300).map { $0 % 2 == 0 ? .portrait : .landscape })
        XCTAssertEqual(Set(all.compactMap { pdfItem($0)?.document }).count, 1)
    }

    /// An imported page exported as PNG shows the PDF's content: its filled box in its colour at its
    /// place, paper around it, and ink drawn on the page over the box.
    func testExportShowsThePDFPageWithInkOnTop() throws {
        do { _ = try HeadlessGLContext() } catch { try Requirement.unmet("headless OpenGL: \(error)") }
        try quire("new", "Paper")
        // A 400 × 300 pt page (533⅓ × 400 px) with a blue box at (100, 50) pt, 100 × 60 pt: in page
        // pixels (133.3, 66.7) to (266.7, 146.7).
        let path = try pdf([SamplePDF.Page(width: 400, height: 300, box: (100, 50, 100, 60), color: (0.1, 0.2, 0.9))], "box.pdf")
        try quire("import", "Paper", path)
        do {
            // A black pen line across the box at y = 130.
            let store = try NotebookStore(openingAt: notebookPath)
            let id = try store.pageIDs()[1]
            let page = try store.loadPage(id)
            let pen = StrokeStyle.defaults(for: .pen, color: .rgb(.black))
            let line = Stroke(samples: stride(from: 100.0, through: 300, by: 2).map {
                InputSample(position: Point($0, 130), pressure: 1, time: $0 / 100, device: .pen)
            }, style: pen)
            try store.apply(page.adding(line), to: id)
            try store.close()
        }
        try quire("export", "Paper", "--png", library + "/png", "--pages", "2", "--scale", "2")
        let image = try PNG.read(from: library + "/png/page-002.png")
        // The page at the scale exactly, cut at its edge (not its whole pixels scaled: 533 × 2).
        XCTAssertEqual(image.width, 1067, "533⅓ page pixels × 2, rounded")
        XCTAssertEqual(image.height, 800)
        // Inside the box, away from the line: the box's blue (0.1, 0.2, 0.9).
        for (x, y) in [(400, 200), (280, 140), (525, 250)] {
            let p = image[x, y]
            XCTAssertEqual(Double(p.r), 25.5, accuracy: 6, "box at \(x),\(y): \(p)")
            XCTAssertEqual(Double(p.g), 51, accuracy: 6, "box at \(x),\(y): \(p)")
            XCTAssertEqual(Double(p.b), 229.5, accuracy: 6, "box at \(x),\(y): \(p)")
        }
        // Just outside each edge of the box: paper.
        for (x, y) in [(260, 200), (540, 200), (400, 126), (400, 300), (50, 50), (1000, 700)] {
            let p = image[x, y]
            XCTAssertTrue(p.r > 245 && p.g > 245 && p.b > 245, "paper at \(x),\(y): \(p)")
        }
        // The ink lies over the box (and over the paper beside it): dark, not blue.
        for (x, y) in [(400, 260), (230, 260)] {
            let p = image[x, y]
            XCTAssertTrue(p.r < 60 && p.g < 60 && p.b < 90, "ink at \(x),\(y): \(p)")
        }
    }

    /// The eraser takes ink off a PDF page and never the PDF under it: the box shows where ink over it
    /// was erased, in the export as in the window.
    func testTheEraserRemovesInkButNotThePDF() throws {
        do { _ = try HeadlessGLContext() } catch { try Requirement.unmet("headless OpenGL: \(error)") }
        try quire("new", "Paper")
        let path = try pdf([SamplePDF.Page(width: 400, height: 300, box: (100, 50, 100, 60), color: (0.1, 0.2, 0.9))], "box.pdf")
        try quire("import", "Paper", path)
        do {
            // A black line across the box at y = 100, then an eraser along the same line.
            let store = try NotebookStore(openingAt: notebookPath)
            let id = try store.pageIDs()[1]
            var page = try store.loadPage(id)
            func line(_ style: StrokeStyle) -> Stroke {
                Stroke(samples: stride(from: 100.0, through: 300, by: 2).map {
                    InputSample(position: Point($0, 100), pressure: 1, time: $0 / 100, device: .pen)
                }, style: style)
            }
            for stroke in [line(.defaults(for: .marker, color: .rgb(.black))), line(.defaults(for: .eraser))] {
                let edit = page.adding(stroke)
                try page.apply(edit)
                try store.apply(edit, to: id)
            }
            try store.close()
        }
        for scale in ["1", "2"] {
            try quire("export", "Paper", "--png", library + "/png\(scale)", "--pages", "2", "--scale", scale)
            let image = try PNG.read(from: library + "/png\(scale)/page-002.png")
            let s = Int(scale)!
            // On the line, inside the box: the box's blue again; beside the box: paper.
            let inBox = image[200 * s, 100 * s], beside = image[120 * s, 100 * s]
            XCTAssertTrue(inBox.b > 200 && inBox.r < 60, "the PDF under erased ink at scale \(scale): \(inBox)")
            XCTAssertTrue(beside.r > 240 && beside.g > 240 && beside.b > 240, "paper under erased ink at scale \(scale): \(beside)")
        }
    }

    /// Every bad PDF is an error naming the file and what is wrong; the notebook file stays byte for
    /// byte as it was, whatever came before the bad file in the same import.
    func testBadPDFsAreRefusedAndTheNotebookIsUnchanged() throws {
        try quire("new", "Paper")
        let good = try pdf([SamplePDF.Page(width: 612, height: 792)], "good.pdf")
        let goodBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: good)))
        var corrupt = goodBytes
        for i in 40..<min(goodBytes.count, 2000) { corrupt[i] = 0x5A }
        let picture = library + "/photo.png"
        FileManager.default.createFile(atPath: picture, contents: Data(try PNG.encode(RGBAImage(width: 8, height: 8, fill: (9, 9, 9, 255)))))

        let cases: [(path: String, reason: String)] = [
            (library + "/missing.pdf", "no such file"),
            (write(Array(goodBytes.prefix(goodBytes.count / 2)), "truncated.pdf"), "cannot be read as a PDF"),
            (write(corrupt, "corrupt.pdf"), "cannot be read as a PDF"),
            (write(HandWrittenPDF.encrypted(), "locked.pdf"), "encrypted with a password"),
            (write(HandWrittenPDF.pages(mediaBoxes: []), "empty.pdf"), "has no pages"),
            (write(HandWrittenPDF.pages(mediaBoxes: ["0 0 100000 100"]), "absurd.pdf"), "100000.0×100.0 points"),
            (write(HandWrittenPDF.pages(mediaBoxes: Array(repeating: "0 0 10 10", count: 10_001)), "huge.pdf"),
             "has 10001 pages; at most 10000"),
            (picture, "not both"),
        ]
        let before = try XCTUnwrap(FileManager.default.contents(atPath: notebookPath))
        for (path, reason) in cases {
            // The good PDF first: the command is all or nothing, so its pages must not be added either.
            let said = try quire("import", "Paper", good, path, status: 1)
            XCTAssertTrue(said.contains("cannot import \(path)"), said)
            XCTAssertTrue(said.contains(reason), "\(path): \(said)")
            XCTAssertEqual(FileManager.default.contents(atPath: notebookPath), before, "\(path) changed the notebook")
        }
        XCTAssertEqual(try pages().count, 1)
        XCTAssertTrue(try quire("import", "Paper", good).contains("Imported 1 page from good.pdf as page 2"))
    }

    /// A notebook whose stored PDF is damaged still opens and exports: the page shows its paper (and the
    /// ink on it), and the problem is reported once.
    func testADamagedStoredPDFShowsPaperAndAMessage() throws {
        do { _ = try HeadlessGLContext() } catch { try Requirement.unmet("headless OpenGL: \(error)") }
        try quire("new", "Paper")
        let path = try pdf([SamplePDF.Page(width: 300, height: 300, box: (0, 0, 300, 300), color: (0, 0.6, 0))], "green.pdf")
        try quire("import", "Paper", path)
        // Poppler gets a PDF whose every byte past the header is garbage, stored under its own hash so
        // the blob's check passes and only poppler can find it wrong; the page is made to show it.
        do {
            let store = try NotebookStore(openingAt: notebookPath)
            let id = try store.pageIDs()[1]
            let page = try store.loadPage(id)
            let garbage = Array("%PDF-1.4\n".utf8) + [UInt8](repeating: 0x5A, count: 5000)
            let blob = try store.storeBlob(garbage, kind: .pdf)
            guard let item = page.items.first, case var .pdfPage(pdf) = item.content else { return XCTFail("no PDF page") }
            pdf.document = blob
            let edit = try XCTUnwrap(page.updating([item.id]) { PageItem(id: $0.id, .pdfPage(pdf)) })
            try store.apply(edit, to: id)
            try store.close()
        }
        let said = try quire("export", "Paper", "--png", library + "/png")
        XCTAssertTrue(said.contains("a PDF page in \(notebookPath) cannot be shown"), said)
        let image = try PNG.read(from: library + "/png/page-002.png")
        let p = image[200, 200]
        XCTAssertTrue(p.r > 245 && p.g > 245 && p.b > 245, "paper, not the green page: \(p)")
    }

    private func write(_ bytes: [UInt8], _ name: String) -> String {
        let path = library + "/" + name
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    private func fileSize(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? -1
    }

    @discardableResult
    private func quire(_ arguments: String..., status: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try runQuire(arguments, library: library, status: status, file: file, line: line)
    }
}
