import XCTest
@testable import QuireGeometry

final class AffineTransformTests: XCTestCase {
    func testConcatenationAppliesSelfFirst() {
        let t = AffineTransform.scale(2, 3).concatenating(.translation(10, 20))
        XCTAssertEqual(t.apply(Point(1, 1)), Point(12, 23))
    }

    func testInverseUndoesTheTransform() throws {
        let t = AffineTransform.rotation(0.3).concatenating(.scale(2, 0.5)).concatenating(.translation(-4, 9))
        let inverse = try XCTUnwrap(t.inverted)
        let p = inverse.apply(t.apply(Point(3.5, -7.25)))
        XCTAssertEqual(p.x, 3.5, accuracy: 1e-12)
        XCTAssertEqual(p.y, -7.25, accuracy: 1e-12)
    }

    func testACollapsedTransformHasNoInverse() {
        XCTAssertNil(AffineTransform.scale(0, 1).inverted)
        XCTAssertNil(AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted)
    }

    func testRectBoundsOfARotation() {
        let r = AffineTransform.rotation(.pi / 2).apply(Rect(x: 0, y: 0, width: 2, height: 1))
        XCTAssertEqual(r.minX, -1, accuracy: 1e-12)
        XCTAssertEqual(r.maxX, 0, accuracy: 1e-12)
        XCTAssertEqual(r.minY, 0, accuracy: 1e-12)
        XCTAssertEqual(r.maxY, 2, accuracy: 1e-12)
    }
}

final class RectTests: XCTestCase {
    func testNullIsTheIdentityOfUnion() {
        let r = Rect(x: 1, y: 2, width: 3, height: 4)
        XCTAssertEqual(Rect.null.union(r), r)
        XCTAssertEqual(r.union(.null), r)
        XCTAssertTrue(Rect.null.isNull)
        XCTAssertFalse(Rect.null.contains(.zero))
    }

    func testNegativeSizesAreNormalised() {
        XCTAssertEqual(Rect(x: 5, y: 5, width: -2, height: -3), Rect(x: 3, y: 2, width: 2, height: 3))
    }

    func testIntersection() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertEqual(a.intersection(Rect(x: 5, y: -5, width: 10, height: 10)), Rect(x: 5, y: 0, width: 5, height: 5))
        XCTAssertTrue(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)).isNull)
    }

    func testAccumulatingPointsGivesTheirBounds() {
        let r = [Point(3, -1), Point(-2, 4), Point(0, 0)].reduce(Rect.null) { $0.union($1) }
        XCTAssertEqual(r, Rect(x: -2, y: -1, width: 5, height: 5))
    }

    func testOutsetGrowsEverySide() {
        XCTAssertEqual(Rect(x: 0, y: 0, width: 2, height: 2).outsetBy(1), Rect(x: -1, y: -1, width: 4, height: 4))
    }
}

final class PointTests: XCTestCase {
    func testTheZeroVectorNormalisesToZeroNotNaN() {
        XCTAssertEqual(Point.zero.normalized, .zero)
        XCTAssertEqual(Point(3, 4).normalized, Point(0.6, 0.8))
    }

    func testCrossIsPositiveForACounterClockwiseTurn() {
        XCTAssertGreaterThan(Point(1, 0).cross(Point(0, 1)), 0)
        XCTAssertEqual(Point(2, 3).dot(Point(4, -1)), 5)
    }
}
