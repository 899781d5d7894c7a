import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// The ruler in the real window, on Xorg with inputtest's pen and touchscreen and XTEST keys: R shows
/// it, a wavering pen stroke along its edge is saved straight to within half a pixel, two fingers held
/// still lay it at their angle, Escape hides it, and it is never part of the page.
final class RulerWindowTests: XCTestCase {
    private var window: XorgNotebookWindow!

    override func setUpWithError() throws {
        if let missing = XorgServer.unavailability() { try Requirement.unmet(missing.description) }
        window = try XorgNotebookWindow(devices: [.pen(), .touchscreen(), .keyboard()], title: "Ruled")
    }

    override func tearDown() {
        window?.stop()
        window = nil
    }

    private func screen() -> RGBAImage { window.screen() }
    /// The ruler's translucent blue over white paper.
    private func isRuler(_ x: Int, _ y: Int) -> Bool { let p = screen()[x, y]; return p.b > 235 && Int(p.b) - Int(p.r) >= 18 && p.r > 150 }
    private func isPaper(_ x: Int, _ y: Int) -> Bool { let p = screen()[x, y]; return p.r > 235 && p.g > 235 && p.b > 235 }
    private func saved() -> Page? { window.saved() }
    private var driver: XDisplayDriver { window.driver }
    private func units(_ p: Point) -> (Double, Double) { window.units(p) }

    func testAPenStrokeAlongTheEdgeIsStraightToHalfAPixelAndTheRulerIsNoItem() throws {
        driver.key("r")
        // 1024 × 768: level across the middle, 819 long and 64 wide; its lower edge at y 416.
        XCTAssertTrue(eventually { self.isRuler(450, 392) && self.isPaper(450, 460) },
                      "the ruler shows: \(screen().saveForInspection(named: "ruler-shown")) \(window.text)")
        let points = (0...80).map { Point(200 + Double($0) * 7, 424 + 6 * sin(Double($0) / 3)) }
        let pen = try window.penDown(through: points, pressure: 700)
        try window.lift(pen, at: points[points.count - 1])
        XCTAssertTrue(eventually { self.saved()?.strokes.count == 1 }, window.text)
        let stroke = try XCTUnwrap(saved()?.strokes.first)
        XCTAssertGreaterThan(stroke.samples.count, 20)
        let ys = stroke.samples.map(\.position.y)
        XCTAssertLessThanOrEqual(ys.max()! - ys.min()!, 0.5, "straight along the edge: y from \(ys.min()!) to \(ys.max()!)")
        XCTAssertEqual(ys[0], 416, accuracy: 0.5, "on the lower edge")
        XCTAssertEqual(saved()?.items.count, 1, "the ruler is not on the page")

        driver.key("Escape")
        XCTAssertTrue(eventually { !self.isRuler(450, 392) }, "Escape hides it: \(screen().saveForInspection(named: "ruler-hidden"))")
    }

    func testTwoFingersHeldStillLayTheRulerAtTheirAngle() throws {
        let touch = try window.server.connect(EmulatedDevice.touchName)
        // 45° up to the right, about (500, 400).
        let a = units(Point(400, 500)), b = units(Point(600, 300))
        try touch.touchBegin(id: 0, x: a.0, y: a.1)
        try touch.touchBegin(id: 1, x: b.0, y: b.1)
        try touch.sync()
        // On the ruler's line, away from the fingers: blue once it is laid.
        XCTAssertTrue(eventually { self.isRuler(660, 240) && self.isRuler(340, 560) && self.isPaper(660, 340) },
                      "laid along the fingers: \(screen().saveForInspection(named: "ruler-fingers")) \(window.text)")
        try touch.touchEnd(id: 0, x: a.0, y: a.1)
        try touch.touchEnd(id: 1, x: b.0, y: b.1)
        try touch.sync()
        driver.key("r")
        XCTAssertTrue(eventually { !self.isRuler(660, 240) }, "R hides it")
    }
}
