import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireTestSupport
import XCTest

/// A scrap carried by a gesture (held up, moved each frame by the gesture's map) draws partial frames:
/// where it was drawn last and where it is drawn now, not the whole window; each is what a whole frame
/// of the same moment shows, and putting it down leaves the page a fresh renderer draws.
final class CarriedItemFrameTests: HeadlessGLTestCase {
    private typealias F = ItemFixtures
    private let (windowWidth, windowHeight) = (400, 360)

    /// A blue photo scrap with a line across it, moved by `dx`, `dy`.
    private func scrap(dx: Double = 0, dy: Double = 0) -> RenderItem {
        let outline = Rect(x: 60 + dx, y: 70 + dy, width: 90, height: 70)
        return .group(SceneGroup(clip: BezierPath(rect: outline), children: [
            .image(SceneImage(imageKey: "blue", image: F.solid(40, 40, 220), corners: Quadrilateral(outline))),
            .stroke(F.line(Point(60 + dx, 100 + dy), Point(150 + dx, 100 + dy), diameter: 6, color: .black)),
        ], shadow: .paper, hangsOverPageEdge: true))
    }

    private var items: [RenderItem] {
        var items: [RenderItem] = []
        for k in 0..<12 {
            let y = Double(k)
            let color = InkColor(red: Float(k % 3) / 2, green: 0.3, blue: 0.1)
            items.append(.stroke(F.line(Point(10, 15 + y * 22), Point(290, 30 + y * 20), diameter: 5, color: color)))
        }
        items.append(scrap())
        items.append(.stroke(F.line(Point(20, 280), Point(280, 20), diameter: 4, color: .black)))
        return items
    }

    private let scrapIndex = 12

    /// A fresh renderer at the same moment, drawn whole: `page` (the items above when nil), the scrap
    /// lifted and carried by `map` when there is one.
    private func wholeFrame(of page: [RenderItem]? = nil, carriedBy map: Homography?,
                            view: QuireGeometry.AffineTransform) throws -> RGBAImage {
        let fresh = try PageRenderer(pageWidth: 300, pageHeight: 300)
        fresh.load(page ?? items)
        let window = try RenderTarget(width: windowWidth, height: windowHeight)
        fresh.drawView(width: windowWidth, height: windowHeight, pageToWindow: view, into: window)
        fresh.finishSharpening()
        if let map {
            XCTAssertTrue(fresh.lift(at: scrapIndex))
            fresh.moveLifted(by: map)
        }
        fresh.drawView(width: windowWidth, height: windowHeight, pageToWindow: view, into: window)
        return window.readPixels()
    }

    /// The items loaded and shown in a window at `view`, settled (sharp), its last frame a partial one.
    private func settledWindow(view: QuireGeometry.AffineTransform) throws -> (PageRenderer, RenderTarget) {
        let renderer = try PageRenderer(pageWidth: 300, pageHeight: 300)
        renderer.load(items)
        let window = try RenderTarget(width: windowWidth, height: windowHeight)
        renderer.drawView(width: windowWidth, height: windowHeight, pageToWindow: view, into: window)
        renderer.finishSharpening()
        renderer.drawView(width: windowWidth, height: windowHeight, pageToWindow: view, into: window, onlyWhatChanged: true)
        return (renderer, window)
    }

    func testEachFrameOfADragDrawsWhereTheScrapWasAndIsAndMatchesAWholeFrame() throws {
        for view in [QuireGeometry.AffineTransform.translation(30, 20), QuireGeometry.AffineTransform.scale(0.8, 0.8).concatenating(.translation(40, 25))] {
            let (renderer, window) = try settledWindow(view: view)
            XCTAssertTrue(renderer.lift(at: scrapIndex))
            var maps: [Homography] = [.identity]
            for k in 1...6 { maps.append(Homography(QuireGeometry.AffineTransform.translation(Double(k) * 9, Double(k) * 4))) }
            // Turned and scaled about its middle, and past the page's right edge.
            maps.append(Homography(QuireGeometry.AffineTransform.translation(-105, -105).concatenating(.rotation(0.3))
                .concatenating(.scale(1.2, 1.2)).concatenating(.translation(160, 110))))
            maps.append(Homography(QuireGeometry.AffineTransform.translation(200, 30)))
            for (step, map) in maps.enumerated() {
                renderer.moveLifted(by: map)
                let drawn = renderer.drawView(width: windowWidth, height: windowHeight, pageToWindow: view, into: window, onlyWhatChanged: true)
                let area = try XCTUnwrap(drawn, "a partial frame at step \(step) (\(view))")
                XCTAssertLessThan(area.width * area.height, Double(windowWidth * windowHeight) / 2, "step \(step): \(area)")
                F.assertSame(window.readPixels(), try wholeFrame(carriedBy: map, view: view), "step \(step) at \(view)")
            }
            // Put down where the last map took it: as a page opened with it there.
            let moved = scrap(dx: 200, dy: 30)
            XCTAssertTrue(renderer.replace(at: scrapIndex, with: moved))
            renderer.drop()
            renderer.drawView(width: windowWidth, height: windowHeight, pageToWindow: view, into: window, onlyWhatChanged: true)
            var placed = items
            placed[scrapIndex] = moved
            F.assertSame(window.readPixels(), try wholeFrame(of: placed, carriedBy: nil, view: view), "put down at \(view)")
        }
    }

