import QuireGeometry
import XCTest
@testable import QuireInk

final class ArcLengthTableTests: XCTestCase {
    func testAStraightCubicIsMeasuredInOnePiece() {
        var table = ArcLengthTable()
        table.measure(BezierCurve(line: Point(0, 0), Point(6, 8)))
        XCTAssertEqual(table.totalLength, 10, accuracy: 1e-12)
        XCTAssertEqual(table.parameters, [0, 1])
    }

    func testACurveIsMeasuredToTheStatedTolerance() {
        // The usual cubic quarter circle of radius 100.
        let k = 0.5522847498 * 100
        let arc = BezierCurve(cubic: Point(100, 0), Point(100, k), Point(k, 100), Point(0, 100))
        var reference = 0.0
        var last = arc.start
        for i in 1...200_000 {
            let p = arc.point(at: Double(i) / 200_000)
            reference += last.distance(to: p)
            last = p
        }
        var table = ArcLengthTable(tolerance: 0.01)
        table.measure(arc)
        let pieces = Double(table.parameters.count - 1)
        XCTAssertGreaterThan(pieces, 1)
        XCTAssertEqual(table.totalLength, reference, accuracy: 0.02 * pieces)
        XCTAssertEqual(table.totalLength, 157.08, accuracy: 0.05)
    }

    func testParameterLookupIsLinearInsideAPiece() {
        var table = ArcLengthTable()
        table.measure(BezierCurve(line: Point(0, 0), Point(10, 0)))
        var hint = 1
        XCTAssertEqual(table.parameter(atLength: 2.5, hint: &hint), 0.25, accuracy: 1e-15)
        XCTAssertEqual(table.parameter(atLength: 10, hint: &hint), 1, accuracy: 1e-15)
    }
}
