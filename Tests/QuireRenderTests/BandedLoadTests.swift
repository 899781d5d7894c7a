import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireTestSupport
import XCTest

/// A large page loads without drawing its layers: the first frame draws the bands the window shows,
/// each later frame one more, and whatever reads the layers earlier (a pan, an edit, the live stroke,
/// an export) draws the bands it needs first — so every view and export is the page drawn whole.
/// (Here every page loads in bands: `drawsInBandsAbovePixels` 0; a band is 256 rows.)
final class BandedLoadTests: HeadlessGLTestCase {
    private typealias F = ItemFixtures
    private let width = 300, height = 1100   // five bands, the last 76 rows

    /// Strokes across every band, a scrap over a band boundary, an eraser, a highlighter, a picture.
    private func items() -> [RenderItem] {
        var items: [RenderItem] = []
        for k in 0..<40 {
            let y = 15 + Double(k) * 27
            items.append(.stroke(F.line(Point(10, y), Point(290, y + 20), diameter: 5,
                                        color: InkColor(red: Float(k % 3) / 2, green: 0.2, blue: Float(k % 5) / 4))))
        }
        let outline = Rect(x: 60, y: 200, width: 150, height: 120)
        items.append(.group(SceneGroup(clip: BezierPath(rect: outline), children: [
            .image(SceneImage(imageKey: "blue", image: F.solid(40, 40, 220), corners: Quadrilateral(outline))),
            .stroke(F.line(Point(60, 260), Point(210, 260), diameter: 8, color: .black)),
        ], shadow: .paper)))
        items.append(.stroke(F.line(Point(150, 10), Point(150, 1090), diameter: 14, style: F.eraser)))
        items.append(.stroke(F.line(Point(20, 1000), Point(280, 600), style: F.highlighter)))
        items.append(.image(SceneImage(imageKey: "green", image: F.solid(0, 160, 0),
                                       corners: Quadrilateral(Rect(x: 200, y: 700, width: 60, height: 300)), opacity: 0.8)))
        return items
    }

    private func banded(undoWindow: Int = 100) throws -> PageRenderer {
        let renderer = try PageRenderer(pageWidth: width, pageHeight: height)
        renderer.drawsInBandsAbovePixels = 0
        renderer.undoWindow = undoWindow
        return renderer
    }

    /// The page drawn whole at load, as every page was: what the banded one must equal.
    private func whole(_ items: [RenderItem], undoWindow: Int = 100) throws -> PageRenderer {
        let renderer = try PageRenderer(pageWidth: width, pageHeight: height)
        renderer.drawsInBandsAbovePixels = .max
        renderer.undoWindow = undoWindow
        renderer.load(items)
        return renderer
    }

    private func frame(_ renderer: PageRenderer, _ map: QuireGeometry.AffineTransform, into window: RenderTarget,
                       sharp: Bool = false) -> RGBAImage {
        renderer.drawView(width: window.width, height: window.height, pageToWindow: map, into: window)
        if sharp {
            renderer.finishSharpening()
            renderer.drawView(width: window.width, height: window.height, pageToWindow: map, into: window)
        }
        return window.readPixels()
    }

    func testTheFirstFrameDrawsTheShownBandsAndLaterFramesTheRestOneEach() throws {
        for undoWindow in [100, 10] {
            let renderer = try banded(undoWindow: undoWindow)
            renderer.load(items())
            XCTAssertTrue(renderer.hasUndrawnBands, "nothing drawn at load")
            XCTAssertTrue(renderer.needsAnotherFrame)
            let window = try RenderTarget(width: 300, height: 300)
            let reference = try RenderTarget(width: 300, height: 300)
            let top = frame(renderer, .identity, into: window)
            F.assertSame(top, frame(try whole(items(), undoWindow: undoWindow), .identity, into: reference),
                         "the first frame at the top (undo window \(undoWindow))")
            var frames = 1
            while renderer.hasUndrawnBands, frames < 20 {
                _ = frame(renderer, .identity, into: window)
                frames += 1
            }
            XCTAssertFalse(renderer.hasUndrawnBands)
            XCTAssertLessThanOrEqual(frames, 4, "five bands: two shown at once, then one a frame")
            F.assertSame(try renderer.renderPageImage(), try whole(items(), undoWindow: undoWindow).renderPageImage(),
                         "every band drawn (undo window \(undoWindow))")
        }
    }

