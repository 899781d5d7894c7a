import QuireGeometry
import XCTest

final class ContainmentTests: XCTestCase {
    let outer = BezierPath(rect: Rect(x: 0, y: 0, width: 100, height: 100))
    let inner = BezierPath(rect: Rect(x: 25, y: 25, width: 50, height: 50))

    func testReversedHoleIsEmptyUnderBothRules() {
        let shape = outer.appending(inner.reversed)
        for rule in [FillRule.nonZero, .evenOdd] {
            XCTAssertTrue(shape.contains(Point(10, 50), fillRule: rule))
            XCTAssertFalse(shape.contains(Point(50, 50), fillRule: rule))
            XCTAssertFalse(shape.contains(Point(150, 50), fillRule: rule))
        }
    }

    func testSameDirectionHoleIsFilledOnlyUnderNonZero() {
        let shape = outer.appending(inner)
        XCTAssertEqual(shape.windingNumber(at: Point(50, 50)), 2)
        XCTAssertTrue(shape.contains(Point(50, 50), fillRule: .nonZero))
        XCTAssertFalse(shape.contains(Point(50, 50), fillRule: .evenOdd))
    }

    func testRayThroughAVertexCountsOnce() {
        let diamond = BezierPath(polygon: [Point(50, 0), Point(100, 50), Point(50, 100), Point(0, 50)])
        XCTAssertTrue(diamond.contains(Point(20, 50)))
        XCTAssertFalse(diamond.contains(Point(-20, 50)))
        XCTAssertFalse(diamond.contains(Point(-20, 0)))
    }

    func testCurvedOutline() {
        let circle = BezierPath(circleAt: Point(0, 0), radius: 10)
        XCTAssertTrue(circle.contains(Point(9.99, 0)))
        XCTAssertTrue(circle.contains(Point(7, 7)))
        XCTAssertFalse(circle.contains(Point(7.2, 7.2)))
        XCTAssertEqual(circle.windingNumber(at: .zero), 1)
        XCTAssertEqual(circle.reversed.windingNumber(at: .zero), -1)
    }

    func testOpenSubpathIsFilledAsIfClosed() {
        let open = BezierPath([.move(to: Point(0, 0)), .line(to: Point(10, 0)), .line(to: Point(10, 10))])
        XCTAssertTrue(open.contains(Point(8, 2)))
        XCTAssertFalse(open.contains(Point(2, 8)))
    }
}
