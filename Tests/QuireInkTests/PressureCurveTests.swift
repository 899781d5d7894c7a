import QuireGeometry
import XCTest
@testable import QuireInk

final class PressureCurveTests: XCTestCase {
    func testLinearIsTheIdentity() {
        for p in [0.0, 0.1, 0.3, 0.5, 0.77, 1] {
            XCTAssertEqual(PressureCurve.linear.value(at: p), p, accuracy: 1e-12)
        }
        XCTAssertEqual(PressureCurve(wacom: 0, 0, 100, 100), .linear)
    }

    func testSoftAndFirmAtTheCurvesMidParameter() {
        // At t = ½, soft's point is x = 3·¼·½·½ + ⅛ = 0.3125, y = 3·¼·½·½ + 3·½·¼ + ⅛ = 0.6875.
        XCTAssertEqual(PressureCurve.soft.value(at: 0.3125), 0.6875, accuracy: 1e-12)
        XCTAssertEqual(PressureCurve.firm.value(at: 0.6875), 0.3125, accuracy: 1e-12)
    }

    func testOutOfRangePressureIsClamped() {
        XCTAssertEqual(PressureCurve.soft.value(at: -0.5), 0)
        XCTAssertEqual(PressureCurve.soft.value(at: 1.5), 1)
    }

    func testTheCurveIsMonotonic() {
        var last = -1.0
        for i in 0...1000 {
            let v = PressureCurve(Point(0.9, 0.05), Point(0.1, 0.95)).value(at: Double(i) / 1000)
            XCTAssertGreaterThanOrEqual(v, last - 1e-12)
            last = v
        }
    }
}
