import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// Held strokes in the real window, on Xorg with inputtest's pen: a wavering rectangle held still
/// shows clean on screen, is saved clean when the pen lifts, and Ctrl+Z gives back the hand-drawn one;
/// lifted at once it stays as drawn.
final class HeldShapeWindowTests: XCTestCase {
    private var window: XorgNotebookWindow!

    override func setUpWithError() throws {
        if let missing = XorgServer.unavailability() { try Requirement.unmet(missing.description) }
        window = try XorgNotebookWindow(devices: [.pen(), .keyboard()], title: "Shapes")
    }

    override func tearDown() {
        window?.stop()
        window = nil
    }

    private func screen() -> RGBAImage { window.screen() }
    private func isInk(_ x: Int, _ y: Int) -> Bool { let p = screen()[x, y]; return p.r < 120 && p.g < 120 && p.b < 120 }
    private func saved() -> Page? { window.saved() }
    private var driver: XDisplayDriver { window.driver }

    /// A rectangle from (300, 250) to (600, 450) drawn zigzagging 5 px either side of its sides, a
    /// zig every 40 px: out to y 245 at x 470 on the top side.
    private let wavering: [Point] = {
        let corners = [Point(300, 250), Point(600, 250), Point(600, 450), Point(300, 450), Point(300, 250)]
        var points: [Point] = []
        for (a, b) in zip(corners, corners.dropFirst()) {
            let outward = -(b - a).normalized.perpendicular
            let length = a.distance(to: b)
            for s in stride(from: 0.0, to: length, by: 5) {
                points.append(a.lerp(to: b, s / length) + outward * (5 * sin(2 * .pi * (s - 10) / 40 + .pi / 2)))
            }
        }
        return points + [Point(304, 250)]
    }()

    /// How far `p` is from the rectangle's nearest side.
    private static func offSides(_ p: Point) -> Double {
        let inX = p.x >= 300 && p.x <= 600, inY = p.y >= 250 && p.y <= 450
        return min(inX ? min(abs(p.y - 250), abs(p.y - 450)) : .infinity, inY ? min(abs(p.x - 300), abs(p.x - 600)) : .infinity)
    }

    func testAWaveringRectangleHeldStillShowsCleanIsSavedCleanAndUndoGivesBackTheHandDrawnOne() throws {
        let pen = try window.penDown(through: wavering)
        // Drawn, the top side zigs out to y 245 at x 470; held, the clean side runs at y 250.
        XCTAssertTrue(eventually { self.isInk(470, 245) }, "the hand-drawn stroke shows: \(screen().saveForInspection(named: "held-drawn"))")
        XCTAssertTrue(eventually { self.isInk(470, 250) && !self.isInk(470, 245) },
                      "held, the clean rectangle shows: \(screen().saveForInspection(named: "held-clean")) \(window.text)")
        try window.lift(pen, at: wavering[wavering.count - 1])
        XCTAssertTrue(eventually { self.saved()?.strokes.count == 1 && self.saved()?.strokes.first?.samples.count != nil })
        XCTAssertTrue(eventually { (self.saved()?.strokes.first?.samples.map { Self.offSides($0.position) }.max() ?? .infinity) < 2.5 },
                      "saved clean: every sample within 2.5 px of a side: \(window.text)")

        driver.key("z", control: true)
        XCTAssertTrue(eventually { (self.saved()?.strokes.first?.samples.map { Self.offSides($0.position) }.max() ?? 0) > 4 },
                      "undo gives back the hand-drawn stroke, 5 px out in places: \(window.text)")
        XCTAssertEqual(saved()?.strokes.count, 1)
        XCTAssertTrue(eventually { self.isInk(470, 245) }, "and shows it")
        driver.key("z", control: true)
        XCTAssertTrue(eventually { self.saved()?.items.isEmpty == true }, "undo again takes it away")
    }

    func testLiftedAtOnceTheStrokeStaysAsDrawn() throws {
        let pen = try window.penDown(through: wavering)
        try window.lift(pen, at: wavering[wavering.count - 1])
        XCTAssertTrue(eventually { self.saved()?.strokes.count == 1 }, window.text)
        let off = try XCTUnwrap(saved()?.strokes.first).samples.map { Self.offSides($0.position) }.max() ?? 0
        XCTAssertGreaterThan(off, 4, "the hand's zigzag is kept")
        XCTAssertTrue(eventually { self.isInk(470, 245) })
    }
}
