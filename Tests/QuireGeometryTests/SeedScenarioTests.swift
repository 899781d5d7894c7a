import QuireGeometry
import XCTest

/// The ClippingBezier introduction's examples (seed 000): a circle and a square, the square with a
/// hole, and a complex shape against its mirror.
final class SeedScenarioTests: XCTestCase {
    let square = BezierPath(rect: Rect(x: 200, y: 200, width: 200, height: 200))
    let circle = BezierPath(circleAt: Point(300, 300), radius: 130)
    var squareWithHole: BezierPath {
        square.appending(BezierPath(rect: Rect(x: 230, y: 230, width: 140, height: 140)).reversed)
    }

    func testCircleCrossesEachSideOfTheSquareTwice() {
        let r = square.intersections(with: circle)
        XCTAssertEqual(r.count, 8)
        XCTAssertTrue(r.intersections.allSatisfy { $0.kind == .crossing })
        // On the side x = 200 the crossings are where the (cubic) circle reaches that x.
        for p in r.points {
            XCTAssertLessThan(distance(from: p, to: square), 1e-9)
            XCTAssertLessThan(distance(from: p, to: circle), 1e-9)
        }
        XCTAssertEqual(r.points[0].y, 200)
    }

    func testCircleSplitIntoRedGreenAndBlue() {
        let split = circle.split(by: square)
        XCTAssertEqual(split.inside.count, 4)
        XCTAssertEqual(split.outside.count, 4)
        XCTAssertEqual(split.border.count, 8)
        XCTAssertTrue(split.alongBorder.isEmpty)
        let total = (split.inside + split.outside).reduce(0) { $0 + $1.length }
        XCTAssertEqual(total, circle.length, accuracy: 1e-9)
        XCTAssertEqual(split.border.reduce(0) { $0 + $1.length }, 800, accuracy: 1e-9)
        for piece in split.inside { XCTAssertTrue(square.contains(piece.point(atLength: piece.length / 2)!)) }
        for piece in split.outside { XCTAssertFalse(square.contains(piece.point(atLength: piece.length / 2)!)) }
    }

    func testSquareSlicedByCircleGivesTheMiddleAndFourCorners() {
        let result = square.uniqueShapes(slicedBy: circle)
        XCTAssertTrue(result.problems.isEmpty)
        XCTAssertEqual(result.shapes.count, 5)
        XCTAssertEqual(result.area, 40_000, accuracy: 40_000 * 1e-9)
        let corners = result.shapes.filter { $0.area < 1000 }
        XCTAssertEqual(corners.count, 4)
        // The four corners are congruent.
        for c in corners { XCTAssertEqual(c.area, corners[0].area, accuracy: 1e-6) }
        XCTAssertEqual(result.shapes.map(\.area).max()!, square.intersection(circle).area, accuracy: 1e-6)
    }

    func testSquareWithHoleSlicedByCircle() {
        let shape = squareWithHole
        XCTAssertEqual(shape.signedArea, 20_400, accuracy: 1e-9)
        let result = shape.uniqueShapes(slicedBy: circle)
        XCTAssertTrue(result.problems.isEmpty)
        XCTAssertEqual(result.shapes.count, 5)
        XCTAssertEqual(result.area, 20_400, accuracy: 20_400 * 1e-9)
        // The middle piece keeps the hole.
        let middle = result.shapes.max { $0.area < $1.area }!
        XCTAssertEqual(middle.holes.count, 1)
        XCTAssertEqual(middle.holes[0].signedArea, -19_600, accuracy: 1e-9)
        XCTAssertFalse(middle.path.contains(Point(300, 300)))
    }

    func testStraightCutThroughTheHoleGivesTwoHalves() {
        let cut = BezierPath([.move(to: Point(100, 300)), .line(to: Point(500, 300))])
        let result = squareWithHole.uniqueShapes(slicedBy: cut)
        XCTAssertEqual(result.shapes.count, 2)
        for shape in result.shapes { XCTAssertEqual(shape.area, 10_200, accuracy: 1e-9) }
        XCTAssertTrue(result.shapes.allSatisfy { $0.holes.isEmpty })
    }

    func testCutThatStopsInsideSeparatesNothing() {
        let cut = BezierPath([.move(to: Point(100, 210)), .line(to: Point(300, 210))])
        let result = square.uniqueShapes(slicedBy: cut)
        XCTAssertEqual(result.shapes.count, 1)
        XCTAssertEqual(result.area, 40_000, accuracy: 1e-9)
    }

    func testComplexShapeAgainstItsMirror() {
        let complex = try! BezierPath(svgPathData: """
            M 120 40 C 200 10 260 90 230 150 Q 300 180 260 240 C 230 300 150 260 140 300 \
            L 90 250 C 40 230 20 160 70 140 Q 20 90 120 40 Z
            """)
        let mirror = complex.transformed(by: AffineTransform.scale(-1, 1).concatenating(.translation(300, 0)))
        let r = complex.intersections(with: mirror)
        XCTAssertGreaterThanOrEqual(r.count, 2)
        XCTAssertEqual(r.count % 2, 0, "closed outlines cross an even number of times")
        for h in r.intersections {
            XCTAssertLessThan(distance(from: h.point, to: complex), 1e-6)
            XCTAssertLessThan(distance(from: h.point, to: mirror), 1e-6)
        }
        let pieces = complex.uniqueShapes(slicedBy: mirror)
        XCTAssertTrue(pieces.problems.isEmpty)
        XCTAssertGreaterThan(pieces.shapes.count, 1)
        XCTAssertEqual(pieces.area, abs(complex.signedArea), accuracy: abs(complex.signedArea) * 1e-6)
        // The shapes inside the mirror add up to the overlap of the two.
        let overlap = complex.intersection(mirror).area
        let insideMirror = pieces.shapes.filter { mirror.contains(interiorPoint(of: $0)) }.reduce(0) { $0 + $1.area }
        XCTAssertEqual(insideMirror, overlap, accuracy: overlap * 1e-6)
    }

    /// A point well inside a sub-shape: the centroid of its flattened outline is not reliable for
    /// concave pieces, so search a grid for the point farthest from the outline.
    func interiorPoint(of shape: SubShape) -> Point {
        let b = shape.outline.bounds
        var best = (Point.zero, -1.0)
        for i in 1..<20 {
            for j in 1..<20 {
                let p = Point(b.minX + b.width * Double(i) / 20, b.minY + b.height * Double(j) / 20)
                guard shape.path.contains(p) else { continue }
                let d = distance(from: p, to: shape.path)
                if d > best.1 { best = (p, d) }
            }
        }
        return best.0
    }
}
