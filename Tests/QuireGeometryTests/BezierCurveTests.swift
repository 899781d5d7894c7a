@testable import QuireGeometry
import XCTest

final class BezierCurveTests: XCTestCase {
    let s = BezierCurve(cubic: Point(0, 0), Point(0, 100), Point(100, 100), Point(100, 0))

    func testPointAndDerivativeAtKnownParameters() {
        XCTAssertEqual(s.point(at: 0.5), Point(50, 75))
        XCTAssertEqual(s.derivative(at: 0.5), Point(150, 0))
        XCTAssertEqual(s.derivative(at: 0), Point(0, 300))
    }

    func testSplitGivesDeCasteljauControlPoints() {
        let (l, r) = s.split(at: 0.5)
        XCTAssertEqual([l.p0, l.p1, l.p2, l.p3], [Point(0, 0), Point(0, 50), Point(25, 75), Point(50, 75)])
        XCTAssertEqual([r.p0, r.p1, r.p2, r.p3], [Point(50, 75), Point(75, 75), Point(100, 50), Point(100, 0)])
    }

    func testSubcurveMatchesTheOriginal() {
        let piece = s.subcurve(from: 0.2, to: 0.7)
        for k in 0...10 {
            let u = Double(k) / 10
            XCTAssertPointEqual(piece.point(at: u), s.point(at: 0.2 + 0.5 * u), accuracy: 1e-12)
        }
        XCTAssertEqual(s.subcurve(from: 0.7, to: 0.2).start, s.point(at: 0.7))
    }

    func testQuadraticIsElevatedExactlyAndKeepsItsControlPoint() {
        let q = BezierCurve(quad: Point(0, 0), Point(50, 100), Point(100, 0))
        XCTAssertPointEqual(q.point(at: 0.5), Point(50, 50), accuracy: 1e-12)
        XCTAssertPointEqual(q.quadControl, Point(50, 100), accuracy: 1e-12)
        XCTAssertEqual(q.element, .quad(control: q.quadControl, to: Point(100, 0)))
    }

    func testLineKeepsALinearParameter() {
        let l = BezierCurve(line: Point(0, 0), Point(30, 60))
        XCTAssertPointEqual(l.point(at: 0.25), Point(7.5, 15), accuracy: 1e-12)
        XCTAssertEqual(l.arcLength, (30.0 * 30 + 60 * 60).squareRoot(), accuracy: 1e-12)
    }

    func testTightBoundsUseTheExtrema() {
        XCTAssertEqual(s.bounds, Rect(x: 0, y: 0, width: 100, height: 75))
        XCTAssertEqual(s.controlBounds, Rect(x: 0, y: 0, width: 100, height: 100))
    }

    func testTangentOfACurveWhoseFirstControlPointSitsOnItsStart() {
        let c = BezierCurve(cubic: Point(0, 0), Point(0, 0), Point(10, 10), Point(20, 10))
        XCTAssertPointEqual(c.tangent(at: 0), Point(1, 1).normalized, accuracy: 1e-12)
        let d = BezierCurve(cubic: Point(0, 0), Point(10, 0), Point(20, 10), Point(20, 10))
        XCTAssertPointEqual(d.tangent(at: 1), Point(1, 1).normalized, accuracy: 1e-12)
    }
}
