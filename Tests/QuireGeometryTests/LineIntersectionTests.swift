import QuireGeometry
import XCTest

/// Lines against lines, quadratics and cubics, including the tangent cases ClippingBezier fails.
final class LineIntersectionTests: XCTestCase {
    func line(_ a: Point, _ b: Point) -> BezierPath { BezierPath([.move(to: a), .line(to: b)]) }

    func testTwoLinesCrossAtTheirExactPoint() {
        let r = line(Point(0, 0), Point(10, 10)).intersections(with: line(Point(0, 10), Point(10, 0)))
        XCTAssertEqual(r.count, 1)
        XCTAssertEqual(r.intersections[0].point, Point(5, 5))
        XCTAssertEqual(r.intersections[0].kind, .crossing)
        XCTAssertEqual(r.intersections[0].first.t, 0.5)
        XCTAssertEqual(r.intersections[0].second.length, 50.0.squareRoot() , accuracy: 1e-12)
    }

    func testLineAcrossAQuadraticAtTheAnalyticPoints() {
        // x = 100t, y = 200t(1 − t): y = 25 at t = (1 ± √½)/2.
        let arch = BezierPath([.move(to: Point(0, 0)), .quad(control: Point(50, 100), to: Point(100, 0))])
        let r = arch.intersections(with: line(Point(-10, 25), Point(110, 25)))
        XCTAssertEqual(r.points.count, 2)
        XCTAssertPointEqual(r.points[0], Point(50 - 50 * 0.5.squareRoot(), 25), accuracy: 1e-9)
        XCTAssertPointEqual(r.points[1], Point(50 + 50 * 0.5.squareRoot(), 25), accuracy: 1e-9)
        XCTAssertEqual(r.intersections.map(\.kind), [.crossing, .crossing])
    }

    func testHorizontalTangentToAQuadraticIsOneTouch() {
        let arch = BezierPath([.move(to: Point(0, 0)), .quad(control: Point(50, 100), to: Point(100, 0))])
        let r = arch.intersections(with: line(Point(0, 50), Point(100, 50)))
        XCTAssertEqual(r.count, 1)
        XCTAssertPointEqual(r.points[0], Point(50, 50), accuracy: 1e-9)
        XCTAssertEqual(r.intersections[0].kind, .touch)
    }

    func testVerticalTangentToACircleIsOneTouch() {
        let circle = BezierPath(circleAt: Point(300, 300), radius: 130)
        for (x, y) in [(430.0, 300.0), (170.0, 300.0)] {
            let r = circle.intersections(with: line(Point(x, 0), Point(x, 600)))
            XCTAssertEqual(r.count, 1, "x = \(x)")
            XCTAssertPointEqual(r.points[0], Point(x, y), accuracy: 1e-9)
            XCTAssertEqual(r.intersections[0].kind, .touch)
        }
    }

    func testDiagonalTangentInTheMiddleOfACubicIsOneTouch() {
        let circle = BezierPath(circleAt: Point(0, 0), radius: 100)
        let (_, arc) = circle.curves[0]
        for t in [0.5, 0.3, 0.77] {
            let p = arc.point(at: t), d = arc.tangent(at: t)
            let r = circle.intersections(with: line(p - d * 50, p + d * 50))
            XCTAssertEqual(r.count, 1, "t = \(t)")
            XCTAssertPointEqual(r.points[0], p, accuracy: 1e-6)
            XCTAssertEqual(r.intersections.first?.kind, .touch)
        }
    }

    func testLineThroughAVertexIsOneCrossing() {
        let diamond = BezierPath(polygon: [Point(0, -10), Point(10, 0), Point(0, 10), Point(-10, 0)])
        let r = diamond.intersections(with: line(Point(-20, 0), Point(20, 0)))
        XCTAssertEqual(r.points, [Point(10, 0), Point(-10, 0)])
        XCTAssertEqual(r.intersections.map(\.kind), [.crossing, .crossing])
        // Touching a corner from outside is a touch.
        let grazing = diamond.intersections(with: line(Point(10, -5), Point(10, 5)))
        XCTAssertEqual(grazing.count, 1)
        XCTAssertEqual(grazing.intersections[0].kind, .touch)
    }

    func testCollinearOverlapReportsItsTwoEnds() {
        let r = line(Point(0, 0), Point(10, 0)).intersections(with: line(Point(4, 0), Point(20, 0)))
        XCTAssertEqual(r.points, [Point(4, 0), Point(10, 0)])
        XCTAssertEqual(r.intersections.map(\.kind), [.overlap, .overlap])
    }

    func testParallelLinesDoNotMeet() {
        XCTAssertEqual(line(Point(0, 0), Point(10, 0)).intersections(with: line(Point(0, 1e-3), Point(10, 1e-3))).count, 0)
    }

    func testEndOfOnePathOnTheOtherIsATouch() {
        let r = line(Point(0, 0), Point(10, 0)).intersections(with: line(Point(5, 0), Point(5, 8)))
        XCTAssertEqual(r.points, [Point(5, 0)])
        XCTAssertEqual(r.intersections[0].kind, .touch)
    }
}
