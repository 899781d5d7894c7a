import QuireDocument
import QuireGeometry
import QuireInk
import QuireX11
import XCTest
@testable import QuireApp

/// A stroke held still at its end becomes its clean shape, on the canvas alone with a clock the test
/// moves: shown while held, kept when lifted as one undo step after the hand-drawn stroke, given up
/// when the pen moves on, never for the eraser or for what is no shape.
final class HeldShapeTests: XCTestCase {
    private var now = 100.0
    private var canvas: CanvasController!

    override func setUp() {
        canvas = CanvasController()
        canvas.clock = { [unowned self] in now }
    }

    private func sample(_ p: Point) -> InputSample {
        InputSample(position: p, pressure: 0.6, time: now, device: .pen, deviceID: 3)
    }

    /// A rough rectangle (200 × 120 at 100, 100) drawn a sample every 4 ms, corners rounded and sides wavering.
    private var roughRectangle: [Point] {
        let corners = [Point(100, 100), Point(300, 100), Point(300, 220), Point(100, 220), Point(100, 100)]
        var points: [Point] = []
        for (a, b) in zip(corners, corners.dropFirst()) {
            for k in 0..<40 {
                let t = Double(k) / 40
                let p = a.lerp(to: b, t)
                points.append(p + (b - a).normalized.perpendicular * (2.5 * sin(t * 7)))
            }
        }
        return points + [Point(103, 100)]
    }

    private func draw(_ points: [Point]) {
        _ = canvas.handle(.pointerDown(sample(points[0]), button: 1))
        for point in points.dropFirst() {
            now += 0.004
            _ = canvas.handle(.pointerMoved(sample(point)))
        }
    }

    private func lift(at point: Point) {
        _ = canvas.handle(.pointerUp(sample(point), button: 1))
    }

    func testARectangleHeldHalfASecondIsShownCleanKeptOnLiftAndOneUndoGivesTheHandDrawnStrokeBack() throws {
        let drawn = roughRectangle
        draw(drawn)
        let wake = try XCTUnwrap(canvas.wakeTime, "held, the canvas asks to be woken")
        XCTAssertEqual(wake, now + StrokeHold.seconds, accuracy: 1e-9)
        _ = canvas.takeRenderWork()
        now += 0.3
        canvas.tick(now: now)
        XCTAssertTrue(canvas.takeRenderWork().isEmpty, "not yet")
        now += 0.25
        canvas.tick(now: now)
        let shown = canvas.takeRenderWork()
        XCTAssertEqual(shown.first, .cancelStroke, "the hand-drawn live stroke goes")
        guard shown.count > 1, case .beginStroke = shown[1] else { return XCTFail("the clean one is drawn live: \(shown)") }
        XCTAssertNil(canvas.wakeTime, "shown: nothing more to wake for")
        XCTAssertTrue(canvas.page.items.isEmpty, "nothing on the page until the pen lifts")

        lift(at: drawn[drawn.count - 1])
        XCTAssertFalse(canvas.isDrawing)
        XCTAssertEqual(canvas.page.strokes.count, 1)
        let clean = canvas.page.strokes[0]
        for sample in clean.samples {
            let p = sample.position
            let onSide = min(abs(p.x - 100), abs(p.x - 300), abs(p.y - 100), abs(p.y - 220))
            XCTAssertLessThan(onSide, 3, "on the rectangle: \(p)")
            XCTAssertEqual(sample.pressure, 0.6)
        }
        XCTAssertEqual(canvas.editor.history.done.map(\.label), ["stroke", "rectangle from the stroke"])

        canvas.undo()
        XCTAssertEqual(canvas.page.strokes.count, 1)
        XCTAssertEqual(canvas.page.strokes[0].samples.map(\.position), drawn + [drawn[drawn.count - 1]],
                       "undo gives back the hand-drawn stroke, every sample")
        canvas.undo()
        XCTAssertTrue(canvas.page.items.isEmpty)
        canvas.redo()
        canvas.redo()
        XCTAssertEqual(canvas.page.strokes.map(\.samples), [clean.samples])
    }

    func testLiftedBeforeHalfASecondTheHandDrawnStrokeIsKeptAsOneStep() {
        let drawn = roughRectangle
        draw(drawn)
        now += 0.45
        canvas.tick(now: now)
        lift(at: drawn[drawn.count - 1])
        XCTAssertEqual(canvas.page.strokes.count, 1)
        XCTAssertEqual(canvas.page.strokes[0].samples.count, drawn.count + 1)
        XCTAssertEqual(canvas.editor.history.done.map(\.label), ["stroke"])
    }

    func testAPenStillButTremblingIsHeldAndMovingOnAfterTheShapeShowedGoesBackToTheHandsStroke() {
        let drawn = roughRectangle
        draw(drawn)
        // A tablet sends samples while the pen rests: a pixel this way and that, for 0.6 s.
        for k in 0..<150 {
            now += 0.004
            _ = canvas.handle(.pointerMoved(sample(drawn[drawn.count - 1] + Point(k % 2 == 0 ? 1 : -1, 0.5))))
        }
        let work = canvas.takeRenderWork()
        XCTAssertTrue(work.contains(.cancelStroke), "shown as the shape while the pen trembled in place")
        // Then on, away to the right: the hand's stroke again, with every sample.
        for x in stride(from: 110.0, through: 200, by: 5) {
            now += 0.004
            _ = canvas.handle(.pointerMoved(sample(Point(x, 100))))
        }
        lift(at: Point(200, 100))
        XCTAssertEqual(canvas.page.strokes.count, 1)
        XCTAssertEqual(canvas.page.strokes[0].samples.count, drawn.count + 150 + 19 + 1)
        XCTAssertEqual(canvas.editor.history.done.map(\.label), ["stroke"])
    }

    func testTheEraserAndAScribbleStayAsDrawn() {
        let scribble = (0..<120).map { k in Point(200 + 60 * sin(Double(k) * 0.9), 200 + 40 * cos(Double(k) * 1.7)) }
        draw(scribble)
        now += 1
        canvas.tick(now: now)
        XCTAssertNil(canvas.wakeTime, "tried once; no shape, nothing more to wake for")
        lift(at: scribble[scribble.count - 1])
        XCTAssertEqual(canvas.page.strokes.first?.samples.count, scribble.count + 1)

        canvas.select(.eraser)
        draw(roughRectangle)
        XCTAssertNil(canvas.wakeTime, "the eraser asks for no shape")
        now += 1
        canvas.tick(now: now)
        lift(at: Point(103, 100))
        XCTAssertEqual(canvas.editor.history.done.map(\.label), ["stroke", "erasing"])
    }
}
