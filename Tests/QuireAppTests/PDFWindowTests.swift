import Foundation
import QuireApp
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuirePDF
import QuireStorage
import QuireTestSupport
import XCTest

/// PDF pages in the real window (Xvfb, GLX on Mesa): a notebook of an imported PDF shows its page's
/// content, rendered by poppler off the drawing thread; a PDF dropped on the window (XDND) adds its
/// pages after the current one and shows the first; a damaged one is named and adds nothing.
final class PDFWindowTests: XCTestCase {
    private var server: XvfbServer!
    private var driver: XDisplayDriver!
    private var quire: QuireProcess?
    private let folder = NSTemporaryDirectory() + "quire-pdf-window-\(UUID().uuidString)"
    private var notebook: String { folder + "/Slides.quire" }
    private var window: (id: UInt, x: Int, y: Int, width: Int, height: Int)!

    override func setUpWithError() throws {
        do {
            server = try XvfbServer()
            driver = try XDisplayDriver(display: server.display)
        } catch {
            try Requirement.unmet("a real X server: \(error)")
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        quire?.terminate()
        quire = nil
        driver = nil
        server?.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func start() throws {
        let process = try QuireProcess(arguments: [notebook, "--library", folder], display: server.display)
        quire = process
        XCTAssertTrue(process.waitForOutput(containing: "Quire is ready"), process.text)
        window = try XCTUnwrap(driver.firstFrame(), "no Quire window: \(process.text)")
    }

    private func screen() -> RGBAImage { driver.screenshot(x: window.x, y: window.y, width: window.width, height: window.height)! }

    private func savedPages() -> [Page] {
        guard let store = try? NotebookStore(openingAt: notebook, readOnly: true) else { return [] }
        defer { try? store.close() }
        return ((try? store.pageIDs()) ?? []).compactMap { try? store.loadPage($0) }
    }

    /// A Letter page with a box of `color` at (72, 72) pt, 144 × 72 pt: at zoom 1, window pixels
    /// (96, 96) to (288, 192).
    private func slide(_ color: (red: Double, green: Double, blue: Double)) -> SamplePDF.Page {
        SamplePDF.Page(width: 612, height: 792, box: (72, 72, 144, 72), color: color)
    }

    private let blue: (RGBAImage.Pixel) -> Bool = { $0.b > 200 && $0.r < 60 && $0.g < 80 }
    private let orange: (RGBAImage.Pixel) -> Bool = { $0.r > 220 && $0.g > 120 && $0.g < 190 && $0.b < 60 }
    private let paper: (RGBAImage.Pixel) -> Bool = { $0.r > 240 && $0.g > 240 && $0.b > 240 }

    func testAnImportedPDFPageIsDrawnWithItsContent() throws {
        let path = folder + "/slides.pdf"
        try SamplePDF.write([slide((0.1, 0.2, 0.9)), slide((1, 0.6, 0))], to: path)
        let store = try NotebookStore.create(at: notebook, title: "Slides", pages: [])
        try PDFImport.insert(try PDFImport.read([path]), into: store)
        try store.close()
        try start()
        XCTAssertTrue(eventually { let s = self.screen(); return self.blue(s[190, 140]) && self.blue(s[100, 100]) && self.blue(s[284, 188]) },
                      "the PDF's box in its place: \(screen().saveForInspection(named: "pdf-page"))")
        let shot = screen()
        for (x, y) in [(92, 140), (292, 140), (190, 92), (190, 196), (600, 600)] {
            XCTAssertTrue(paper(shot[x, y]), "paper at \(x),\(y): \(shot[x, y])")
        }
        XCTAssertFalse(quire!.text.contains("cannot be shown"), quire!.text)

        // Ink drawn across the box lies over it (the mouse draws with the pen), and is saved on the page.
        driver.drag(through: [(window.x + 60, window.y + 150), (window.x + 340, window.y + 150)])
        let ink: (RGBAImage.Pixel) -> Bool = { $0.luma < 50 }
        XCTAssertTrue(eventually { let s = self.screen(); return ink(s[190, 150]) && ink(s[320, 150]) && self.blue(s[190, 170]) },
                      "ink over the PDF: \(screen().saveForInspection(named: "pdf-ink"))")
        XCTAssertTrue(eventually { self.savedPages().first?.items.map(\.kind) == ["pdf-page", "stroke"] })
    }

    func testADroppedPDFAddsItsPagesAfterTheCurrentOneAndShowsTheFirst() throws {
        try NotebookStore.create(at: notebook, title: "Slides").close()
        try start()
        let path = folder + "/handout two.pdf"
        try SamplePDF.write([slide((1, 0.6, 0)), slide((0.1, 0.2, 0.9)), slide((0.1, 0.2, 0.9))], to: path)
        let source = try XDNDSource(display: server.display)
        defer { source.stop() }
        source.drag("file://" + path.replacingOccurrences(of: " ", with: "%20") + "\r\n", to: window.id,
                    rootX: window.x + 300, rootY: window.y + 250)
        XCTAssertTrue(quire!.waitForOutput(containing: "Added 3 pages from handout two.pdf: Slides — page 2 of 4"), quire!.text)
        XCTAssertTrue(eventually { self.orange(self.screen()[190, 140]) },
                      "the first new page shows: \(screen().saveForInspection(named: "pdf-drop"))")
        XCTAssertTrue(eventually { self.savedPages().count == 4 })
        let pages = savedPages()
        XCTAssertTrue(pages[0].items.isEmpty)
        let shown = pages.dropFirst().map { page -> Int? in
            if case let .pdfPage(item)? = page.items.first?.content { return item.pageIndex }
            return nil
        }
        XCTAssertEqual(shown, [0, 1, 2])

        // A PDF cut short: named, and no page is added.
        let broken = folder + "/broken.pdf"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: broken))
        source.drag("file://" + broken + "\r\n", to: window.id, rootX: window.x + 300, rootY: window.y + 250)
        XCTAssertTrue(quire!.waitForOutput(containing: "cannot import \(broken)"), quire!.text)
        XCTAssertEqual(savedPages().count, 4)
    }

