import QuireDocument
import QuireGeometry
import QuireInk
import QuireX11
import XCTest
@testable import QuireApp

/// The ruler on the canvas alone (no X server, a clock the test moves): shown and hidden by keys, ink
/// begun at its edge laid exactly on it, moved by its middle and turned by an end with 15° snapping,
/// laid by two fingers held still and carried by them, and never on the page.
final class RulerTests: XCTestCase {
    private var now = 10.0
    private var canvas: CanvasController!

    override func setUp() {
        canvas = CanvasController()
        canvas.clock = { [unowned self] in now }
        _ = canvas.handle(.resized(width: 1000, height: 800))
    }

    private func key(_ text: String, keysym: UInt? = nil) {
        _ = canvas.handle(.key(KeyInput(keysym: keysym ?? UInt(text.unicodeScalars.first!.value), text: text)))
    }

    private func sample(_ x: Double, _ y: Double) -> InputSample {
        InputSample(position: Point(x, y), pressure: 0.5, time: now, device: .pen)
    }

    private func stroke(_ points: [Point]) {
        _ = canvas.handle(.pointerDown(sample(points[0].x, points[0].y), button: 1))
        for p in points.dropFirst() {
            now += 0.004
            _ = canvas.handle(.pointerMoved(sample(p.x, p.y)))
        }
        _ = canvas.handle(.pointerUp(sample(points[points.count - 1].x, points[points.count - 1].y), button: 1))
    }

    func testRShowsTheRulerLevelAcrossTheMiddleAndROrEscapeHidesIt() throws {
        XCTAssertNil(canvas.ruler)
        key("r")
        let ruler = try XCTUnwrap(canvas.ruler)
        XCTAssertEqual(ruler.centre, Point(500, 400))
        XCTAssertEqual(ruler.angle, 0)
        XCTAssertEqual(ruler.length, 800, "four fifths of the window's width")
        XCTAssertEqual(ruler.width, Ruler.windowWidth)
        XCTAssertEqual(ruler.degrees, 0)
        XCTAssertFalse(canvas.overlay.isEmpty, "drawn over the page")
        key("r")
        XCTAssertNil(canvas.ruler)
        key("r")
        key("", keysym: Keysym.escape)
        XCTAssertNil(canvas.ruler)
        XCTAssertTrue(canvas.overlay.isEmpty)
    }

    func testInkBegunNearAnEdgeFollowsItExactlyAndInkElsewhereIsUntouched() throws {
        key("r")
        // The lower edge runs at y 432 from x 100 to 900; a wobbly stroke begun 6 px below it.
        let wobbly = (0...100).map { Point(150 + Double($0) * 6, 438 + 9 * sin(Double($0) / 4)) }
        stroke(wobbly)
        let laid = try XCTUnwrap(canvas.page.strokes.first)
        XCTAssertEqual(laid.samples.count, wobbly.count + 1)
        for s in laid.samples { XCTAssertEqual(s.position.y, 432, accuracy: 1e-9, "on the edge: \(s.position)") }
        XCTAssertEqual(laid.samples.first?.position.x ?? 0, 150, accuracy: 1e-9)
        XCTAssertEqual(laid.samples.last?.position.x ?? 0, 750, accuracy: 1e-9)
        // Past the ruler's end the ink stops at the end.
        stroke([Point(800, 370), Point(950, 370)])
        XCTAssertEqual(canvas.page.strokes[1].samples.map(\.position.x).max(), 900)
        XCTAssertTrue(canvas.page.strokes[1].samples.allSatisfy { $0.position.y == 368 }, "the upper edge")
        // Away from both edges: as drawn.
        stroke([Point(150, 600), Point(300, 640)])
        XCTAssertEqual(canvas.page.strokes[2].samples.last?.position, Point(300, 640))
        XCTAssertEqual(canvas.page.items.count, 3, "the ruler itself is no item")
    }

    func testAStrokeAlongTheRulerIsNeverTakenForAShape() {
        key("r")
        _ = canvas.handle(.pointerDown(sample(150, 436), button: 1))
        for x in stride(from: 160.0, through: 500, by: 10) {
            now += 0.004
            _ = canvas.handle(.pointerMoved(sample(x, 436)))
        }
        XCTAssertNil(canvas.wakeTime, "no hold is waited for")
        now += 1
        canvas.tick(now: now)
        _ = canvas.handle(.pointerUp(sample(500, 436), button: 1))
        XCTAssertEqual(canvas.editor.history.done.map(\.label), ["stroke"])
    }

