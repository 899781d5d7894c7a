import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireRender
import QuireStorage
import QuireTestSupport
import XCTest
@testable import QuireApp

/// The window's pictures are held once, within one budget: decoded, uploaded, and then held by their
/// texture alone (the cache's copy and the item's let go); a page built again (a scrap moved, a page
/// turned back to) gets them from the texture without decoding; a texture no item shows stays while
/// copies and textures fit the budget, and past it goes, after which the picture is decoded again.
final class PictureBudgetTests: XCTestCase {
    private var folder = ""
    private var store: NotebookStore!
    private var context: HeadlessGLContext?

    override func setUpWithError() throws {
        do { context = try HeadlessGLContext() } catch { try Requirement.unmet("headless OpenGL: \(error)") }
        folder = NSTemporaryDirectory() + "quire-picture-budget-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try NotebookStore.create(at: folder + "/P.quire", title: "P")
    }

    override func tearDown() {
        try? store?.close()
        try? FileManager.default.removeItem(atPath: folder)
        context = nil
    }

    /// A red 400 × 200 photo on a scrap lying at (x, 40), shown 200 × 100.
    private func scrap(of photo: BlobID, at x: Double) -> PageItem {
        PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 400, height: 200)),
                              transform: Homography(AffineTransform.scale(0.5, 0.5).concatenating(.translation(x, 40))),
                              image: ScrapImage(reference: ImageReference(blob: photo, pixelWidth: 400, pixelHeight: 200),
                                                rect: Rect(x: 0, y: 0, width: 400, height: 200)))))
    }

    /// The picture a scrap's render item shows.
    private func picture(_ item: RenderItem) -> SceneImage? {
        guard case let .group(group) = item, case let .image(image)? = group.children.first else { return nil }
        return image
    }

    private func frame(_ renderer: PageRenderer) throws -> RGBAImage {
        let window = try RenderTarget(width: 300, height: 200)
        renderer.drawView(width: 300, height: 200, pageToWindow: .identity, into: window)
        renderer.finishSharpening()
        renderer.drawView(width: 300, height: 200, pageToWindow: .identity, into: window)
        return window.readPixels()
    }

    func testAPictureIsHeldByItsTextureAloneAndComesBackFromItWithinTheBudget() throws {
        let photo = try store.storeBlob(PNG.encode(RGBAImage(width: 400, height: 200, fill: (220, 30, 30, 255))), kind: .png)
        let cache = PictureCache(store: store, report: { XCTFail($0) })
        var builder = RenderItemBuilder(pictureDetail: 1, image: { _, _ in XCTFail("the window asks for shown pictures"); return nil })
        builder.shownPicture = cache.requestPicture
        let renderer = try PageRenderer(pageWidth: 300, pageHeight: 200)

        XCTAssertNil(picture(builder.renderItem(scrap(of: photo, at: 20))), "not decoded yet: drawn without it")
        cache.waitForDecodes()
        XCTAssertEqual(cache.takeArrived(), [photo])
        let decodedBytes = cache.heldBytes
        XCTAssertEqual(decodedBytes, 256 * 128 * 4, "decoded at the size shown (200 across, rounded up)")
        let built = builder.renderItem(scrap(of: photo, at: 20))
        XCTAssertNotNil(picture(built)?.image, "first built with its pixels")
        renderer.load([built])
        XCTAssertEqual(cache.heldBytes, 0, "the copy went once its texture was made")
        XCTAssertEqual(cache.textureBytes, renderer.imageTextureBytes)
        XCTAssertGreaterThan(cache.textureBytes, decodedBytes)
        XCTAssertNil(picture(renderer.item(at: 0))?.image, "and the renderer's item let go of the pixels too")
        let shown = try frame(renderer)
        XCTAssertEqual(shown[100, 80].r, 220, accuracy: 3)
        XCTAssertEqual(shown[100, 80].g, 30, accuracy: 3)

        // The scrap moved: built again from the texture, no decode, no upload.
        let moved = builder.renderItem(scrap(of: photo, at: 80))
        XCTAssertNil(picture(moved)?.image)
        XCTAssertEqual(picture(moved)?.width, 256)
        XCTAssertFalse(cache.isDecoding, "nothing to decode: the texture holds it")
        XCTAssertTrue(renderer.replace(at: 0, with: moved))
        let after = try frame(renderer)
        XCTAssertEqual(after[250, 80].r, 220, accuracy: 3, "shown where it moved")
        XCTAssertGreaterThan(after[40, 80].luma, 245, "and not where it was")
        XCTAssertEqual(renderer.imageUploads, 1)

        // Another page shown, then this one again: the idle texture stayed within the budget.
        renderer.load([])
        XCTAssertEqual(renderer.idleImageTextureBytes, cache.textureBytes)
        renderer.load([builder.renderItem(scrap(of: photo, at: 80))])
        XCTAssertFalse(cache.isDecoding)
        XCTAssertEqual(try frame(renderer)[250, 80].r, 220, accuracy: 3, "turned back to: shown at once")
        XCTAssertEqual(renderer.imageUploads, 1)

        // With no room, the idle texture goes, and the picture must be decoded again.
        cache.budget = 0
        renderer.load([])
        XCTAssertEqual(renderer.imageTextureCount, 0)
        XCTAssertEqual(cache.textureBytes, 0)
        XCTAssertNil(picture(builder.renderItem(scrap(of: photo, at: 80))), "neither copy nor texture: decoded again")
        XCTAssertTrue(cache.isDecoding)
        cache.waitForDecodes()
        XCTAssertEqual(cache.takeArrived(), [photo])
        renderer.load([builder.renderItem(scrap(of: photo, at: 80))])
        XCTAssertEqual(try frame(renderer)[250, 80].r, 220, accuracy: 3)
        XCTAssertEqual(renderer.imageUploads, 2)
    }

    /// While a sharper size decodes (a zoom), the texture of the size shown stands in for it, without
    /// its pixels.
    func testATexturedSizeStandsInWhileASharperOneDecodes() throws {
        let photo = try store.storeBlob(PNG.encode(RGBAImage(width: 400, height: 200, fill: (220, 30, 30, 255))), kind: .png)
        let cache = PictureCache(store: store, report: { XCTFail($0) })
        var builder = RenderItemBuilder(pictureDetail: 1)
        builder.shownPicture = cache.requestPicture
        let renderer = try PageRenderer(pageWidth: 300, pageHeight: 200)
        _ = builder.renderItem(scrap(of: photo, at: 20))
        cache.waitForDecodes()
        _ = cache.takeArrived()
        renderer.load([builder.renderItem(scrap(of: photo, at: 20))])
        builder.pictureDetail = 2
        let sharper = try XCTUnwrap(picture(builder.renderItem(scrap(of: photo, at: 20))))
        XCTAssertEqual(sharper.width, 256, "the textured size stands in")
        XCTAssertNil(sharper.image)
        XCTAssertTrue(cache.isDecoding, "while the sharper one decodes")
        cache.waitForDecodes()
        _ = cache.takeArrived()
        XCTAssertEqual(picture(builder.renderItem(scrap(of: photo, at: 20)))?.width, 400, "its own size, at twice the detail")
    }

    func testTheBudgetFollowsTheWindow() {
        XCTAssertEqual(PictureCache.budget(forWindowWidth: 1024, height: 768), 48 << 20, "at least 48 MiB")
        XCTAssertEqual(PictureCache.budget(forWindowWidth: 3840, height: 2160), 6 * 4 * 3840 * 2160, "six 4K windows of pixels")
        XCTAssertEqual(PictureCache.budget(forWindowWidth: -5, height: 100), 48 << 20)
    }
}
