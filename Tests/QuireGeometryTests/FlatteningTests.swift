import QuireGeometry
import XCTest

final class FlatteningTests: XCTestCase {
    func testEveryChordStaysWithinTheTolerance() {
        let path = try! BezierPath(svgPathData: "M0 0 C 0 300 300 300 300 0 Q 450 -200 600 0 L 600 100 Z")
        for tolerance in [1.0, 0.1, 0.01] {
            let (points, closed) = path.flattened(tolerance: tolerance)[0]
            XCTAssertTrue(closed)
            XCTAssertEqual(points.first, Point(0, 0))
            for (p, q) in zip(points, points.dropFirst()) {
                XCTAssertLessThanOrEqual(distance(from: (p + q) / 2, to: path), tolerance * 1.001)
            }
        }
    }

    func testLinesAreNotSubdivided() {
        let square = BezierPath(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(square.flattened(tolerance: 0.001)[0].points.count, 5)
    }

    func testFinerToleranceNeedsMorePoints() {
        let c = BezierPath(circleAt: .zero, radius: 100)
        XCTAssertLessThan(c.flattened(tolerance: 1)[0].points.count, c.flattened(tolerance: 0.01)[0].points.count)
    }
}
