import QuireGeometry
import XCTest

/// A closed scissors loop inside a shape, touching no outline, cuts it (issue 19): the piece inside,
/// and the rest with a hole wound against its outline.
final class ScissorsLoopTests: XCTestCase {
    let square = BezierPath(rect: Rect(x: 200, y: 200, width: 200, height: 200))
    let inner = BezierPath(rect: Rect(x: 250, y: 250, width: 100, height: 100))

    func testSquareLoopInsideASquareCutsAHole() {
        let result = square.uniqueShapes(slicedBy: inner)
        XCTAssertTrue(result.problems.isEmpty)
        XCTAssertEqual(result.shapes.count, 2)
        let frame = result.shapes.first { !$0.holes.isEmpty }!
        let piece = result.shapes.first { $0.holes.isEmpty }!
        XCTAssertEqual(frame.holes.count, 1)
        XCTAssertEqual(frame.area, 30_000, accuracy: 30_000 * 1e-9)
        XCTAssertEqual(piece.area, 10_000, accuracy: 10_000 * 1e-9)
        XCTAssertFalse(frame.path.contains(Point(300, 300)))
        XCTAssertTrue(piece.path.contains(Point(300, 300)))
        assertWellFormed(result, cutting: square, relativeAccuracy: 1e-9)
    }

    func testEitherWindingOfTheLoopAndEitherFillRule() {
        let loops = [inner, inner.reversed, BezierPath(circleAt: Point(300, 300), radius: 60), BezierPath(circleAt: Point(300, 300), radius: 60).reversed]
        for (k, loop) in loops.enumerated() {
            for shape in [square, square.reversed] {
                for rule in [FillRule.nonZero, .evenOdd] {
                    let result = shape.uniqueShapes(slicedBy: loop, fillRule: rule)
                    XCTAssertTrue(result.problems.isEmpty)
                    XCTAssertEqual(result.shapes.count, 2, "loop \(k) \(rule)")
                    XCTAssertEqual(result.shapes.map(\.holes.count).sorted(), [0, 1], "loop \(k) \(rule)")
                    XCTAssertEqual(result.shapes.map(\.area).min()!, abs(loop.signedArea), accuracy: abs(loop.signedArea) * 1e-9)
                    assertWellFormed(result, cutting: shape, relativeAccuracy: k < 2 ? 1e-9 : 1e-6)
                }
            }
        }
    }

    func testALoopDrawnBackToItsStartWithoutACloseCutsToo() {
        let loop = BezierPath([.move(to: Point(250, 250)), .line(to: Point(350, 250)), .line(to: Point(350, 350)), .line(to: Point(250, 350)), .line(to: Point(250, 250))])
        let result = square.uniqueShapes(slicedBy: loop)
        XCTAssertEqual(result.shapes.count, 2)
        assertWellFormed(result, cutting: square, relativeAccuracy: 1e-9)
    }

    func testALoopRoundAnExistingHoleGivesARingAndABiggerHole() {
        // ClippingBezier's testDisappearingHole has a loop beside five holes; this one goes round one.
        let shape = square.appending(BezierPath(rect: Rect(x: 280, y: 280, width: 40, height: 40)).reversed)
        for rule in [FillRule.nonZero, .evenOdd] {
            let result = shape.uniqueShapes(slicedBy: inner, fillRule: rule)
            XCTAssertTrue(result.problems.isEmpty)
            XCTAssertEqual(result.shapes.count, 2)
            let areas = result.shapes.map(\.area).sorted()
            XCTAssertEqual(areas[0], 10_000 - 1_600, accuracy: 1e-9 * 10_000)
            XCTAssertEqual(areas[1], 30_000, accuracy: 1e-9 * 30_000)
            XCTAssertEqual(result.shapes.map(\.holes.count), [1, 1])
            let ring = result.shapes.first { $0.area < 10_000 }!
            XCTAssertFalse(ring.path.contains(Point(300, 300)))
            XCTAssertTrue(ring.path.contains(Point(265, 300)))
            assertWellFormed(result, cutting: shape, relativeAccuracy: 1e-9)
        }
    }