    /// The window opens a large page drawing the bands it will show with the opening (`drawBands`,
    /// before the window shows, as a smaller page is drawn whole): its first frame draws none of them
    /// again, and the rest still come one a frame.
    func testBandsDrawnWithTheOpeningAreShownAsTheyAre() throws {
        let renderer = try banded()
        renderer.load(items())
        XCTAssertEqual(renderer.undrawnBandCount, 5)
        renderer.drawBands(touching: Rect(x: 0, y: 0, width: 300, height: 300))
        XCTAssertEqual(renderer.undrawnBandCount, 3, "the three bands below the window are left")
        let window = try RenderTarget(width: 300, height: 300), reference = try RenderTarget(width: 300, height: 300)
        F.assertSame(frame(renderer, .identity, into: window), frame(try whole(items()), .identity, into: reference), "the first frame")
        var frames = 1
        while renderer.hasUndrawnBands, frames < 20 {
            _ = frame(renderer, .identity, into: window)
            frames += 1
        }
        XCTAssertEqual(frames, 3, "three bands left: one with each frame, the first included")
        XCTAssertEqual(renderer.undrawnBandCount, 0)
        F.assertSame(try renderer.renderPageImage(), try whole(items()).renderPageImage(), "every band drawn")
    }

    func testPanningToBandsNotDrawnYetShowsThemAtOnceAtEveryZoom() throws {
        let maps: [QuireGeometry.AffineTransform] = [.translation(0, -780), .translation(0, -500),
                                                     QuireGeometry.AffineTransform.scale(1.5, 1.5).concatenating(.translation(-20, -1200)),
                                                     .scale(0.25, 0.25)]
        for map in maps {
            let renderer = try banded()
            renderer.load(items())
            let window = try RenderTarget(width: 300, height: 300)
            _ = frame(renderer, .identity, into: window)
            let panned = frame(renderer, map, into: window, sharp: true)
            let reference = try RenderTarget(width: 300, height: 300)
            F.assertSame(panned, frame(try whole(items()), map, into: reference, sharp: true), "panned to \(map)")
            // The scaled page shown under tiles still sharpening comes from drawn bands only.
            let zoomed = QuireGeometry.AffineTransform.scale(0.9, 0.9).concatenating(.translation(0, -700))
            let fresh = try banded()
            fresh.load(items())
            let unsharp = frame(fresh, zoomed, into: window)
            F.assertSame(unsharp, frame(try whole(items()), zoomed, into: reference), "the first frame zoomed, before sharpening")
        }
    }

    func testEditsLiveInkAndExportsBeforeTheirBandsAreDrawnComeOutAsOnAWholePage() throws {
        var items = items()
        let renderer = try banded(undoWindow: 10)
        renderer.load(items)
        let window = try RenderTarget(width: 300, height: 300)
        _ = frame(renderer, .identity, into: window)
        XCTAssertTrue(renderer.hasUndrawnBands)
        // Below the window, in bands not drawn: an item removed from the baked part, one replaced, one
        // added on top, a stroke drawn live.
        XCTAssertNotNil(renderer.remove(at: 30))
        items.remove(at: 30)
        let moved = RenderItem.stroke(F.line(Point(30, 900), Point(270, 1050), diameter: 9, color: InkColor(red: 0.9, green: 0.5, blue: 0)))
        XCTAssertTrue(renderer.replace(at: 35, with: moved))
        items[35] = moved
        let added = RenderItem.stroke(F.line(Point(280, 300), Point(20, 1080), diameter: 6, color: .black))
        renderer.append(added)
        items.append(added)
        let live = F.line(Point(40, 1060), Point(260, 640), diameter: 7, color: InkColor(red: 0, green: 0.7, blue: 0.7))
        renderer.beginLiveStroke(F.ink)
        renderer.appendToLiveStroke(live.sprites)
        renderer.endLiveStroke()
        items.append(.stroke(live))
        F.assertSame(try renderer.renderPageImage(), try whole(items, undoWindow: 10).renderPageImage(), "exported after the edits")
        XCTAssertFalse(renderer.hasUndrawnBands, "an export at 1:1 draws every band")
        // And an export straight after loading, no frame drawn.
        let fresh = try banded()
        fresh.load(items)
        F.assertSame(try fresh.renderPageImage(), try whole(items).renderPageImage(), "exported with no frame")
    }

    func testASmallPageStillDrawsWholeAtLoad() throws {
        let renderer = try PageRenderer(pageWidth: width, pageHeight: height)
        renderer.load(items())
        XCTAssertFalse(renderer.hasUndrawnBands, "330,000 pixels are under the 4 MP threshold")
    }
}