    /// A carried scrap taken off the page (let go over the scrap tray) goes as it is: the layers were
    /// drawn without it when it was picked up, so nothing is redrawn, and the next frame shows the page
    /// without it, as a fresh renderer draws it.
    func testACarriedScrapTakenOffThePageLeavesWithoutBeingPutDown() throws {
        let view = QuireGeometry.AffineTransform.translation(30, 20)
        let (renderer, window) = try settledWindow(view: view)
        XCTAssertTrue(renderer.lift(at: scrapIndex))
        renderer.moveLifted(by: Homography(QuireGeometry.AffineTransform.translation(120, 40)))
        renderer.drawView(width: windowWidth, height: windowHeight, pageToWindow: view, into: window, onlyWhatChanged: true)
        let redrawsBefore = renderer.layerAreasRedrawn
        XCTAssertNotNil(renderer.remove(at: scrapIndex))
        XCTAssertEqual(renderer.layerAreasRedrawn, redrawsBefore, "nothing redrawn: the layers never held it while it was carried")
        let drawn = renderer.drawView(width: windowWidth, height: windowHeight, pageToWindow: view, into: window, onlyWhatChanged: true)
        XCTAssertNotNil(drawn, "a partial frame, where it was last shown")

        var without = items
        without.remove(at: scrapIndex)
        F.assertSame(window.readPixels(), try wholeFrame(of: without, carriedBy: nil, view: view), "the page without the scrap")

        // Any other item removed is still redrawn where it was.
        XCTAssertNotNil(renderer.remove(at: 0))
        XCTAssertGreaterThan(renderer.layerAreasRedrawn, redrawsBefore)
    }

    /// A scrap pictured ahead of its lift (a press) is carried from that picture, the same frames as a
    /// lift that takes its own; a picture taken before the scrap changed is not used.
    func testAPictureTakenAheadOfTheLiftIsUsedOnlyWhileTheScrapIsAsItWas() throws {
        let view = QuireGeometry.AffineTransform.translation(30, 20)
        let map = Homography(QuireGeometry.AffineTransform.translation(60, 25))
        for changedBetween in [false, true] {
            let (renderer, window) = try settledWindow(view: view)
            let id = renderer.itemIDs[scrapIndex]
            renderer.prepareLift(id, near: scrapIndex)
            renderer.drawView(width: windowWidth, height: windowHeight, pageToWindow: view, into: window, onlyWhatChanged: true)
            var expected = items
            if changedBetween {
                // Recoloured (a picture that arrived sharper, say) between the press and the lift.
                let red = RenderItem.group(SceneGroup(clip: BezierPath(rect: Rect(x: 60, y: 70, width: 90, height: 70)), children: [
                    .image(SceneImage(imageKey: "red", image: F.solid(220, 30, 30), corners: Quadrilateral(Rect(x: 60, y: 70, width: 90, height: 70)))),
                ], shadow: .paper, hangsOverPageEdge: true))
                XCTAssertTrue(renderer.replace(at: scrapIndex, with: red))
                expected[scrapIndex] = red
            }
            XCTAssertTrue(renderer.lift(at: scrapIndex))
            renderer.moveLifted(by: map)
            renderer.drawView(width: windowWidth, height: windowHeight, pageToWindow: view, into: window, onlyWhatChanged: true)

            F.assertSame(window.readPixels(), try wholeFrame(of: expected, carriedBy: map, view: view),
                         changedBetween ? "changed after the press" : "as pictured at the press")
        }
    }

    /// A scrap picked up again takes the target its last picture was drawn in: no new one is made (each
    /// cost up to 2 ms of a press's frame), and the frames are as a fresh renderer draws them.
    func testAScrapPickedUpAgainIsPicturedInTheTargetItsLastPictureLeft() throws {
        let view = QuireGeometry.AffineTransform.translation(30, 20)
        let (renderer, window) = try settledWindow(view: view)
        let id = renderer.itemIDs[scrapIndex]
        renderer.prepareLift(id, near: scrapIndex)
        XCTAssertTrue(renderer.lift(at: scrapIndex))
        renderer.drawView(width: windowWidth, height: windowHeight, pageToWindow: view, into: window, onlyWhatChanged: true)
        renderer.drop()
        renderer.drawView(width: windowWidth, height: windowHeight, pageToWindow: view, into: window, onlyWhatChanged: true)
        let made = RenderTarget.stencilsAttached
        renderer.prepareLift(id, near: scrapIndex)
        XCTAssertEqual(RenderTarget.stencilsAttached, made, "the last picture's target drawn into again")
        XCTAssertTrue(renderer.lift(at: scrapIndex))
        let map = Homography(QuireGeometry.AffineTransform.translation(-20, 35))
        renderer.moveLifted(by: map)
        renderer.drawView(width: windowWidth, height: windowHeight, pageToWindow: view, into: window, onlyWhatChanged: true)
        F.assertSame(window.readPixels(), try wholeFrame(carriedBy: map, view: view), "carried from the reused target")

        // A picture larger than the bound gives its target back: the next is a new one.
        renderer.drop()
        renderer.spareSnapshotPixels = 100
        renderer.prepareLift(id, near: scrapIndex)
        renderer.drop()
        let beforeLarge = RenderTarget.stencilsAttached
        renderer.prepareLift(id, near: scrapIndex)
        XCTAssertEqual(RenderTarget.stencilsAttached, beforeLarge + 1, "a picture past the bound is not kept for the next")
    }
}
