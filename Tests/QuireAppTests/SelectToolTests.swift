import QuireDocument
import QuireGeometry
import QuireInk
import QuireX11
import XCTest
@testable import QuireApp

/// The select tool and the two-finger scrap gesture, through the canvas (no X, no GL): what a drag does
/// to the page, that it is one edit, and that undo puts everything back.
final class SelectToolTests: XCTestCase {
    private func sample(_ x: Double, _ y: Double, _ t: Double = 0) -> InputSample {
        InputSample(position: Point(x, y), time: t)
    }

    private func key(_ text: String) -> WindowEvent {
        .key(KeyInput(keysym: UInt(text.unicodeScalars.first!.value), text: text))
    }

    /// A page with a 100×80 scrap at (100, 100) and one with ink of its own.
    private func canvasWithScrap() -> (CanvasController, ItemID) {
        let ink = Stroke(samples: [InputSample(position: Point(10, 10), time: 0), InputSample(position: Point(90, 70), time: 1)],
                         style: .defaults(for: .pen))
        let scrap = PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 100, height: 80)),
                                          transform: Homography(.translation(100, 100)), items: [PageItem(.stroke(ink))])))
        let canvas = CanvasController(page: Page(items: [scrap]))
        return (canvas, scrap.id)
    }

    private func transform(of id: ItemID, in canvas: CanvasController) -> Homography? {
        guard let index = canvas.page.index(of: id), case let .scrap(s) = canvas.page.items[index].content else { return nil }
        return s.transform
    }

    private func drag(_ canvas: CanvasController, from a: Point, to b: Point, steps: Int = 10, t: Double = 0) {
        _ = canvas.handle(.pointerDown(sample(a.x, a.y, t), button: 1))
        for i in 1...steps {
            let p = a + (b - a) * (Double(i) / Double(steps))
            _ = canvas.handle(.pointerMoved(sample(p.x, p.y, t + Double(i) * 0.01)))
        }
        _ = canvas.handle(.pointerUp(sample(b.x, b.y, t + 0.2), button: 1))
    }

    func testDraggingAScrapMovesItAsOneEditAndUndoPutsItBack() throws {
        let (canvas, id) = canvasWithScrap()
        let edits = SavedEdits()
        canvas.editor.savesTo = edits
        _ = canvas.handle(key("v"))
        XCTAssertEqual(canvas.tool, .select)
        let before = canvas.page
        drag(canvas, from: Point(150, 140), to: Point(250, 190))
        let moved = try XCTUnwrap(transform(of: id, in: canvas)?.apply(Point(0, 0)))
        XCTAssertEqual(moved.x, 200, accuracy: 1e-9)
        XCTAssertEqual(moved.y, 150, accuracy: 1e-9)
        XCTAssertEqual(edits.count, 1, "one edit for the whole drag (one save, one undo step)")
        // The renderer pictured the scrap at the press, held it up off the page while it moved, was
        // shown it on the way — moves made between two frames as one update, from where it was to where
        // the page now has it — and put it down where it ended.
        let work = canvas.takeRenderWork()
        XCTAssertEqual(work.count, 5)
        XCTAssertEqual(work.first, .prepareLift(id, at: 0))
        XCTAssertEqual(work[1], .lift(id, at: 0))
        XCTAssertEqual(work[3], .moveLifted(Homography(.translation(100, 50))))
        XCTAssertEqual(work.last, .drop)
        guard case let .edit(.update(changes)) = work[2] else { return XCTFail("not an update") }
        XCTAssertEqual(changes.map(\.before), before.items)
        XCTAssertEqual(changes.map(\.after), canvas.page.items)
        XCTAssertEqual(canvas.overlay.isEmpty, false, "the moved scrap is selected and framed")
        canvas.undo()
        XCTAssertEqual(canvas.page, before)
        canvas.redo()
        XCTAssertEqual(transform(of: id, in: canvas)?.apply(Point(0, 0)).map { $0.x.rounded() }, 200)
    }

    /// A press on a scrap and its first move reaching one frame: that frame pictures the scrap, the next
    /// lifts and moves it, so no one frame does both; the moves made meanwhile join the next frame's.
    func testAPickUpMadeWithItsFirstMoveIsSpreadOverTwoFrames() throws {
        let (canvas, id) = canvasWithScrap()
        _ = canvas.handle(key("v"))
        _ = canvas.handle(.pointerDown(sample(150, 140, 0), button: 1))
        _ = canvas.handle(.pointerMoved(sample(170, 150, 0.016)))
        XCTAssertEqual(canvas.takeRenderWorkForFrame(), [.prepareLift(id, at: 0)])
        XCTAssertTrue(canvas.needsRedraw, "the lift is owed a frame")
        _ = canvas.handle(.pointerMoved(sample(190, 160, 0.032)))
        let next = canvas.takeRenderWorkForFrame()
        XCTAssertEqual(next.first, .lift(id, at: 0))
        XCTAssertEqual(next.last, .moveLifted(Homography(.translation(40, 20))), "where the latest move has it")
        XCTAssertEqual(next.count, 3)
        XCTAssertFalse(canvas.needsRedraw)
        // A press alone is pictured in its own frame; the move that comes later lifts it in its own.
        _ = canvas.handle(.pointerUp(sample(190, 160, 0.05), button: 1))
        _ = canvas.takeRenderWorkForFrame()
        _ = canvas.handle(.pointerDown(sample(200, 170, 0.5), button: 1))
        XCTAssertEqual(canvas.takeRenderWorkForFrame(), [.prepareLift(id, at: 0)])
        _ = canvas.handle(.pointerMoved(sample(210, 175, 0.52)))
        XCTAssertEqual(canvas.takeRenderWorkForFrame().first, .lift(id, at: 0))
    }

    func testACornerScalesAboutTheCentreAndTheHandleTurns() throws {
        let (canvas, id) = canvasWithScrap()
        _ = canvas.handle(key("v"))
        drag(canvas, from: Point(150, 140), to: Point(150, 140))   // select it without moving
        XCTAssertEqual(canvas.page.items.count, 1)
        // Lower-right corner (200, 180) dragged out to twice its distance from the centre (150, 140).
        drag(canvas, from: Point(200, 180), to: Point(250, 220), t: 1)
        let map = try XCTUnwrap(transform(of: id, in: canvas))
        let corner = try XCTUnwrap(map.apply(Point(100, 80))), origin = try XCTUnwrap(map.apply(Point(0, 0)))
        XCTAssertEqual(corner.x, 250, accuracy: 1e-6)
        XCTAssertEqual(corner.y, 220, accuracy: 1e-6)
        XCTAssertEqual(origin.x, 50, accuracy: 1e-6, "about the centre: the opposite corner moves out too")
        // The turning handle sits 36 window pixels above the top edge's middle (150, 60 at this scale,
        // top edge y = 60): drag it round to the right of the centre — a quarter turn clockwise.
        drag(canvas, from: Point(150, 60 - 36), to: Point(150 + 200, 140), t: 2)
        let turned = try XCTUnwrap(transform(of: id, in: canvas))
        let topLeft = try XCTUnwrap(turned.apply(Point(0, 0)))
        // (50, 60) turned a quarter clockwise about (150, 140) (y down): (230, 40).
        XCTAssertEqual(topLeft.x, 230, accuracy: 1e-6)
        XCTAssertEqual(topLeft.y, 40, accuracy: 1e-6)
    }

    /// With Shift held, a corner of the selected scrap still scales it (and the turning handle turns
    /// it): Shift stretches only from the scrap's body, so no copy is pulled away.
    func testShiftOnACornerOfTheSelectionScalesRatherThanStretches() throws {
        let (canvas, id) = canvasWithScrap()
        _ = canvas.handle(key("v"))
        drag(canvas, from: Point(150, 140), to: Point(150, 140))   // select it without moving
        _ = canvas.handle(.pointerDown(sample(200, 180, 1), button: 1, shift: true))
        for i in 1...10 {
            let p = Point(200, 180) + Point(50, 40) * (Double(i) / 10)
            _ = canvas.handle(.pointerMoved(sample(p.x, p.y, 1 + Double(i) * 0.01)))
        }
        _ = canvas.handle(.pointerUp(sample(250, 220, 1.2), button: 1))
        XCTAssertEqual(canvas.page.items.count, 1, "a stretch pulled a copy away")
        let map = try XCTUnwrap(transform(of: id, in: canvas))
        let corner = try XCTUnwrap(map.apply(Point(100, 80))), origin = try XCTUnwrap(map.apply(Point(0, 0)))
        XCTAssertEqual(corner.x, 250, accuracy: 1e-6, "the corner follows the pointer, scaled about the centre")
        XCTAssertEqual(corner.y, 220, accuracy: 1e-6)
        XCTAssertEqual(origin.x, 50, accuracy: 1e-6)
    }

    func testPressingTwiceBringsAScrapToTheFrontAndDeleteRemovesIt() throws {
        let other = PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 100, height: 100)),
                                          transform: Homography(.translation(120, 120)))))
        let (canvas, id) = canvasWithScrap()
        canvas.editor.apply(canvas.page.adding([other]))
        _ = canvas.handle(key("v"))
        // (110, 110) is on the lower scrap only.
        drag(canvas, from: Point(110, 110), to: Point(110, 110), steps: 1, t: 10)
        XCTAssertEqual(canvas.page.items.last?.id, other.id)
        drag(canvas, from: Point(110, 110), to: Point(110, 110), steps: 1, t: 10.25)
        XCTAssertEqual(canvas.page.items.last?.id, id, "a double press brings it to the front")
        // Delete takes the selection away, as one undoable edit.
        _ = canvas.handle(.key(KeyInput(keysym: 0xffff, text: "")))
        XCTAssertNil(canvas.page.index(of: id))
        XCTAssertTrue(canvas.overlay.isEmpty)
        canvas.undo()
        XCTAssertNotNil(canvas.page.index(of: id))
        // Pressing bare paper selects nothing; F then does nothing.
        drag(canvas, from: Point(500, 500), to: Point(500, 500), steps: 1, t: 20)
        let order = canvas.page.items.map(\.id)
        _ = canvas.handle(key("f"))
        XCTAssertEqual(canvas.page.items.map(\.id), order)
    }

    func testTheSelectToolLeavesInkAlone() {
        let ink = Stroke(samples: [InputSample(position: Point(10, 10), time: 0), InputSample(position: Point(90, 10), time: 1)],
                         style: .defaults(for: .pen))
        let canvas = CanvasController(page: Page(items: [PageItem(.stroke(ink))]))
        _ = canvas.handle(key("v"))
        let before = canvas.page
        drag(canvas, from: Point(50, 10), to: Point(150, 100))
        XCTAssertEqual(canvas.page, before)
    }

    /// Two fingers on a scrap carry it as paper under them would; on bare paper they zoom the view.
    func testTwoFingersOnAScrapMoveTurnAndScaleIt() throws {
        let (canvas, id) = canvasWithScrap()
        let edits = SavedEdits()
        canvas.editor.savesTo = edits
        let view = canvas.view
        _ = canvas.handle(.touchBegan(id: 1, at: Point(120, 140), time: 0))
        _ = canvas.handle(.touchBegan(id: 2, at: Point(180, 140), time: 0))
        // Spread to twice the distance and turn a quarter: finger 1 stays, finger 2 goes to (120, 260).
        for i in 1...10 {
            let f = Double(i) / 10
            let angle = f * Double.pi / 2, radius = 60 * (1 + f)
            _ = canvas.handle(.touchMoved(id: 2, at: Point(120 + radius * cos(angle), 140 + radius * sin(angle)), time: f))
        }
        _ = canvas.handle(.touchEnded(id: 2, at: Point(120, 260), time: 1.1))
        _ = canvas.handle(.touchEnded(id: 1, at: Point(120, 140), time: 1.2))
        XCTAssertEqual(canvas.view, view, "the view did not move")
        XCTAssertEqual(edits.count, 1)
        let map = try XCTUnwrap(transform(of: id, in: canvas))
        // Scrap point (20, 40) lay under finger 1 and stays there; (80, 40) lay under finger 2.
        let under1 = try XCTUnwrap(map.apply(Point(20, 40))), under2 = try XCTUnwrap(map.apply(Point(80, 40)))
        XCTAssertEqual(under1.distance(to: Point(120, 140)), 0, accuracy: 1e-6)
        XCTAssertEqual(under2.distance(to: Point(120, 260)), 0, accuracy: 1e-6)

        // Two fingers on bare paper pinch the view, as before.
        _ = canvas.handle(.touchBegan(id: 3, at: Point(600, 600), time: 2))
        _ = canvas.handle(.touchBegan(id: 4, at: Point(700, 600), time: 2))
        _ = canvas.handle(.touchMoved(id: 4, at: Point(800, 600), time: 2.1))
        XCTAssertNotEqual(canvas.view.zoom, view.zoom)
        XCTAssertEqual(edits.count, 1)
    }

    /// Ink drawn across a scrap sticks to it and then moves with it.
    func testInkDrawnAcrossAScrapMovesWithIt() throws {
        let (canvas, id) = canvasWithScrap()
        drag(canvas, from: Point(50, 140), to: Point(250, 140), steps: 40)
        // Page piece left, page piece right, the scrap with its ink plus the middle piece.
        XCTAssertEqual(canvas.page.items.count, 3)
        guard case let .scrap(scrap) = canvas.page.items[2].content else { return XCTFail("the scrap is on top") }
        XCTAssertEqual(scrap.items.count, 2)
        let work = canvas.takeRenderWork()
        XCTAssertTrue(work.contains(.cancelStroke), "the live stroke is replaced by its pieces")
        _ = canvas.handle(key("v"))
        drag(canvas, from: Point(150, 150), to: Point(150, 350), t: 5)
        guard let index = canvas.page.index(of: id), case let .scrap(moved) = canvas.page.items[index].content,
              case let .stroke(piece) = moved.items[1].content else { return XCTFail("the scrap keeps its ink") }
        let onPage = try XCTUnwrap(moved.transform.apply(piece.samples[piece.samples.count / 2].position))
        XCTAssertEqual(onPage.y, 340, accuracy: 1e-6, "the stuck ink went down 200 with the scrap")
    }
}