    func testItsMiddleMovesItAndAnEndTurnsItSnappingToFifteenDegrees() throws {
        key("r")
        // The middle: moved 100 right and 50 down; nothing drawn.
        _ = canvas.handle(.pointerDown(sample(500, 400), button: 1))
        _ = canvas.handle(.pointerMoved(sample(560, 430)))
        _ = canvas.handle(.pointerMoved(sample(600, 450)))
        _ = canvas.handle(.pointerUp(sample(600, 450), button: 1))
        XCTAssertEqual(canvas.ruler?.centre, Point(600, 450))
        XCTAssertTrue(canvas.page.items.isEmpty)
        // The right end, turned up 31°: snapped to 30° (a protractor's reading).
        let centre = Point(600, 450)
        func end(at degrees: Double) -> InputSample {
            let a = -degrees * .pi / 180
            return sample(centre.x + 350 * cos(a), centre.y + 350 * sin(a))
        }
        _ = canvas.handle(.pointerDown(end(at: 0), button: 1))
        _ = canvas.handle(.pointerMoved(end(at: 31)))
        XCTAssertEqual(canvas.ruler?.degrees, 30)
        XCTAssertEqual(canvas.ruler?.angle ?? 0, -30 * .pi / 180, accuracy: 1e-12, "exactly")
        _ = canvas.handle(.pointerMoved(end(at: 37)))
        _ = canvas.handle(.pointerUp(end(at: 37), button: 1))
        XCTAssertEqual(canvas.ruler?.degrees, 37, "between the steps it stays where it is put")
        XCTAssertEqual(canvas.ruler?.centre, centre, "turned about its centre")
        // Ink along the turned edge is exactly straight at its angle.
        let ruler = try XCTUnwrap(canvas.ruler)
        let (a, b) = ruler.edge(.lower)
        stroke((0...40).map { a.lerp(to: b, 0.2 + Double($0) / 80) + ruler.across * (4 + 3 * sin(Double($0))) })
        let laid = try XCTUnwrap(canvas.page.strokes.first)
        for s in laid.samples { XCTAssertLessThan(s.position.distance(toSegment: a, b), 1e-9) }
    }

    func testTheSelectToolsPressOnTheRulerMovesTheRuler() {
        canvas.select(.select)
        key("r")
        _ = canvas.handle(.pointerDown(InputSample(position: Point(500, 400), time: now), button: 1))
        _ = canvas.handle(.pointerMoved(InputSample(position: Point(500, 300), time: now)))
        _ = canvas.handle(.pointerUp(InputSample(position: Point(500, 300), time: now), button: 1))
        XCTAssertEqual(canvas.ruler?.centre, Point(500, 300))
    }

    func testTwoFingersHeldStillLayTheRulerBetweenThemAndCarryItWithoutMovingTheView() throws {
        _ = canvas.handle(.touchBegan(id: 1, at: Point(300, 500), time: now))
        _ = canvas.handle(.touchBegan(id: 2, at: Point(600, 327), time: now))
        XCTAssertEqual(canvas.wakeTime ?? 0, now + RulerFingers.holdSeconds, accuracy: 1e-9)
        now += 0.3
        canvas.tick(now: now)
        XCTAssertNil(canvas.ruler, "not yet")
        // Fingers trembling a pixel are still (the view pans that pixel, as two fingers do).
        _ = canvas.handle(.touchMoved(id: 1, at: Point(301, 500), time: now))
        _ = canvas.handle(.touchMoved(id: 2, at: Point(601, 327), time: now))
        now += 0.25
        canvas.tick(now: now)
        let ruler = try XCTUnwrap(canvas.ruler, "laid after half a second")
        XCTAssertEqual(ruler.centre.x, 450, accuracy: 1e-9, "between the fingers, on the page")
        XCTAssertEqual(ruler.degrees, 30, "their line rises 29.9°: snapped to 30°")
        XCTAssertNil(canvas.wakeTime)
        let view = canvas.view
        // Carried: both fingers 100 px right; the ruler follows, the view stays.
        _ = canvas.handle(.touchMoved(id: 1, at: Point(401, 500), time: now))
        _ = canvas.handle(.touchMoved(id: 2, at: Point(701, 327), time: now))
        XCTAssertEqual(canvas.ruler?.centre.x ?? 0, 550, accuracy: 1e-9)
        _ = canvas.handle(.touchEnded(id: 1, at: Point(401, 500), time: now))
        _ = canvas.handle(.touchMoved(id: 2, at: Point(800, 327), time: now))
        _ = canvas.handle(.touchEnded(id: 2, at: Point(800, 327), time: now))
        XCTAssertEqual(canvas.view, view, "carrying the ruler and lifting, the fingers never moved the view")
        XCTAssertEqual(canvas.ruler?.centre.x ?? 0, 550, accuracy: 1e-9, "it stays where they left it")
    }

    func testTwoFingersThatMoveArePanningAndLayNoRuler() {
        let view = canvas.view
        _ = canvas.handle(.touchBegan(id: 1, at: Point(300, 500), time: now))
        _ = canvas.handle(.touchBegan(id: 2, at: Point(600, 500), time: now))
        now += 0.1
        _ = canvas.handle(.touchMoved(id: 1, at: Point(300, 540), time: now))
        _ = canvas.handle(.touchMoved(id: 2, at: Point(600, 560), time: now))
        now += 1
        canvas.tick(now: now)
        XCTAssertNil(canvas.ruler)
        XCTAssertNotEqual(canvas.view, view, "they pan")
    }

    func testTheProtractorReadingRunsFromZeroToOneHundredAndEighty() {
        var ruler = Ruler(centre: Point(0, 0), angle: 0, length: 100, width: 10)
        for (angle, reading) in [(0.0, 0), (-30.0, 30), (30.0, 150), (-90.0, 90), (90.0, 90), (-179.6, 0), (180.0, 0)] {
            ruler.angle = angle * .pi / 180
            XCTAssertEqual(ruler.degrees, reading, "\(angle)°")
        }
        XCTAssertEqual(Ruler.snapped(44 * .pi / 180), 45 * .pi / 180, accuracy: 1e-12)
        XCTAssertEqual(Ruler.snapped(41 * .pi / 180), 41 * .pi / 180, accuracy: 1e-12)
    }
}
