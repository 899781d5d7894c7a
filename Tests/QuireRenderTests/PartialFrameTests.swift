import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireTestSupport
import XCTest

/// A live-stroke frame draws only what changed: the framebuffer outside the returned rectangle is left
/// as it was (here: transparent, which no frame ever draws), and inside it matches a whole frame.
final class PartialFrameTests: HeadlessGLTestCase {
    private let ink = StrokeRenderStyle(blendMode: .normal, layerOpacity: 1, brush: .softRound)
    private let view = AffineTransform.translation(50, 40)

    private func dabs(from a: Point, to b: Point, diameter: Float = 4) -> [Sprite] {
        let n = max(1, Int(a.distance(to: b)))
        return (0...n).map { i in
            let p = a.lerp(to: b, Double(i) / Double(n))
            return Sprite(x: Float(p.x), y: Float(p.y), diameter: diameter, color: .black)
        }
    }

    /// Pixels outside `area` that a frame touched (opaque where the marker left them transparent).
    private func touchedOutside(_ area: Rect, in image: RGBAImage) -> Int {
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].a != 0 {
                let inside = Double(x) >= area.minX && Double(x) < area.maxX && Double(y) >= area.minY && Double(y) < area.maxY
                if !inside { count += 1 }
            }
        }
        return count
    }

    func testASmallLiveStrokeFrameDrawsOnlyItsRectangle() throws {
        let renderer = try PageRenderer(pageWidth: 300, pageHeight: 300)
        let window = try RenderTarget(width: 400, height: 400)
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window)
        renderer.finishSharpening()
        XCTAssertNil(renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window, onlyWhatChanged: true),
                     "the frame after sharpening is whole")
        let idle = renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window, onlyWhatChanged: true)
        XCTAssertEqual(idle.map(\.isEmpty), true, "nothing changed, nothing drawn: \(String(describing: idle))")

        // The marker: transparent everywhere. A frame that drew the whole window would cover it.
        window.clear()
        renderer.beginLiveStroke(ink)
        renderer.appendToLiveStroke(dabs(from: Point(100, 100), to: Point(120, 104)))
        let tail = dabs(from: Point(120, 104), to: Point(126, 110))
        let drawn = try XCTUnwrap(renderer.drawView(width: 400, height: 400, pageToWindow: view, provisional: tail,
                                                    into: window, onlyWhatChanged: true))
        let partial = window.readPixels()
        // The stroke and its tail, in window pixels, with the dabs' rims: (148…178, 138…152) or so.
        XCTAssertLessThanOrEqual(drawn.width * drawn.height, 40 * 30, "drawn: \(drawn)")
        XCTAssertTrue(drawn.contains(Point(150, 140)) && drawn.contains(Point(175, 149)), "drawn: \(drawn)")
        XCTAssertEqual(touchedOutside(drawn, in: partial), 0, partial.saveForInspection(named: "partial-frame"))

        // Inside the rectangle: the same pixels a whole frame shows.
        let whole = try RenderTarget(width: 400, height: 400)
        renderer.drawView(width: 400, height: 400, pageToWindow: view, provisional: tail, into: whole)
        let reference = whole.readPixels()
        var differing = 0
        for y in Int(drawn.minY)..<Int(drawn.maxY) {
            for x in Int(drawn.minX)..<Int(drawn.maxX) where partial[x, y] != reference[x, y] { differing += 1 }
        }
        XCTAssertEqual(differing, 0, "pixels unlike a whole frame's inside \(drawn)")
        XCTAssertTrue(partial.isInked(x: 160, y: 141), partial.saveForInspection(named: "partial-frame-ink"))
        XCTAssertTrue(partial.isInked(x: 174, y: 147), "the tail is drawn")

        // The tail goes away: the next frame covers where it was, and nothing else.
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window, onlyWhatChanged: true)
        window.clear()
        renderer.drawView(width: 400, height: 400, pageToWindow: view, provisional: tail, into: window, onlyWhatChanged: true)
        window.clear()
        let cleared = try XCTUnwrap(renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window,
                                                      onlyWhatChanged: true))
        XCTAssertTrue(cleared.contains(Point(174, 147)), "the old tail's place is drawn again: \(cleared)")
        let after = window.readPixels()
        XCTAssertEqual(touchedOutside(cleared, in: after), 0)
        XCTAssertFalse(after.isInked(x: 175, y: 149), "the tail is gone")
        renderer.endLiveStroke()
    }

    func testANewViewOrAnOverlayDrawsTheWholeWindow() throws {
        let renderer = try PageRenderer(pageWidth: 300, pageHeight: 300)
        let window = try RenderTarget(width: 400, height: 400)
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window)
        renderer.finishSharpening()
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window, onlyWhatChanged: true)
        let moved = AffineTransform.translation(60, 40)
        renderer.finishSharpening()
        XCTAssertNil(renderer.drawView(width: 400, height: 400, pageToWindow: moved, into: window, onlyWhatChanged: true),
                     "a pan redraws everything")
    }
}
