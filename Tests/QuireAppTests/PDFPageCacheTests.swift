import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuirePDF
import QuireRender
import QuireStorage
import XCTest
@testable import QuireApp

/// PDF pages are rendered by poppler at the size they are drawn, only when asked for, off the asking
/// thread for the window, within a byte budget and pixel limits; a damaged PDF is reported once.
final class PDFPageCacheTests: XCTestCase {
    private var folder = ""
    private var store: NotebookStore!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "quire-pdf-cache-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try NotebookStore.create(at: folder + "/P.quire", title: "P")
    }

    override func tearDown() {
        try? store?.close()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Stores a PDF of `pages` and returns the items its import makes, one per page.
    private func imported(_ pages: [SamplePDF.Page]) throws -> [PDFPageItem] {
        let path = folder + "/\(UUID().uuidString).pdf"
        try SamplePDF.write(pages, to: path)
        let ids = try PDFImport.insert(try PDFImport.read([path]), into: store)
        return try ids.map { id in
            guard case let .pdfPage(item)? = try store.loadPage(id).items.first?.content else { throw PDFError.noPages(name: path) }
            return item
        }
    }

    func testAPageIsRenderedAtTheSizeItIsDrawnAndKeptWithinTheBudget() throws {
        // 300 × 150 pt: 400 × 200 page pixels, a red box over its left half.
        let items = try imported([SamplePDF.Page(width: 300, height: 150, box: (0, 0, 150, 150), color: (1, 0, 0)),
                                  SamplePDF.Page(width: 300, height: 150, box: (150, 0, 150, 150), color: (0, 0, 1))])
        let budget = (400 * 200 + 600 * 300) * 4   // the 1× and 1.5× renderings of one page
        let cache = PDFPageCache(store: store, budget: budget, report: { XCTFail($0) })
        let one = try XCTUnwrap(cache.image(items[0], detail: 1))
        XCTAssertEqual([one.width, one.height], [400, 200])
        XCTAssertEqual(one[100, 100].r, 255)
        XCTAssertEqual(one[300, 100], RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255))
        let two = try XCTUnwrap(cache.image(items[0], detail: 1.5))
        XCTAssertEqual([two.width, two.height], [600, 300])
        XCTAssertEqual(cache.heldBytes, (400 * 200 + 600 * 300) * 4, "each size held")
        let other = try XCTUnwrap(cache.image(items[1], detail: 1))
        XCTAssertEqual(other[300, 100].b, 255)
        XCTAssertEqual(cache.heldBytes, budget, "the oldest rendering (page 1 at 1×) made room")
        XCTAssertEqual(cache.image(items[0], detail: 1.5)?.width, 600, "the newer one is still held")
        XCTAssertEqual(cache.heldBytes, budget)
    }

    func testRenderingsAreHeldWithinThePixelAndSideLimits() throws {
        let items = try imported([SamplePDF.Page(width: 600, height: 300)])   // 800 × 400 page pixels
        let cache = PDFPageCache(store: store, maximumPixels: 200_000, maximumSide: 500, report: { XCTFail($0) })
        XCTAssertEqual(cache.renderSize(of: items[0], detail: 8).map { [$0.width, $0.height] }, [500, 250], "side-limited")
        let small = PDFPageCache(store: store, maximumPixels: 20_000, maximumSide: 5000, report: { XCTFail($0) })
        let size = try XCTUnwrap(small.renderSize(of: items[0], detail: 8))
        XCTAssertLessThanOrEqual(size.width * size.height, 20_100)
        XCTAssertEqual(Double(size.width) / Double(size.height), 2, accuracy: 0.02, "the page's shape kept")
        XCTAssertNil(cache.renderSize(of: items[0], detail: .nan))
        XCTAssertNil(cache.renderSize(of: items[0], detail: 0))
    }

    /// The window's way: nothing while the first rendering is made elsewhere, then the page; asked at
    /// another size, the nearest size held stands in until that one arrives.
    func testRequestsRenderElsewhereAndTheNearestSizeStandsIn() throws {
        let items = try imported([SamplePDF.Page(width: 300, height: 150)])
        let cache = PDFPageCache(store: store, report: { XCTFail($0) })
        XCTAssertNil(cache.requestImage(items[0], detail: 1))
        XCTAssertTrue(cache.isRendering)
        cache.waitForRenders()
        XCTAssertEqual(cache.takeArrived(), [items[0].document])
        XCTAssertFalse(cache.isRendering)
        XCTAssertEqual(cache.requestImage(items[0], detail: 1)?.width, 400)
        XCTAssertEqual(cache.requestImage(items[0], detail: 2)?.width, 400, "the 1× rendering stands in")
        cache.waitForRenders()
        XCTAssertEqual(cache.takeArrived(), [items[0].document])
        XCTAssertEqual(cache.requestImage(items[0], detail: 2)?.width, 800)
    }

    /// Only the pages asked for are rendered: the rest of a long PDF costs nothing until shown.
    func testOnlyPagesAskedForAreRendered() throws {
        let items = try imported(Array(repeating: SamplePDF.Page(width: 300, height: 150), count: 30))
        let cache = PDFPageCache(store: store, report: { XCTFail($0) })
        _ = cache.image(items[7], detail: 1)
        XCTAssertEqual(cache.heldBytes, 400 * 200 * 4, "one page rendered")
    }

    func testRendersAskedForBeforeAPageTurnAreSkipped() throws {
        let items = try imported(Array(repeating: SamplePDF.Page(width: 300, height: 150), count: 6))
        let cache = PDFPageCache(store: store, report: { XCTFail($0) })
        // Held back, so none of the six has started when the page turns.
        cache.rendersPaused = true
        for item in items { XCTAssertNil(cache.requestImage(item, detail: 1)) }
        cache.dropWaitingRenders()
        XCTAssertNil(cache.requestImage(items[5], detail: 1.5))
        cache.rendersPaused = false
        cache.waitForRenders()
        _ = cache.takeArrived()
        XCTAssertFalse(cache.isRendering, "skipped renders are no longer awaited")
        XCTAssertEqual(cache.requestImage(items[5], detail: 1.5)?.width, 600, "the one asked for after the turn was made")
        XCTAssertEqual(cache.heldBytes, 600 * 300 * 4, "only it was rendered: the six before the turn were skipped")
    }

    /// The page shown again after the turn (a reload) is rendered, though its first render was skipped.
    func testAPageAskedForAgainAfterTheTurnIsRendered() throws {
        let items = try imported(Array(repeating: SamplePDF.Page(width: 300, height: 150), count: 3))
        let cache = PDFPageCache(store: store, report: { XCTFail($0) })
        for item in items { XCTAssertNil(cache.requestImage(item, detail: 1)) }
        cache.dropWaitingRenders()
        XCTAssertNil(cache.requestImage(items[2], detail: 1))
        cache.waitForRenders()
        XCTAssertTrue(cache.takeArrived().contains(items[2].document))
        XCTAssertEqual(cache.requestImage(items[2], detail: 1)?.width, 400)
        XCTAssertFalse(cache.isRendering)
    }

    /// A page turned by /Rotate 90 renders turned: a box in the unturned page's lower left corner shows
    /// in the upper left, on a landscape page.
    func testARotatedPageRendersAsShown() throws {
        let content = "0 0 0 rg 0 0 100 100 re f"
        let bytes = HandWrittenPDF.build(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                                          "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Rotate 90 /Contents 4 0 R >>",
                                          "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"])
        let path = folder + "/turned.pdf"
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let id = try XCTUnwrap(try PDFImport.insert(try PDFImport.read([path]), into: store).first)
        guard case let .pdfPage(item)? = try store.loadPage(id).items.first?.content else { return XCTFail("no PDF page") }
        let cache = PDFPageCache(store: store, report: { XCTFail($0) })
        let image = try XCTUnwrap(cache.image(item, detail: 0.75))   // one pixel a point
        XCTAssertEqual([image.width, image.height], [792, 612])
        XCTAssertEqual(image[50, 50].r, 0, "the box, turned to the upper left")
        XCTAssertEqual(image[50, 560].r, 255)
        XCTAssertEqual(image[740, 50].r, 255)
    }

    func testADamagedPDFIsReportedOnceAndDrawsNothing() throws {
        let garbage = try store.storeBlob(Array("%PDF-1.4\n".utf8) + [UInt8](repeating: 0x41, count: 3000), kind: .pdf)
        let item = PDFPageItem(document: garbage, pageIndex: 0, rect: Rect(x: 0, y: 0, width: 100, height: 100))
        let beyond = try imported([SamplePDF.Page(width: 300, height: 150)])[0]
        var reports: [String] = []
        let cache = PDFPageCache(store: store, report: { reports.append($0) })
        XCTAssertNil(cache.image(item, detail: 1))
        XCTAssertNil(cache.image(item, detail: 2))
        XCTAssertNil(cache.requestImage(item, detail: 1))
        XCTAssertEqual(reports.count, 1)
        XCTAssertTrue(reports[0].contains("P.quire") && reports[0].contains("cannot be shown"), reports[0])
        // A page the PDF lacks (a hand-edited row) is the same.
        var missing = beyond
        missing.pageIndex = 5
        XCTAssertNil(cache.image(missing, detail: 1))
        XCTAssertEqual(reports.count, 2)
        XCTAssertTrue(reports[1].contains("no page 6"), reports[1])
    }

    /// A PDF page on the page is printed on the paper (so an eraser never takes it): its place among
    /// the items draws nothing, and the paper image shows it through its rect.
    func testThePDFPageIsPrintedOnThePaper() throws {
        let items = try imported([SamplePDF.Page(width: 300, height: 150)])
        let cache = PDFPageCache(store: store, report: { XCTFail($0) })
        let builder = RenderItemBuilder(pdfDetail: 2, pdfPage: cache.image)
        let page = Page(size: PageSize(width: 400, height: 200), items: [PageItem(.pdfPage(items[0]))])
        XCTAssertEqual(builder.renderItems(of: page), [RenderItemBuilder.nothing])
        let image = try XCTUnwrap(builder.paperImage(of: page))
        XCTAssertEqual([image.width, image.height], [800, 400])
        XCTAssertEqual(image.corners, Quadrilateral(Rect(x: 0, y: 0, width: 400, height: 200)))
        XCTAssertTrue(image.imageKey.contains(items[0].document.rawValue) && image.imageKey.hasSuffix("#0@800x400"), image.imageKey)
        XCTAssertNil(builder.paperImage(of: Page()), "plain paper")
    }

    func testPDFDetailFollowsTheZoomInSteps() {
        XCTAssertEqual([0.25, 1, 1.2, 1.5, 1.7, 2, 2.5, 3.5, 5, 7, 8].map(RenderItemBuilder.pdfDetail(forZoom:)),
                       [1, 1, 1.5, 1.5, 2, 2, 3, 4, 6, 8, 8])
        XCTAssertEqual(RenderItemBuilder.pdfDetail(forZoom: .infinity), 1)
    }
}

