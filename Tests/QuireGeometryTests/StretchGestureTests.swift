import QuireGeometry
import XCTest

/// Seed 004: the pull-apart gesture.
final class StretchGestureTests: XCTestCase {
    func testTouchesAreSortedClockwiseFromTheUpperLeft() {
        let touches = [Point(110, 205), Point(100, 100), Point(205, 210), Point(200, 95)]
        XCTAssertEqual(Quadrilateral.clockwiseOrder(of: touches), [1, 3, 2, 0])
        let q = Quadrilateral(touches: touches)!
        XCTAssertEqual(q.corners, [Point(100, 100), Point(200, 95), Point(205, 210), Point(110, 205)])
        XCTAssertNil(Quadrilateral.clockwiseOrder(of: Array(touches.prefix(3))))
    }

    func testAveragedParallelogramKeepsEdgeMidpointsAndAveragesTheEdges() {
        let q = Quadrilateral(upperLeft: Point(0, 0), upperRight: Point(100, 20), lowerRight: Point(90, 100), lowerLeft: Point(10, 120))
        let p = q.averagedParallelogram
        // Top midpoint (50, 10), bottom midpoint (50, 110), average edge (90, 0).
        XCTAssertEqual(p.corners, [Point(5, 10), Point(95, 10), Point(95, 110), Point(5, 110)])
        XCTAssertEqual(p.upperRight - p.upperLeft, p.lowerRight - p.lowerLeft)
    }

    func testConcaveTouchQuadStillGivesAParallelogram() {
        let q = Quadrilateral(upperLeft: Point(0, 0), upperRight: Point(100, 0), lowerRight: Point(40, 30), lowerLeft: Point(0, 100))
        let p = q.averagedParallelogram
        XCTAssertEqual(p.upperRight - p.upperLeft, p.lowerRight - p.lowerLeft)
        XCTAssertNotNil(Homography(from: Quadrilateral(Rect(x: 0, y: 0, width: 100, height: 100)).corners, to: p.corners))
    }

    func testTransformFollowsTheTouchesAndStaysFinite() {
        let start = [Point(100, 100), Point(200, 100), Point(200, 200), Point(100, 200)]
        let gesture = StretchGesture(touches: start)!
        let moved = start.map { Point($0.x * 1.5 - 20, $0.y) }
        let h = gesture.transform(for: moved)!
        XCTAssertPointEqual(h.apply(Point(150, 150))!, Point(205, 150), accuracy: 1e-9)
        // All four touches in a line: no transform, never NaN.
        XCTAssertNil(gesture.transform(for: [Point(0, 0), Point(1, 1), Point(2, 2), Point(3, 3)]))
        XCTAssertNil(StretchGesture(touches: [Point(.nan, 0), Point(1, 0), Point(1, 1), Point(0, 1)]))
    }

    func testSplitsOnceOneAxisStretchesMoreThanTwiceTheOther() {
        let start = [Point(100, 100), Point(200, 100), Point(200, 200), Point(100, 200)]
        let gesture = StretchGesture(touches: start)!
        func pulled(_ factor: Double) -> [Point] { start.map { Point(150 + ($0.x - 150) * factor, $0.y) } }
        XCTAssertEqual(gesture.stretch(for: pulled(2))!.across, 2, accuracy: 1e-12)
        XCTAssertFalse(gesture.shouldSplit(for: pulled(1.9)))
        XCTAssertFalse(gesture.shouldSplit(for: pulled(2)))
        XCTAssertTrue(gesture.shouldSplit(for: pulled(2.01)))
        // Uniform scaling never splits.
        XCTAssertFalse(gesture.shouldSplit(for: start.map { $0 * 3 }))
        // Squeezing one axis to under half also splits.
        XCTAssertTrue(gesture.shouldSplit(for: start.map { Point($0.x, 150 + ($0.y - 150) * 0.4) }))
    }
}
