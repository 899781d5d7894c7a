import QuireDocument
import QuireGeometry
import QuireInk
import QuireX11
import XCTest
@testable import QuireApp

/// The stretch-to-duplicate gesture through the canvas (no X, no GL): four fingers or Shift+drag on a
/// scrap warp it live, split it past the rule into two copies as one edit, or spring it back; and the
/// renderer, fed only the work the canvas hands it, ends up with exactly the page.
final class StretchTests: XCTestCase {
    private let reference = ImageReference(blob: BlobID(hex: String(repeating: "cd", count: 32))!, pixelWidth: 100, pixelHeight: 80)

    private func sample(_ x: Double, _ y: Double, _ t: Double = 0) -> InputSample {
        InputSample(position: Point(x, y), time: t)
    }

    private func key(_ text: String) -> WindowEvent {
        .key(KeyInput(keysym: UInt(text.unicodeScalars.first!.value), text: text))
    }

    /// The canvas's clock in these tests (seconds): moved on by hand, frame by frame.
    private var clockTime = 1000.0

    /// A page with a 100×80 photo scrap at (100, 100) carrying a stroke of its own.
    private func canvasWithScrap() -> (CanvasController, ItemID) {
        let ink = Stroke(samples: [InputSample(position: Point(10, 10), time: 0), InputSample(position: Point(90, 70), time: 1)],
                         style: .defaults(for: .pen))
        let scrap = PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 100, height: 80)),
                                          transform: Homography(.translation(100, 100)),
                                          image: ScrapImage(reference: reference, rect: Rect(x: 0, y: 0, width: 100, height: 80)),
                                          items: [PageItem(.stroke(ink))])))
        let canvas = CanvasController(page: Page(items: [scrap]))
        canvas.clock = { [unowned self] in clockTime }
        return (canvas, scrap.id)
    }

    /// Frames at 60 a second, as the application draws them while the canvas animates: each the work
    /// handed to the renderer for it. At most two seconds' worth.
    private func framesUntilStill(_ canvas: CanvasController) -> [[RenderWork]] {
        var frames: [[RenderWork]] = []
        while canvas.isAnimating && frames.count < 120 {
            clockTime += 1.0 / 60
            canvas.animate(now: clockTime)
            frames.append(canvas.takeRenderWork())
        }
        return frames
    }

    private func scrap(at index: Int, in canvas: CanvasController) throws -> Scrap {
        guard canvas.page.items.indices.contains(index), case let .scrap(s) = canvas.page.items[index].content else {
            throw XCTSkip("no scrap at \(index)")
        }
        return s
    }

    /// The renderer's list of items after the work the canvas handed it, starting from `items`.
    private func rendered(_ items: [PageItem], after work: [RenderWork]) throws -> [PageItem] {
        var list = items
        for step in work {
            switch step {
            case let .edit(edit): try Page.apply(edit, to: &list)
            case let .reload(page): list = page.items
            default: break
            }
        }
        return list
    }

    /// Fingers 1, 2 (left hand) and 3, 4 (right hand) on the scrap; the right hand moves right by
    /// `pull` in ten steps, then all lift.
    private func fourFingerPull(_ canvas: CanvasController, by pull: Double, down: Double = 0) {
        let starts: [Int: Point] = [1: Point(115, 120), 2: Point(115, 160), 3: Point(185, 120), 4: Point(185, 160)]
        for id in starts.keys.sorted() { _ = canvas.handle(.touchBegan(id: id, at: starts[id]!, time: 0)) }
        func at(_ id: Int, _ f: Double) -> Point { id < 3 ? starts[id]! : starts[id]! + Point(pull * f, down * f) }
        for i in 1...10 {
            for id in [3, 4] { _ = canvas.handle(.touchMoved(id: id, at: at(id, Double(i) / 10), time: Double(i) / 10)) }
        }
        // The first finger up ends the stretch; the others, still coming off the glass, leave the view be.
        _ = canvas.handle(.touchEnded(id: 3, at: at(3, 1), time: 1.1))
        for id in [4, 1, 2] { _ = canvas.handle(.touchMoved(id: id, at: at(id, 1) + Point(Double(id) * 7, 9), time: 1.15)) }
        for id in [4, 1, 2] { _ = canvas.handle(.touchEnded(id: id, at: at(id, 1) + Point(Double(id) * 7, 9), time: 1.2)) }
    }

    func testFourFingersPulledApartSplitTheScrapIntoTwoAsOneEdit() throws {
        let (canvas, id) = canvasWithScrap()
        let before = canvas.page
        let view = canvas.view
        let edits = SavedEdits()
        canvas.editor.savesTo = edits
        _ = canvas.takeRenderWork()
        fourFingerPull(canvas, by: 200, down: 30)
        XCTAssertEqual(canvas.view, view, "the fingers held the scrap, not the view")
        XCTAssertEqual(edits.count, 1, "one edit: one save, one undo step")
        XCTAssertEqual(canvas.page.items.count, 2)
        XCTAssertEqual(canvas.page.items[0].id, id)
        let original = try scrap(at: 0, in: canvas), copy = try scrap(at: 1, in: canvas)
        // The left hand did not move: the original stays; the right hand went (200, 30): so did the copy.
        XCTAssertEqual(original.transform, Homography(.translation(100, 100)))
        let corner = try XCTUnwrap(copy.transform.apply(Point(0, 0)))
        XCTAssertEqual(corner.distance(to: Point(300, 130)), 0, accuracy: 1e-6)
        XCTAssertNotNil(copy.transform.affineTransform, "the copy is not warped")
        XCTAssertEqual(copy.image, original.image, "the copy shows the same blob")
        XCTAssertEqual(copy.items.count, original.items.count)
        XCTAssertNotEqual(copy.items[0].id, original.items[0].id)
        XCTAssertEqual(try rendered(before.items, after: canvas.takeRenderWork()), canvas.page.items,
                       "the renderer shows exactly the page")
        canvas.undo()
        XCTAssertEqual(canvas.page, before)
        canvas.redo()
        XCTAssertEqual(canvas.page.items.count, 2)
        XCTAssertEqual(try scrap(at: 1, in: canvas).transform.apply(Point(0, 0))?.distance(to: Point(300, 130)) ?? 1, 0,
                       accuracy: 1e-6)
    }

    func testPulledApartDownTheTopAndBottomPairsTakeACopyEach() throws {
        let (canvas, _) = canvasWithScrap()
        // Two fingers along the top (one of each hand), two along the bottom; the bottom pair pulls
        // down 150 and a little right: the pairs are top and bottom now.
        let starts: [Int: Point] = [1: Point(120, 110), 2: Point(180, 110), 3: Point(120, 170), 4: Point(180, 170)]
        for id in starts.keys.sorted() { _ = canvas.handle(.touchBegan(id: id, at: starts[id]!, time: 0)) }
        for i in 1...10 {
            for id in [3, 4] {
                _ = canvas.handle(.touchMoved(id: id, at: starts[id]! + Point(2 * Double(i), 15 * Double(i)), time: Double(i) / 10))
            }
        }
        for id in [3, 4, 1, 2] { _ = canvas.handle(.touchEnded(id: id, at: starts[id]! + Point(id > 2 ? 20 : 0, id > 2 ? 150 : 0), time: 1.1)) }
        XCTAssertEqual(canvas.page.items.count, 2)
        XCTAssertEqual(try scrap(at: 0, in: canvas).transform, Homography(.translation(100, 100)), "the top pair held still")
        let corner = try XCTUnwrap(try scrap(at: 1, in: canvas).transform.apply(Point(0, 0)))
        XCTAssertEqual(corner.distance(to: Point(120, 250)), 0, accuracy: 1e-6, "the copy went with the bottom pair")
    }

    func testTheScrapWarpsWhileStretchedAndSpringsBackWhenLetGoBeforeTheSplit() throws {
        let (canvas, id) = canvasWithScrap()
        let before = canvas.page
        let edits = SavedEdits()
        canvas.editor.savesTo = edits
        _ = canvas.takeRenderWork()
        let starts: [Int: Point] = [1: Point(115, 120), 2: Point(115, 160), 3: Point(185, 120), 4: Point(185, 160)]
        for id in starts.keys.sorted() { _ = canvas.handle(.touchBegan(id: id, at: starts[id]!, time: 0)) }
        // The right hand out by 40 (the fingers' span 70 → 110: a stretch of 1.57, under the rule's 2).
        for id in [3, 4] { _ = canvas.handle(.touchMoved(id: id, at: starts[id]! + Point(40, 0), time: 0.5)) }
        let work = canvas.takeRenderWork()
        let shown = try rendered(before.items, after: work)
        XCTAssertEqual(shown.count, 1, "no copy yet")
        guard case let .scrap(warped) = shown[0].content else { return XCTFail("the scrap is shown") }
        // The scrap's right edge (x 100 in its coordinates) went out with the fingers: the 70 between
        // them became 110, so the 85 from the left hand to the right edge becomes about 85 × 110/70.
        let rightEdge = try XCTUnwrap(warped.transform.apply(Point(100, 40)))
        XCTAssertEqual(rightEdge.x, 115 + 85 * 110 / 70, accuracy: 1)
        for id in [3, 4, 1, 2] { _ = canvas.handle(.touchEnded(id: id, at: starts[id]! + Point(id > 2 ? 40 : 0, 0), time: 1)) }
        XCTAssertEqual(edits.count, 0, "let go before the split: no edit")
        XCTAssertEqual(canvas.page, before)
        // It springs back over the next frames (see the tests below), and then lies where it began.
        let frames = framesUntilStill(canvas)
        XCTAssertFalse(canvas.isAnimating, "the spring-back ends")
        XCTAssertEqual(try rendered(shown, after: canvas.takeRenderWork() + frames.joined()), before.items,
                       "the renderer shows it sprung back")
        XCTAssertEqual(canvas.page.index(of: id), 0)
    }

    func testShiftDragPullsTheNearHalfAndSplitsOffACopyThatFollowsThePointer() throws {
        let (canvas, id) = canvasWithScrap()
        let before = canvas.page
        let edits = SavedEdits()
        canvas.editor.savesTo = edits
        _ = canvas.handle(key("v"))
        _ = canvas.takeRenderWork()
        // Pressed at (180, 140): the right half. Dragged 250 right (the scrap is 100 wide: past twice).
        _ = canvas.handle(.pointerDown(sample(180, 140), button: 1, shift: true))
        _ = canvas.handle(.pointerMoved(sample(220, 140, 0.1)))
        let warping = try rendered(before.items, after: canvas.takeRenderWork())
        guard case let .scrap(warped) = warping[0].content else { return XCTFail("shown") }
        XCTAssertEqual(try XCTUnwrap(warped.transform.apply(Point(100, 40))).x, 240, accuracy: 1e-6,
                       "the near edge follows the pointer")
        XCTAssertEqual(try XCTUnwrap(warped.transform.apply(Point(0, 40))).x, 100, accuracy: 1e-6, "the far edge stays")
        for i in 1...10 { _ = canvas.handle(.pointerMoved(sample(180 + 25 * Double(i), 140, 0.1 + Double(i) / 100))) }
        XCTAssertEqual(try rendered(warping, after: canvas.takeRenderWork()).count, 2, "split on screen before the release")
        _ = canvas.handle(.pointerUp(sample(430, 140, 0.3), button: 1))
        XCTAssertEqual(edits.count, 1)
        XCTAssertEqual(canvas.page.items.count, 2)
        XCTAssertEqual(try scrap(at: 0, in: canvas).transform, Homography(.translation(100, 100)), "the original stays anchored")
        let copy = try scrap(at: 1, in: canvas)
        XCTAssertEqual(try XCTUnwrap(copy.transform.apply(Point(0, 0))).distance(to: Point(350, 100)), 0, accuracy: 1e-6)
        XCTAssertEqual(canvas.page.items[0].id, id)
        canvas.undo()
        XCTAssertEqual(canvas.page, before)
    }

    func testShiftDragLetGoBeforeTheSplitSpringsBackAndAPlainDragStillMoves() throws {
        let (canvas, id) = canvasWithScrap()
        let before = canvas.page
        let edits = SavedEdits()
        canvas.editor.savesTo = edits
        _ = canvas.handle(key("v"))
        // The top half (press near the top edge), pulled up 60: a stretch of 1.75 down, not split.
        _ = canvas.handle(.pointerDown(sample(150, 105), button: 1, shift: true))
        for i in 1...6 { _ = canvas.handle(.pointerMoved(sample(150, 105 - 10 * Double(i), Double(i) / 10))) }
        _ = canvas.handle(.pointerUp(sample(150, 45, 0.7), button: 1))
        XCTAssertEqual(edits.count, 0)
        XCTAssertEqual(canvas.page, before)
        // Without Shift the same drag moves the scrap, as before.
        _ = canvas.handle(.pointerDown(sample(150, 105, 5), button: 1))
        _ = canvas.handle(.pointerMoved(sample(150, 45, 5.1)))
        _ = canvas.handle(.pointerUp(sample(150, 45, 5.2), button: 1))
        XCTAssertEqual(edits.count, 1)
        XCTAssertEqual(try scrap(at: 0, in: canvas).transform.apply(Point(0, 0)), Point(100, 40))
        XCTAssertEqual(canvas.page.items.map(\.id), [id])
    }

    /// The scrap's corners on the page as the renderer's list has it (its 100×80 outline placed).
    private func corners(of items: [PageItem]) throws -> [Point] {
        guard case let .scrap(s) = items.first?.content else { throw XCTSkip("no scrap shown") }
        return try Quadrilateral(Rect(x: 0, y: 0, width: 100, height: 80)).corners.map { try XCTUnwrap(s.transform.apply($0)) }
    }

    /// After a release before the split (`shown`: the renderer's list then): frame by frame the scrap's
    /// drawn quad (the held picture's map and the item alike) comes home, every corner closer each
    /// frame, easing out, over 0.2–0.3 s; the last frame puts it down exactly where it lies on the page,
    /// which never changed; then nothing moves.
    private func assertSpringsBack(_ canvas: CanvasController, before: Page, shown: [PageItem],
                                   file: StaticString = #filePath, line: UInt = #line) throws {
        let home = try corners(of: before.items)
        let released = try corners(of: shown)
        func farthest(_ c: [Point]) -> Double { zip(c, home).map { $0.distance(to: $1) }.max()! }
        XCTAssertGreaterThan(farthest(released), 20, "it was let go warped", file: file, line: line)
        XCTAssertTrue(canvas.isAnimating, "let go, it springs back over the next frames", file: file, line: line)
        let frames = framesUntilStill(canvas)
        XCTAssertFalse(canvas.isAnimating, file: file, line: line)
        XCTAssertEqual(Double(frames.count) / 60, SpringBack.duration, accuracy: 1.5 / 60, file: file, line: line)
        XCTAssertTrue((0.2...0.3).contains(SpringBack.duration), file: file, line: line)
        var list = shown
        var distances = [farthest(released)]
        var previous = released
        for (n, work) in frames.enumerated() {
            list = try rendered(list, after: work)
            let c = try corners(of: list)
            let isLast = n == frames.count - 1
            if isLast {
                XCTAssertEqual(list, before.items, "the last frame puts it back exactly", file: file, line: line)
                XCTAssertEqual(work.last, .drop, "and down into the page's layers", file: file, line: line)
                distances.append(0)
                continue
            }
            XCTAssertFalse(work.contains(.drop), "held up until it lands (frame \(n))", file: file, line: line)
            // The held picture is drawn through the frame's map: it takes the page area to the same
            // place as the item's own placement does.
            guard case let .moveLifted(map)? = work.last(where: { if case .moveLifted = $0 { true } else { false } }) else {
                XCTFail("frame \(n) moves the held scrap", file: file, line: line)
                continue
            }
            let drawn = try Quadrilateral(Rect(x: 100, y: 100, width: 100, height: 80)).corners.map { try XCTUnwrap(map.apply($0)) }
            for (a, b) in zip(drawn, c) { XCTAssertEqual(a.distance(to: b), 0, accuracy: 1e-6, file: file, line: line) }
            // Each corner that was out comes closer (an anchored one, home all along, stays there).
            for k in 0..<4 {
                let (now, then) = (c[k].distance(to: home[k]), previous[k].distance(to: home[k]))
                if then > 1e-9 {
                    XCTAssertLessThan(now, then, "every corner comes closer (frame \(n))", file: file, line: line)
                } else {
                    XCTAssertLessThanOrEqual(now, 1e-9, "a corner at home stays (frame \(n))", file: file, line: line)
                }
            }
            previous = c
            distances.append(farthest(c))
        }
        for (a, b) in zip(distances, distances.dropFirst()) {
            XCTAssertLessThan(b, a, "nearer home each frame: \(distances)", file: file, line: line)
        }
        // Eased out: the first frame goes furthest, the last steps are small; and it does not jump.
        XCTAssertGreaterThan(distances[1], distances[0] / 2, "the first frame is still well out: \(distances)", file: file, line: line)
        XCTAssertGreaterThan(distances[0] - distances[1], distances[distances.count - 3] - distances[distances.count - 2],
                             file: file, line: line)
        XCTAssertEqual(canvas.page, before, "the page never changed", file: file, line: line)
        canvas.animate(now: clockTime + 1)
        XCTAssertEqual(canvas.takeRenderWork(), [], "nothing moves once it has landed", file: file, line: line)
    }

    func testFourFingersLetGoBeforeTheSplitSpringBackOverFramesToExactlyWhereTheScrapLies() throws {
        let (canvas, _) = canvasWithScrap()
        let before = canvas.page
        let edits = SavedEdits()
        canvas.editor.savesTo = edits
        _ = canvas.takeRenderWork()
        let starts: [Int: Point] = [1: Point(115, 120), 2: Point(115, 160), 3: Point(185, 120), 4: Point(185, 160)]
        for id in starts.keys.sorted() { _ = canvas.handle(.touchBegan(id: id, at: starts[id]!, time: 0)) }
        // The right hand out by 50 and down by 20: warped, under the split rule.
        for step in 1...5 {
            for id in [3, 4] { _ = canvas.handle(.touchMoved(id: id, at: starts[id]! + Point(10, 4) * Double(step), time: Double(step) / 10)) }
        }
        _ = canvas.handle(.touchEnded(id: 3, at: starts[3]! + Point(50, 20), time: 0.6))
        let shown = try rendered(before.items, after: canvas.takeRenderWork())
        for id in [4, 1, 2] { _ = canvas.handle(.touchEnded(id: id, at: starts[id]! + (id == 4 ? Point(50, 20) : .zero), time: 0.62)) }
        try assertSpringsBack(canvas, before: before, shown: shown)
        XCTAssertEqual(edits.count, 0, "nothing stored: nothing to undo")
    }

    func testShiftDragLetGoBeforeTheSplitSpringsBackOverFrames() throws {
        let (canvas, _) = canvasWithScrap()
        let before = canvas.page
        let edits = SavedEdits()
        canvas.editor.savesTo = edits
        _ = canvas.handle(key("v"))
        _ = canvas.takeRenderWork()
        // The right half pulled 70 right and 30 down: a stretch of 1.7, not split.
        _ = canvas.handle(.pointerDown(sample(180, 140), button: 1, shift: true))
        for i in 1...7 { _ = canvas.handle(.pointerMoved(sample(180 + 10 * Double(i), 140 + 30 * Double(i) / 7, Double(i) / 10))) }
        _ = canvas.handle(.pointerUp(sample(250, 170, 0.8), button: 1))
        let shown = try rendered(before.items, after: canvas.takeRenderWork())
        try assertSpringsBack(canvas, before: before, shown: shown)
        XCTAssertEqual(edits.count, 0)
    }

    func testANewGestureOnTheScrapWhileItSpringsBackLandsItAtOnceAndStartsFromThere() throws {
        let (canvas, id) = canvasWithScrap()
        let before = canvas.page
        let edits = SavedEdits()
        canvas.editor.savesTo = edits
        _ = canvas.handle(key("v"))
        _ = canvas.takeRenderWork()
        _ = canvas.handle(.pointerDown(sample(180, 140), button: 1, shift: true))
        _ = canvas.handle(.pointerMoved(sample(250, 140, 0.1)))
        _ = canvas.handle(.pointerUp(sample(250, 140, 0.2), button: 1))
        var list = try rendered(before.items, after: canvas.takeRenderWork())
        for _ in 0..<3 {
            clockTime += 1.0 / 60
            canvas.animate(now: clockTime)
        }
        list = try rendered(list, after: canvas.takeRenderWork())
        XCTAssertNotEqual(list, before.items, "still on its way home")
        // Pressed again on the scrap, three frames in (no Shift: a move): it lands at once, before the
        // new gesture touches it, and the move starts from where it lies.
        _ = canvas.handle(.pointerDown(sample(150, 140, 1), button: 1))
        XCTAssertFalse(canvas.isAnimating, "landed at once")
        let work = canvas.takeRenderWork()
        XCTAssertEqual(try rendered(list, after: work), before.items, "the renderer shows it where it lies")
        XCTAssertTrue(work.contains(.drop))
        _ = canvas.handle(.pointerMoved(sample(160, 150, 1.1)))
        _ = canvas.handle(.pointerUp(sample(160, 150, 1.2), button: 1))
        XCTAssertEqual(edits.count, 1, "the move is the one edit")
        XCTAssertEqual(try scrap(at: 0, in: canvas).transform, Homography(.translation(110, 110)))
        XCTAssertEqual(canvas.page.items.map(\.id), [id])
        canvas.animate(now: clockTime + 1)
        XCTAssertEqual(try rendered(try rendered(list, after: work), after: canvas.takeRenderWork()), canvas.page.items,
                       "no stale spring-back frame follows")
    }

    /// With no frames to come (a replay ends), a scrap still springing back is landed at once.
    func testFinishingAnimationsLandsASpringingScrapWhereItLies() throws {
        let (canvas, _) = canvasWithScrap()
        let before = canvas.page
        _ = canvas.handle(key("v"))
        _ = canvas.takeRenderWork()
        _ = canvas.handle(.pointerDown(sample(180, 140), button: 1, shift: true))
        _ = canvas.handle(.pointerMoved(sample(240, 150, 0.1)))
        _ = canvas.handle(.pointerUp(sample(240, 150, 0.2), button: 1))
        let shown = try rendered(before.items, after: canvas.takeRenderWork())
        XCTAssertNotEqual(shown, before.items)
        XCTAssertTrue(canvas.isAnimating)
        canvas.finishAnimations()
        XCTAssertFalse(canvas.isAnimating)
        let work = canvas.takeRenderWork()
        XCTAssertEqual(work.last, .drop)
        XCTAssertEqual(try rendered(shown, after: work), before.items)
        XCTAssertEqual(canvas.page, before)
    }

    /// A pointer-down logged before Shift was recorded reads as without it.
    func testOldInputLogsWithoutShiftStillDecode() throws {
        let event = WindowEvent.pointerDown(sample(1, 2), button: 1)
        let data = try JSONEncoder().encode(event)
        XCTAssertFalse(String(decoding: data, as: UTF8.self).contains("shift"))
        XCTAssertEqual(try JSONDecoder().decode(WindowEvent.self, from: data), event)
        let shifted = WindowEvent.pointerDown(sample(1, 2), button: 1, shift: true)
        XCTAssertEqual(try JSONDecoder().decode(WindowEvent.self, from: JSONEncoder().encode(shifted)), shifted)
    }
}
