import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireTestSupport
import XCTest

/// The UI overlay (window only, never the page), and finished strokes' sprites staying on the GPU.
final class OverlayAndUploadTests: HeadlessGLTestCase {
    private typealias F = ItemFixtures

    func testTheOverlayShowsInTheWindowButNotInTheExport() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.append(F.line(Point(10, 100), Point(190, 100)))
        let window = try RenderTarget(width: 300, height: 300)
        let view = AffineTransform.translation(50, 50)
        let blue = InkColor(red: 0, green: 0, blue: 1)
        // A square with a square hole (even-odd), a translucent polyline crossing itself, a picture.
        let ring: [Point] = [Point(20, 20), Point(120, 20), Point(120, 120), Point(20, 120), Point(20, 20),
                             Point(50, 50), Point(90, 50), Point(90, 90), Point(50, 90), Point(50, 50)]
        let overlay: [OverlayItem] = [
            .polygon(ring, color: blue),
            .polyline([Point(150, 200), Point(230, 200), Point(190, 240), Point(190, 160)], width: 6,
                      color: InkColor(red: 1, green: 0, blue: 0, alpha: 0.5)),
            .image(key: "green", image: F.solid(0, 255, 0), rect: Rect(x: 200, y: 250, width: 40, height: 40), opacity: 1),
        ]
        renderer.drawView(width: 300, height: 300, pageToWindow: view, overlay: overlay, into: window)
        renderer.finishSharpening()
        renderer.drawView(width: 300, height: 300, pageToWindow: view, overlay: overlay, into: window)
        let shown = window.readPixels()
        XCTAssertEqual(shown[30, 30], RGBAImage.Pixel(r: 0, g: 0, b: 255, a: 255), shown.saveForInspection(named: "overlay"))
        XCTAssertEqual(shown[70, 70], RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255), "the polygon's hole shows the paper")
        XCTAssertEqual(shown[220, 270], RGBAImage.Pixel(r: 0, g: 255, b: 0, a: 255), "the overlay's picture")
        // Half-transparent red over paper, the same where the line crosses itself as elsewhere.
        let once = shown[170, 200], crossing = shown[190, 200]
        XCTAssertEqual(once.r, 255)
        XCTAssertEqual(Int(once.g), 128, accuracy: 3)
        XCTAssertEqual(Int(crossing.g), Int(once.g), accuracy: 2, "the polyline darkened where it crosses itself")
        XCTAssertTrue(shown.isInked(x: 150, y: 150), "the page's ink under the overlay")

        let export = try renderer.renderPageImage()
        XCTAssertEqual(export[10, 10].luma, 255, accuracy: 1, "the overlay reached the export")
        XCTAssertEqual(export[170, 100 - 50].luma, 255, accuracy: 1)
        // The next frame without an overlay shows none: it was never in the view layer.
        renderer.drawView(width: 300, height: 300, pageToWindow: view, into: window)
        XCTAssertNotEqual(window.readPixels()[30, 30].b, 255)
        XCTAssertEqual(renderer.imageTextureCount, 0, "the overlay's picture is let go once not shown")
    }

    func testSharpeningAfterAZoomAndRedrawsUploadNoStrokeSprites() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        let strokes = (0..<20).map { F.line(Point(10, 10 + Double($0) * 9), Point(190, 15 + Double($0) * 9), diameter: 3) }
        for s in strokes { renderer.append(s) }
        // One colour, no rotation: each sprite goes up as 16 bytes (centre, diameter, opacity).
        let compactSpriteBytes = 16
        let spriteBytes = strokes.reduce(0) { $0 + $1.sprites.count } * compactSpriteBytes
        XCTAssertEqual(renderer.strokeBytesUploaded, spriteBytes, "each stroke went up once")
        let window = try RenderTarget(width: 400, height: 400)
        let uploadedBefore = renderer.strokeBytesUploaded, streamedBefore = renderer.liveBytesUploaded
        for zoom in [2.0, 3.0, 1.5] {
            renderer.drawView(width: 400, height: 400, pageToWindow: .scale(zoom, zoom), into: window)
            renderer.finishSharpening()
            XCTAssertTrue(renderer.viewIsSharp)
        }
        XCTAssertEqual(renderer.strokeBytesUploaded, uploadedBefore, "sharpening uploaded sprites")
        XCTAssertEqual(renderer.liveBytesUploaded, streamedBefore, "sharpening streamed sprites")

        // A removal in the middle, baking and an export re-use them too; a re-insert uploads one stroke.
        renderer.undoWindow = 5
        renderer.finishBaking()
        let removed = try XCTUnwrap(renderer.remove(at: 3))
        _ = try renderer.renderPageImage(scale: 2)
        XCTAssertEqual(renderer.strokeBytesUploaded, uploadedBefore)
        renderer.insert(removed, at: 3)
        XCTAssertEqual(renderer.strokeBytesUploaded, uploadedBefore + strokes[3].sprites.count * compactSpriteBytes)
        F.assertSame(try renderer.renderPageImage(), try F.reference(strokes.map(RenderItem.stroke)), "after remove and re-insert")
    }

    func testUndoingAndRedoingTheNewestReusesTheSameGPUSpace() throws {
        let renderer = try PageRenderer(pageWidth: 100, pageHeight: 100)
        for i in 0..<5 { renderer.append(F.line(Point(10, 10 + Double(i) * 15), Point(90, 10 + Double(i) * 15))) }
        let strokes = renderer.items
        for _ in 0..<50 {
            let undone = try XCTUnwrap(renderer.remove(at: renderer.count - 1))
            renderer.insert(undone, at: renderer.count)
        }
        XCTAssertEqual(renderer.items, strokes)
        F.assertSame(try renderer.renderPageImage(), try F.reference(strokes, width: 100, height: 100), "after 50 undo/redo rounds")
    }
}
