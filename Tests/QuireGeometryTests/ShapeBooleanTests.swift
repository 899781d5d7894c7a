import QuireGeometry
import XCTest

final class ShapeBooleanTests: XCTestCase {
    let a = BezierPath(rect: Rect(x: 0, y: 0, width: 100, height: 100))
    let b = BezierPath(rect: Rect(x: 50, y: 50, width: 100, height: 100))

    func testOverlappingSquares() {
        XCTAssertEqual(a.intersection(b).area, 2_500, accuracy: 1e-9)
        XCTAssertEqual(a.union(b).area, 17_500, accuracy: 1e-9)
        XCTAssertEqual(a.subtracting(b).area, 7_500, accuracy: 1e-9)
        XCTAssertEqual(a.union(b).shapes.count, 1)
        let inter = a.intersection(b).path
        XCTAssertTrue(inter.contains(Point(75, 75)))
        XCTAssertFalse(inter.contains(Point(25, 25)))
    }

    func testSquaresSharingAnEdgeUniteIntoOne() {
        let right = BezierPath(rect: Rect(x: 100, y: 0, width: 100, height: 100))
        let u = a.union(right)
        XCTAssertEqual(u.shapes.count, 1)
        XCTAssertEqual(u.area, 20_000, accuracy: 1e-9)
        XCTAssertEqual(a.intersection(right).area, 0, accuracy: 1e-9)
        XCTAssertEqual(a.subtracting(right).area, 10_000, accuracy: 1e-9)
    }

    func testSubtractingAnInnerShapeMakesAHole() {
        let inner = BezierPath(circleAt: Point(50, 50), radius: 20)
        let d = a.subtracting(inner)
        XCTAssertEqual(d.shapes.count, 1)
        XCTAssertEqual(d.shapes[0].holes.count, 1)
        XCTAssertEqual(d.area, 10_000 - inner.signedArea, accuracy: 1e-6)
        XCTAssertFalse(d.path.contains(Point(50, 50)))
        XCTAssertEqual(a.intersection(inner).area, inner.signedArea, accuracy: 1e-6)
    }

    func testDisjointShapes() {
        let far = BezierPath(rect: Rect(x: 500, y: 500, width: 10, height: 10))
        XCTAssertEqual(a.intersection(far).shapes.count, 0)
        XCTAssertEqual(a.union(far).shapes.count, 2)
        XCTAssertEqual(a.union(far).area, 10_100, accuracy: 1e-9)
    }

    func testIncludeExcludeHoldsForCurvedShapes() {
        let c1 = BezierPath(circleAt: Point(0, 0), radius: 50), c2 = BezierPath(circleAt: Point(40, 10), radius: 35)
        let i = c1.intersection(c2).area, u = c1.union(c2).area
        XCTAssertEqual(u + i, c1.signedArea + c2.signedArea, accuracy: 1e-6)
        XCTAssertEqual(c1.subtracting(c2).area, c1.signedArea - i, accuracy: 1e-6)
    }
}