    /// A Xournal++ file dropped on the window adds its pages after the page shown, as one step undo
    /// takes back (the same importers as `quire import`: `FileImporters`).
    func testADroppedXournalFileAddsItsPagesAsOneUndoableStep() throws {
        try NotebookStore.create(at: notebook, title: "Slides").close()
        try start()
        let path = folder + "/lecture.xopp"
        XoppFixture.writeGzip(XoppFixture.document([
            XoppFixture.page(layers: [##"<stroke tool="pen" color="#000000ff" width="3">20 20 200 40 300 90</stroke>"##]),
            XoppFixture.page(),
        ]), to: path)
        let source = try XDNDSource(display: server.display)
        defer { source.stop() }
        source.drag("file://" + path + "\r\n", to: window.id, rootX: window.x + 300, rootY: window.y + 250)
        XCTAssertTrue(quire!.waitForOutput(containing: "Added lecture.xopp: 2 pages, 1 stroke, 0 pictures: Slides — page 2 of 3"),
                      quire!.text)
        XCTAssertTrue(eventually { self.savedPages().count == 3 })
        XCTAssertEqual(savedPages().map { $0.strokes.count }, [0, 1, 0])
        driver.key("z", control: true)
        XCTAssertTrue(quire!.waitForOutput(containing: "Undid"), quire!.text)
        XCTAssertTrue(eventually { self.savedPages().count == 1 }, "one undo takes both pages back")
    }

    /// Ctrl+V with PDF files copied in a file manager adds their pages like a drop.
    func testPastedPDFFilesAddTheirPages() throws {
        try NotebookStore.create(at: notebook, title: "Slides").close()
        try start()
        let path = folder + "/pasted.pdf"
        try SamplePDF.write([slide((1, 0.6, 0))], to: path)
        let owner = try ClipboardOwner(display: server.display, offers: [(type: "text/uri-list", bytes: Array("file://\(path)\r\n".utf8))])
        defer { owner.stop() }
        driver.move(to: window.x + 100, window.y + 100)
        driver.key("v", control: true)
        XCTAssertTrue(quire!.waitForOutput(containing: "Added 1 page from pasted.pdf: Slides — page 2 of 2"), quire!.text)
        XCTAssertTrue(eventually { self.orange(self.screen()[190, 140]) },
                      "the new page shows: \(screen().saveForInspection(named: "pdf-paste"))")
        XCTAssertTrue(eventually { self.savedPages().count == 2 })
    }

    /// A notebook whose stored PDF is damaged opens: the page shows its paper and the window says why.
    func testADamagedStoredPDFShowsPaperAndAMessage() throws {
        let store = try NotebookStore.create(at: notebook, title: "Slides", pages: [])
        let garbage = try store.storeBlob(Array("%PDF-1.4\n".utf8) + [UInt8](repeating: 0x41, count: 4000), kind: .pdf)
        let size = PageSize.letter
        try store.insertPage(Page(size: size, items: [PageItem(.pdfPage(PDFPageItem(
            document: garbage, pageIndex: 0, rect: Rect(x: 0, y: 0, width: size.width, height: size.height))))]))
        try store.close()
        try start()
        XCTAssertTrue(quire!.waitForOutput(containing: "a PDF page in \(notebook) cannot be shown"), quire!.text)
        XCTAssertTrue(eventually { self.paper(self.screen()[190, 140]) && self.paper(self.screen()[600, 600]) },
                      "paper: \(screen().saveForInspection(named: "pdf-damaged"))")
    }

    /// Zoomed in, the page is rendered again at the new zoom once it settles: the box's edge is as sharp
    /// as at 100 %, not the 1× rendering magnified (whose edge is a ramp several pixels wide).
    func testZoomingInRendersThePageSharpAgain() throws {
        let path = folder + "/zoom.pdf"
        // A black box at (360, 270) pt, 100 × 60: page pixels (480, 360) to (613, 440).
        try SamplePDF.write([SamplePDF.Page(width: 612, height: 792, box: (360, 270, 100, 60), color: (0, 0, 0))], to: path)
        let store = try NotebookStore.create(at: notebook, title: "Slides", pages: [])
        try PDFImport.insert(try PDFImport.read([path]), into: store)
        try store.close()
        try start()
        let (cx, cy) = (Double(window.width) / 2, Double(window.height) / 2)
        XCTAssertTrue(eventually { self.screen()[500, Int(cy)].luma < 30 }, "the box at 100 %")
        // Six steps of 1.25 about the window's centre: 3.81×, rendered at 4× once settled.
        for _ in 0..<6 { driver.key("equal", control: true) }
        let zoom = pow(1.25, 6.0)
        let edge = Int((cx + (480 - cx) * zoom).rounded())
        /// Pixels along the row through the box's middle, across its left edge, neither paper nor box.
        func ramp() -> Int {
            let shot = screen()
            return ((edge - 12)...(edge + 12)).filter { (30...225).contains(shot[$0, Int(cy)].luma) }.count
        }
        XCTAssertTrue(eventually(timeout: 30) { self.screen()[edge + 20, Int(cy)].luma < 30 && self.screen()[edge - 20, Int(cy)].luma > 225 },
                      "zoomed: \(screen().saveForInspection(named: "pdf-zoom"))")
        XCTAssertTrue(eventually(timeout: 30) { ramp() <= 1 },
                      "the edge is sharp again (\(ramp()) pixels of ramp): \(screen().saveForInspection(named: "pdf-zoom-sharp"))")
    }
}