    func testASecondLoopAndALoopOfCurvesInsideAShapeWithAHole() {
        let shape = BezierPath(rect: Rect(x: 0, y: 0, width: 600, height: 300)).appending(BezierPath(rect: Rect(x: 50, y: 50, width: 100, height: 100)).reversed)
        let loop = GeometryFixtures.wobblyLoop(center: Point(400, 150), radius: 80, elements: 12, waves: 5, amplitude: 10)
        let result = shape.uniqueShapes(slicedBy: loop)
        XCTAssertTrue(result.problems.isEmpty)
        XCTAssertEqual(result.shapes.count, 2)
        XCTAssertEqual(result.shapes.map(\.holes.count).sorted(), [0, 2])
        XCTAssertEqual(result.shapes.map(\.area).min()!, abs(loop.signedArea), accuracy: abs(loop.signedArea) * 1e-6)
        assertWellFormed(result, cutting: shape, relativeAccuracy: 1e-6)
    }

    func testTwoLoopsOneInsideTheOther() {
        let small = BezierPath(rect: Rect(x: 280, y: 280, width: 40, height: 40))
        let result = square.uniqueShapes(slicedBy: inner.appending(small))
        XCTAssertEqual(result.shapes.count, 3)
        XCTAssertEqual(result.shapes.map(\.holes.count).sorted(), [0, 1, 1])
        assertWellFormed(result, cutting: square, relativeAccuracy: 1e-9)
    }

    func testLoopsOutsideTheShapeOrInsideAHoleCutNothing() {
        let shape = square.appending(BezierPath(rect: Rect(x: 240, y: 240, width: 120, height: 120)).reversed)
        for loop in [inner, BezierPath(rect: Rect(x: 500, y: 500, width: 50, height: 50)), BezierPath(rect: Rect(x: 100, y: 100, width: 400, height: 400))] {
            let result = shape.uniqueShapes(slicedBy: loop)
            XCTAssertEqual(result.shapes.count, 1)
            XCTAssertEqual(result.shapes[0].holes.count, 1)
            assertWellFormed(result, cutting: shape, relativeAccuracy: 1e-9)
        }
    }

    func testRandomClosedLoopsConserveArea() {
        // Random star-shaped loops, scaled and moved about: some wholly inside the shape (a hole, or
        // round its hole), some crossing its outline, some outside; either winding, either rule.
        var rng = SeededRandom(seed: 19)
        var holesCut = 0
        for n in 0..<200 {
            let shape = RandomPaths.shape(&rng, elements: 4 + n % 4, hole: n % 2 == 0)
            var loop = RandomPaths.shape(&rng, elements: 3 + n % 5, hole: false)
            let scale = rng.double(0.1...0.7)
            loop = loop.transformed(by: AffineTransform.translation(-100, -100).concatenating(.scale(scale, scale))
                .concatenating(.translation(100 + rng.double(-60...60), 100 + rng.double(-60...60))))
            if n % 3 == 0 { loop = loop.reversed }
            let rule: FillRule = n % 4 < 2 ? .nonZero : .evenOdd
            let result = shape.uniqueShapes(slicedBy: loop, fillRule: rule)
            let area = abs(shape.signedArea)
            XCTAssertTrue(result.problems.isEmpty, "\(n): \(result.problems)")
            XCTAssertEqual(result.area, area, accuracy: area * 1e-6, "\(n)")
            XCTAssertTrue(result.shapes.allSatisfy { $0.area > 0 }, "\(n)")
            let holesBefore = n % 2 == 0 ? 1 : 0
            if result.shapes.contains(where: { $0.holes.count > holesBefore }) { holesCut += 1 }
        }
        XCTAssertGreaterThan(holesCut, 10, "some loops should fall wholly inside and cut a hole")
    }

    func testALoopTouchingTheOutlineAtOnePoint() {
        // The loop meets the outline only where it touches the left side: the disc comes out, and the
        // rest is one piece whose outline runs round the disc's place (no hole: it is open at the touch).
        for loop in [BezierPath(circleAt: Point(260, 300), radius: 60), BezierPath(circleAt: Point(260, 300), radius: 60).reversed] {
            let result = square.uniqueShapes(slicedBy: loop)
            XCTAssertTrue(result.problems.isEmpty)
            XCTAssertEqual(result.shapes.count, 2)
            XCTAssertEqual(result.shapes.map(\.area).min()!, abs(loop.signedArea), accuracy: abs(loop.signedArea) * 1e-6)
            assertWellFormed(result, cutting: square, relativeAccuracy: 1e-6)
        }
    }
}
