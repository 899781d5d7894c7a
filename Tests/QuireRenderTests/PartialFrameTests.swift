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

    func testANewViewDrawsTheWholeWindow() throws {
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

    /// An overlay (the notice line, a selection) no longer makes every frame whole: a new one is drawn
    /// over its own rectangle; the same one costs nothing; ink drawn under it redraws only the ink's
    /// rectangle, with the overlay blended there once (not twice); and a removed one is drawn away.
    func testAnOverlayIsDrawnOnceAndOnlyWhereItOrThePageChanged() throws {
        let renderer = try PageRenderer(pageWidth: 300, pageHeight: 300)
        let window = try RenderTarget(width: 400, height: 400)
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window)
        renderer.finishSharpening()
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window, onlyWhatChanged: true)
        let band: [OverlayItem] = [.polygon([Point(200, 200), Point(300, 200), Point(300, 260), Point(200, 260)],
                                            color: InkColor(red: 0, green: 0, blue: 0, alpha: 0.5))]
        func whole(_ overlay: [OverlayItem], provisional: [Sprite] = []) throws -> RGBAImage {
            let target = try RenderTarget(width: 400, height: 400)
            renderer.drawView(width: 400, height: 400, pageToWindow: view, provisional: provisional, overlay: overlay, into: target)
            return target.readPixels()
        }

        let shown = try XCTUnwrap(renderer.drawView(width: 400, height: 400, pageToWindow: view, overlay: band, into: window,
                                                    onlyWhatChanged: true), "a new overlay is a partial frame")
        XCTAssertTrue(shown.contains(Point(200, 200)) && shown.contains(Point(299, 259)), "drawn: \(shown)")
        XCTAssertLessThanOrEqual(shown.width * shown.height, 104 * 64, "drawn: \(shown)")
        let once = window.readPixels()[250, 230]
        XCTAssertEqual(Double(once.r), 255 * 0.5, accuracy: 3, "paper under a half-black band: \(once)")

        let idle = renderer.drawView(width: 400, height: 400, pageToWindow: view, overlay: band, into: window, onlyWhatChanged: true)
        XCTAssertEqual(idle.map(\.isEmpty), true, "the same overlay again draws nothing: \(String(describing: idle))")

        // Ink under the band: only the ink's rectangle is drawn, the band over it blended once.
        renderer.beginLiveStroke(ink)
        let stroke = dabs(from: Point(200, 180), to: Point(230, 185))     // window (250…280, 220…225)
        renderer.appendToLiveStroke(stroke)
        let inked = try XCTUnwrap(renderer.drawView(width: 400, height: 400, pageToWindow: view, overlay: band, into: window,
                                                    onlyWhatChanged: true))
        XCTAssertLessThanOrEqual(inked.width * inked.height, 40 * 16, "drawn: \(inked)")
        let partial = window.readPixels()
        let reference = try whole(band)
        var differing = 0
        for y in 0..<400 {
            for x in 0..<400 where partial[x, y] != reference[x, y] { differing += 1 }
        }
        XCTAssertEqual(differing, 0, partial.saveForInspection(named: "overlay-partial"))
        renderer.endLiveStroke()

        // The band taken away: where it was is drawn again, without it.
        let gone = try XCTUnwrap(renderer.drawView(width: 400, height: 400, pageToWindow: view, overlay: [], into: window,
                                                   onlyWhatChanged: true))
        XCTAssertTrue(gone.contains(Point(200, 200)) && gone.contains(Point(299, 259)), "drawn: \(gone)")
        XCTAssertEqual(window.readPixels()[250, 250], try whole([])[250, 250])
    }

    /// A caret moving inside a large frame that stays (a text box being typed into, the toolbar beside
    /// it): only where the caret was and is is drawn, and the window matches a whole frame.
    func testOnlyTheOverlayItemsThatChangedAreDrawnAgain() throws {
        let renderer = try PageRenderer(pageWidth: 300, pageHeight: 300)
        let window = try RenderTarget(width: 400, height: 400)
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window)
        renderer.finishSharpening()
        let blue = InkColor(red: 0.2, green: 0.3, blue: 0.9)
        let frame: OverlayItem = .polyline([Point(60, 60), Point(340, 60), Point(340, 340), Point(60, 340), Point(60, 60)], width: 1, color: blue)
        let toolbar: OverlayItem = .polygon([Point(0, 0), Point(40, 0), Point(40, 400), Point(0, 400)], color: .black)
        func caret(_ x: Double) -> OverlayItem { .polyline([Point(x, 100), Point(x, 120)], width: 2, color: blue) }
        renderer.drawView(width: 400, height: 400, pageToWindow: view, overlay: [frame, caret(100), toolbar], into: window, onlyWhatChanged: true)
        let moved = try XCTUnwrap(renderer.drawView(width: 400, height: 400, pageToWindow: view, overlay: [frame, caret(108), toolbar],
                                                    into: window, onlyWhatChanged: true))
        XCTAssertTrue(moved.contains(Point(100, 110)) && moved.contains(Point(108, 110)), "drawn: \(moved)")
        XCTAssertLessThanOrEqual(moved.width * moved.height, 16 * 28, "only the caret's old and new places: \(moved)")
        // An item added (a selection) in the middle of the list, and one taken out.
        let selection: OverlayItem = .polygon([Point(150, 200), Point(190, 200), Point(190, 220), Point(150, 220)], color: blue)
        let added = try XCTUnwrap(renderer.drawView(width: 400, height: 400, pageToWindow: view, overlay: [frame, selection, caret(108), toolbar],
                                                    into: window, onlyWhatChanged: true))
        XCTAssertLessThanOrEqual(added.width * added.height, 44 * 24, "only the selection: \(added)")
        let removed = try XCTUnwrap(renderer.drawView(width: 400, height: 400, pageToWindow: view, overlay: [frame, selection, toolbar],
                                                      into: window, onlyWhatChanged: true))
        XCTAssertLessThanOrEqual(removed.width * removed.height, 8 * 28, "only the caret that went: \(removed)")
        let reference = try RenderTarget(width: 400, height: 400)
        renderer.drawView(width: 400, height: 400, pageToWindow: view, overlay: [frame, selection, toolbar], into: reference)
        let partial = window.readPixels(), whole = reference.readPixels()
        var differing = 0
        for y in 0..<400 { for x in 0..<400 where partial[x, y] != whole[x, y] { differing += 1 } }
        XCTAssertEqual(differing, 0, partial.saveForInspection(named: "overlay-items-partial"))
    }
}
