import QuireGeometry
import XCTest

/// ClippingBezier's `MMClippingBezierSegmentTests`, written again in Swift, named after theirs. Theirs
/// check how the scissors ("red") and the outline ("blue") are cut up for building shapes, and which
/// blue segment follows a red one (`getBestMatchSegmentForSegments:`, an internal step Quire has no
/// counterpart for). What carries over: where the cuts fall (element index, counting the move as 0 as
/// theirs do, and parameter), the red segment inside the shape (`split(by:).inside`), and the blue
/// segment that their matching picks, which is one of Quire's `split(by:).border` pieces. Their shapes
/// are "clockwise" on a y-down page, which is a positive `signedArea` in Quire.
final class ClippingBezierSegmentTests: XCTestCase {
    /// Their square, 50…150 × 0…150, drawn from (50, 50) half way down its left side.
    let squareFromItsSide = BezierPath(polygon: [Point(50, 50), Point(50, 0), Point(150, 0), Point(150, 150), Point(50, 150)])
    /// The same square drawn from its corner (50, 0).
    let squareFromItsCorner = BezierPath(polygon: [Point(50, 0), Point(150, 0), Point(150, 150), Point(50, 150)])

    func testIntersectionOfHorizontalPath() {
        let scissors = line([(0, 50), (200, 50)])
        XCTAssertGreaterThan(squareFromItsSide.signedArea, 0)
        let cuts = scissors.intersections(with: squareFromItsSide)
        XCTAssertEqual(cuts.count, 2)
        assertPosition(cuts.intersections[0].first, on: scissors, element: 1, t: 0.25)
        assertPosition(cuts.intersections[1].first, on: scissors, element: 1, t: 0.75)
        // Their blue segment runs from element 3 at t = 1/3 to element 5 (the close) at t = 1.
        let split = scissors.split(by: squareFromItsSide)
        XCTAssertEqual(split.inside.count, 1)
        XCTAssertEqual(split.border.count, 2)
        assertBorder(split, has: Point(150, 50), to: Point(50, 50), through: Point(100, 150))
    }

    func testIntersectionAtT1() {
        // The scissors meet the left side at the end of their first element.
        let scissors = line([(0, 50), (50, 50), (150, 50)])
        XCTAssertGreaterThan(squareFromItsCorner.signedArea, 0)
        let cuts = scissors.intersections(with: squareFromItsCorner)
        XCTAssertEqual(cuts.count, 2)
        // Theirs: element 1 at t = 1 and element 2 at t = 1; the same points.
        assertPosition(cuts.intersections[0].first, on: scissors, at: Point(50, 50))
        assertPosition(cuts.intersections[1].first, on: scissors, element: 2, t: 1)
        // The scissors end on the right side. Their blue segment runs from there (element 2 at t = 1/3)
        // to element 4 (the close) at t = 2/3. Quire differs on purpose: an end resting on the outline
        // is a touch, which does not cut the outline in a split, so the border is one piece; the cut
        // itself still goes right across and leaves two pieces, as theirs.
        XCTAssertEqual(cuts.intersections[1].kind, .touch)
        let split = scissors.split(by: squareFromItsCorner)
        XCTAssertEqual(split.inside.count, 1)
        XCTAssertEqual(split.border.count, 1)
        let result = squareFromItsCorner.uniqueShapes(slicedBy: scissors)
        XCTAssertEqual(result.shapes.count, 2)
        XCTAssertEqual(result.shapes.map(\.area).sorted()[0], 5_000, accuracy: 1e-9)
        XCTAssertEqual(result.area, 15_000, accuracy: 1e-9)
    }

    func testIntersectionAtT0() {
        // The scissors start on the left side.
        let scissors = line([(50, 50), (150, 50), (250, 50)])
        let cuts = scissors.intersections(with: squareFromItsCorner)
        XCTAssertEqual(cuts.count, 2)
        assertPosition(cuts.intersections[0].first, on: scissors, element: 1, t: 0)
        assertPosition(cuts.intersections[1].first, on: scissors, at: Point(150, 50))
        // Quire differs on purpose: an end of the scissors resting on the outline is a touch, and a
        // touch does not cut the outline, so there is one border piece where theirs has two.
        XCTAssertEqual(cuts.intersections[0].kind, .touch)
        let split = scissors.split(by: squareFromItsCorner)
        XCTAssertEqual(split.inside.count, 1)
        XCTAssertEqual(split.inside.first?.length ?? 0, 100, accuracy: 1e-9)
        XCTAssertEqual(split.border.count, 1)
        // Cut from the far end, the same scrap still comes apart as theirs: two pieces either side.
        let result = squareFromItsCorner.uniqueShapes(slicedBy: line([(50, 50), (250, 50)]))
        XCTAssertEqual(result.shapes.count, 2)
    }

    func testIntersectionAtT0OfCurve() {
        // The scissors start at the point where the square's outline starts.
        let scissors = line([(50, 50), (250, 50)])
        let cuts = scissors.intersections(with: squareFromItsSide)
        XCTAssertEqual(cuts.count, 2)
        assertPosition(cuts.intersections[0].first, on: scissors, element: 1, t: 0)
        assertPosition(cuts.intersections[1].first, on: scissors, element: 1, t: 0.5)
        XCTAssertEqual(cuts.intersections[0].kind, .touch)
        let split = scissors.split(by: squareFromItsSide)
        XCTAssertEqual(split.inside.count, 1)
        // As in testIntersectionAtT0, the touch at the start does not cut the outline: one border piece.
        XCTAssertEqual(split.border.count, 1)
        let result = squareFromItsSide.uniqueShapes(slicedBy: scissors)
        XCTAssertEqual(result.shapes.count, 2)
        XCTAssertEqual(result.area, 15_000, accuracy: 1e-9)
    }

    // MARK: Helpers

    private func line(_ points: [(Double, Double)]) -> BezierPath {
        BezierPath([.move(to: Point(points[0].0, points[0].1))] + points.dropFirst().map { .line(to: Point($0.0, $0.1)) })
    }

    private func assertPosition(_ p: PathPosition, on path: BezierPath, element: Int, t: Double, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.elementIndex, element, file: file, line: line)
        XCTAssertEqual(p.t, t, accuracy: 1e-6, file: file, line: line)
    }

    private func assertPosition(_ p: PathPosition, on path: BezierPath, at point: Point, file: StaticString = #filePath, line: UInt = #line) {
        guard let found = path.point(elementIndex: p.elementIndex, t: p.t) else { return XCTFail("no such element", file: file, line: line) }
        XCTAssertPointEqual(found, point, accuracy: 1e-9, file: file, line: line)
    }

    /// One border piece runs from `start` to `end` (either way round) passing `via`.
    private func assertBorder(_ split: ShapeSplit, has start: Point, to end: Point, through via: Point, file: StaticString = #filePath, line: UInt = #line) {
        let match = split.border.contains { piece in
            let a = piece.point(atLength: 0)!, b = piece.point(atLength: piece.length)!
            let ends = (a.distance(to: start) < 1e-9 && b.distance(to: end) < 1e-9) || (a.distance(to: end) < 1e-9 && b.distance(to: start) < 1e-9)
            return ends && distance(from: via, to: piece) < 1e-9
        }
        XCTAssertTrue(match, "\(split.border.map(\.svgPathData))", file: file, line: line)
    }
}
