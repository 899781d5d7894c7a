import QuireGeometry
import QuireImageIO
@testable import QuireRender
import QuireTestSupport
import XCTest

/// Pictures from a source (the window's picture cache) are held once: the renderer's items let go of
/// their pixels once the texture holds them, a texture no item shows is kept idle while the source has
/// room (and goes when it has none, the one idle longest first), and a picture whose copy went is
/// asked of the source again only when its texture went too. The source hears of every texture made
/// and every one gone, the renderer's own end included.
final class PicturePixelSourceTests: HeadlessGLTestCase {
    private typealias F = ItemFixtures

    /// A source that counts what it is told and asked.
    private final class CountingSource: PicturePixelSource, @unchecked Sendable {
        var pictures: [String: RGBAImage] = [:]
        var made: [String] = []
        var deleted: [String] = []
        var asked: [String] = []
        var room = true
        var hasRoom: Bool { room }

        func pixels(of imageKey: String) -> RGBAImage? {
            asked.append(imageKey)
            return pictures[imageKey]
        }

        func textureMade(of imageKey: String, bytes: Int) {
            XCTAssertGreaterThan(bytes, 0)
            made.append(imageKey)
        }

        func textureDeleted(of imageKey: String, bytes: Int) {
            deleted.append(imageKey)
        }
    }

    private let red = F.solid(220, 20, 20, size: 8)
    private let blue = F.solid(20, 20, 220, size: 8)
    private let redPlace = Quadrilateral(Rect(x: 20, y: 20, width: 60, height: 60))
    private let bluePlace = Quadrilateral(Rect(x: 120, y: 120, width: 60, height: 60))

    private func picture(_ key: String, _ image: RGBAImage, at corners: Quadrilateral, from source: CountingSource,
                         withPixels: Bool = true) -> RenderItem {
        .image(SceneImage(imageKey: key, width: image.width, height: image.height, image: withPixels ? image : nil,
                          source: source, corners: corners))
    }

    private func frame(_ renderer: PageRenderer) throws -> RGBAImage {
        let window = try RenderTarget(width: 200, height: 200)
        renderer.drawView(width: 200, height: 200, pageToWindow: .identity, into: window)
        renderer.finishSharpening()
        renderer.drawView(width: 200, height: 200, pageToWindow: .identity, into: window)
        return window.readPixels()
    }

    private func heldPixels(_ item: RenderItem) -> RGBAImage? {
        guard case let .image(image) = item else { return nil }
        return image.image
    }

    func testAnUploadedPictureIsHeldOnlyByItsTextureAndDrawnFromIt() throws {
        let source = CountingSource()
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.load([picture("red", red, at: redPlace, from: source)])
        XCTAssertEqual(source.made, ["red"], "the page's load uploads it, and says so")
        XCTAssertNil(heldPixels(renderer.item(at: 0)), "the item let go of its pixels once they were on the GPU")
        let shown = try frame(renderer)
        XCTAssertEqual(shown[50, 50].r, 220, accuracy: 2)
        XCTAssertEqual(shown[50, 50].b, 20, accuracy: 2)
        XCTAssertGreaterThan(shown[100, 100].luma, 245, "paper beside it")
        XCTAssertEqual(source.asked, [], "drawn from its texture: its pixels were never asked for again")
        XCTAssertEqual(renderer.imageUploads, 1)

        // A picture without a source keeps its pixels with the item (text, PDF pages).
        renderer.append(.image(SceneImage(imageKey: "blue", image: blue, corners: bluePlace)))
        _ = try frame(renderer)
        XCTAssertNotNil(heldPixels(renderer.item(at: 1)), "nothing could give them again")
    }

    func testATextureNoItemShowsIsKeptWhileTheSourceHasRoomAndGoesWhenItHasNone() throws {
        let source = CountingSource()
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.load([picture("red", red, at: redPlace, from: source), picture("blue", blue, at: bluePlace, from: source)])
        _ = try frame(renderer)
        let bothBytes = renderer.imageTextureBytes
        XCTAssertNotNil(renderer.remove(at: 0))
        let withoutRed = try frame(renderer)
        XCTAssertGreaterThan(withoutRed[50, 50].luma, 245, "the red picture is gone from the page")
        XCTAssertEqual(source.deleted, [], "its texture is kept, idle")
        XCTAssertEqual(renderer.imageTextureCount, 2)
        XCTAssertEqual(renderer.idleImageTextureBytes, bothBytes / 2)

        // Undo: the item comes back without pixels (the source's copy went), drawn from the idle texture.
        XCTAssertTrue(renderer.insert(picture("red", red, at: redPlace, from: source, withPixels: false), at: 0))
        let back = try frame(renderer)
        XCTAssertEqual(back[50, 50].r, 220, accuracy: 2)
        XCTAssertEqual(renderer.imageUploads, 2, "not uploaded again")
        XCTAssertEqual(source.asked, [])
        XCTAssertEqual(renderer.idleImageTextureBytes, 0, "in use again")

        // Idle textures go, the one idle longest first, once the source has no room.
        XCTAssertNotNil(renderer.remove(at: 1))   // blue
        XCTAssertNotNil(renderer.remove(at: 0))   // red, idle after blue
        _ = try frame(renderer)
        XCTAssertEqual(renderer.imageTextureCount, 2)
        source.room = false
        _ = try frame(renderer)
        XCTAssertEqual(source.deleted, ["blue", "red"], "the one idle longest first")
        XCTAssertEqual(renderer.imageTextureCount, 0)
        XCTAssertEqual(renderer.imageTextureBytes, 0)
    }

    func testAPictureWhoseTextureWentIsAskedOfItsSourceAgain() throws {
        let source = CountingSource()
        source.pictures["red"] = red
        source.room = false
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.load([picture("red", red, at: redPlace, from: source)])
        XCTAssertNotNil(renderer.remove(at: 0))
        _ = try frame(renderer)
        XCTAssertEqual(source.deleted, ["red"], "no room: the texture went with its last item")

        // The page's item (redo) comes back without pixels, thinking the texture is there.
        renderer.append(picture("red", red, at: redPlace, from: source, withPixels: false))
        let shown = try frame(renderer)
        XCTAssertEqual(source.asked, ["red"], "asked once, when it had to be uploaded")
        XCTAssertEqual(shown[50, 50].r, 220, accuracy: 2, "drawn from the pixels the source gave again")
        XCTAssertEqual(source.made, ["red", "red"])

        // A picture its source cannot give again is not drawn (and nothing traps).
        renderer.append(picture("gone", blue, at: bluePlace, from: source, withPixels: false))
        let without = try frame(renderer)
        XCTAssertGreaterThan(without[150, 150].luma, 245)
        XCTAssertEqual(source.asked, ["red", "gone"])
    }

    func testTheSourceHearsOfEveryTextureGoingWithItsRenderer() throws {
        let source = CountingSource()
        var renderer: PageRenderer? = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer?.load([picture("red", red, at: redPlace, from: source), picture("blue", blue, at: bluePlace, from: source)])
        XCTAssertNotNil(renderer?.remove(at: 1))
        _ = try renderer.map(frame)
        renderer = nil
        XCTAssertEqual(Set(source.deleted), ["red", "blue"], "in use and idle alike")
        XCTAssertEqual(source.deleted.count, 2)
    }
}