/// The window's PDF detail follows the zoom once it has stayed put, not at every step of a zoom.
final class SettlingDetailTests: XCTestCase {
    func testTheDetailFollowsTheZoomOnlyOnceItSettles() {
        var detail = SettlingDetail(zoom: 1, settle: 0.15)
        XCTAssertEqual(detail.detail, 1)
        XCTAssertNil(detail.due(now: 10))
        XCTAssertFalse(detail.observe(zoom: 1.25, now: 10.0))
        XCTAssertFalse(detail.observe(zoom: 1.8, now: 10.05), "still zooming")
        XCTAssertEqual(detail.due(now: 10.1) ?? -1, 0.1, accuracy: 1e-9, "due a settle after the last change")
        XCTAssertFalse(detail.observe(zoom: 1.8, now: 10.1))
        XCTAssertEqual(detail.detail, 1, "the old rendering, scaled, meanwhile")
        XCTAssertTrue(detail.observe(zoom: 1.8, now: 10.21))
        XCTAssertEqual(detail.detail, 2)
        XCTAssertNil(detail.due(now: 10.3))
        XCTAssertFalse(detail.observe(zoom: 1.9, now: 11), "the same detail: nothing to render")
        XCTAssertNil(detail.due(now: 11))
        // Zooming back to where it was before settling asks for nothing.
        XCTAssertFalse(detail.observe(zoom: 4, now: 12))
        XCTAssertFalse(detail.observe(zoom: 1.9, now: 12.05))
        XCTAssertNil(detail.due(now: 12.1))
    }
}
