import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireRender
import QuireStorage
import XCTest
@testable import QuireApp

/// Decoded pictures are kept within a byte budget, oldest out first; a blob that is not a picture is
/// reported once and draws nothing.
final class PictureCacheTests: XCTestCase {
    private var folder = ""
    private var store: NotebookStore!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "quire-pictures-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try NotebookStore.create(at: folder + "/P.quire", title: "P")
    }

    override func tearDown() {
        try? store?.close()
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testPicturesStayWithinTheBudgetAndBadOnesAreReportedOnce() throws {
        let a = try store.storeBlob(PNG.encode(RGBAImage(width: 10, height: 10, fill: (255, 0, 0, 255))), kind: .png)
        let b = try store.storeBlob(PNG.encode(RGBAImage(width: 10, height: 10, fill: (0, 255, 0, 255))), kind: .png)
        let junk = try store.storeBlob(Array("not a picture".utf8), kind: .png)
        var reports: [String] = []
        let cache = PictureCache(store: store, budget: 500, report: { reports.append($0) })   // one 400-byte picture
        XCTAssertEqual(cache.image(a)?[0, 0].r, 255)
        XCTAssertEqual(cache.heldBytes, 400)
        XCTAssertEqual(cache.image(b)?[0, 0].g, 255)
        XCTAssertEqual(cache.heldBytes, 400, "the older picture made room")
        XCTAssertEqual(cache.image(a)?[0, 0].r, 255, "and is decoded again when wanted")
        XCTAssertNil(cache.image(junk))
        XCTAssertNil(cache.image(junk))
        XCTAssertEqual(reports.count, 1)
        XCTAssertTrue(reports[0].contains("P.quire"), reports[0])
    }

    /// A picture is decoded at the size it is shown (times the detail asked for, up to a power of two),
    /// never bigger than its own, and each size is its own texture.
    func testPicturesAreDecodedAtTheSizeTheyAreShown() throws {
        let photo = try store.storeBlob(JPEG.encode(RGBAImage(width: 1000, height: 500, fill: (200, 30, 30, 255))), kind: .jpeg)
        let cache = PictureCache(store: store, report: { XCTFail($0) })
        let builder = RenderItemBuilder(pictureDetail: 2, image: cache.image)
        let reference = ImageReference(blob: photo, pixelWidth: 1000, pixelHeight: 500)
        func shown(across width: Double) -> SceneImage? {
            let scrap = Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 1000, height: 500)),
                              transform: Homography(.scale(width / 1000, width / 1000)),
                              image: ScrapImage(reference: reference, rect: Rect(x: 0, y: 0, width: 1000, height: 500)))
            guard case let .group(group) = builder.renderItem(PageItem(.scrap(scrap))),
                  case let .image(image)? = group.children.first else { return nil }
            return image
        }
        // 100 page px across, 2 picture px each: 200, rounded up to 256.
        let small = try XCTUnwrap(shown(across: 100))
        XCTAssertEqual(small.width, 256)
        XCTAssertEqual(small.height, 128)
        XCTAssertEqual(small.imageKey, photo.rawValue + "@256x128")
        XCTAssertEqual(cache.heldBytes, 256 * 128 * 4, "the whole photo was never kept")
        // Shown 600 across: 1200 wanted, more than it has: decoded whole, under its own key.
        let large = try XCTUnwrap(shown(across: 600))
        XCTAssertEqual(large.width, 1000)
        XCTAssertEqual(large.imageKey, photo.rawValue + "@1000x500")
        XCTAssertNil(RenderItemBuilder.decodeSide(of: reference, shownAcross: .infinity, detail: 2))
        XCTAssertEqual(RenderItemBuilder.decodeSide(of: reference, shownAcross: 1, detail: 2), 64)
    }

    /// The window's way: asking never waits; the picture is decoded on another thread and handed over
    /// once, after which it is held; a blob that is not a picture is reported once, asked for again or not.
    func testRequestedPicturesArriveFromAnotherThreadAndBadOnesAreReportedOnce() throws {
        let photo = try store.storeBlob(JPEG.encode(RGBAImage(width: 800, height: 600, fill: (30, 200, 30, 255))), kind: .jpeg)
        let junk = try store.storeBlob(Array("not a picture".utf8), kind: .png)
        var reports: [String] = []
        let cache = PictureCache(store: store, report: { reports.append($0) })
        XCTAssertNil(cache.requestImage(photo, fittingIn: 256), "not decoded yet: the caller does not wait")
        XCTAssertNil(cache.requestImage(photo, fittingIn: 256), "asked again while decoding: one decode")
        XCTAssertNil(cache.requestImage(junk))
        XCTAssertTrue(cache.isDecoding)
        cache.waitForDecodes()
        XCTAssertEqual(cache.takeArrived(), [photo])
        XCTAssertFalse(cache.isDecoding)
        XCTAssertEqual(cache.takeArrived(), [], "handed over once")
        let held = try XCTUnwrap(cache.requestImage(photo, fittingIn: 256))
        XCTAssertEqual(held.width, 256)
        XCTAssertEqual(held[10, 10].g, 200, accuracy: 8)
        XCTAssertNil(cache.requestImage(junk))
        XCTAssertFalse(cache.isDecoding, "a bad blob is not decoded again")
        XCTAssertEqual(reports.count, 1, "\(reports)")
    }

    /// While a sharper size decodes (after a zoom), the sharpest size held stands in for it.
    func testASizeHeldStandsInWhileASharperOneDecodes() throws {
        let photo = try store.storeBlob(JPEG.encode(RGBAImage(width: 800, height: 600, fill: (30, 200, 30, 255))), kind: .jpeg)
        let cache = PictureCache(store: store, report: { XCTFail($0) })
        XCTAssertNil(cache.requestImage(photo, fittingIn: 128))
        cache.waitForDecodes()
        _ = cache.takeArrived()
        XCTAssertEqual(cache.requestImage(photo, fittingIn: 512)?.width, 128, "the small one stands in")
        cache.waitForDecodes()
        XCTAssertEqual(cache.takeArrived(), [photo])
        XCTAssertEqual(cache.requestImage(photo, fittingIn: 512)?.width, 512)
        XCTAssertEqual(RenderItemBuilder.detail(forZoom: 1), 1)
        XCTAssertEqual(RenderItemBuilder.detail(forZoom: 0.5), 1)
        XCTAssertEqual(RenderItemBuilder.detail(forZoom: 1.2), 2)
        XCTAssertEqual(RenderItemBuilder.detail(forZoom: 2.5), 4)
        XCTAssertEqual(RenderItemBuilder.detail(forZoom: 8), 4)
    }
}
