import QuireGeometry
import XCTest

/// ClippingBezier's `MMClippingBezierUnionTest`, written again in Swift, named after theirs. Their
/// `...Step1` and `...Step2` tests check internal steps (`allUniqueShapesWithPath:`, gluing shapes)
/// that Quire has no counterpart for; the results those steps lead to are checked by the tests of
/// `unionWithPath:` here. Their `isEqualToBezierPath:withAccuracy:` compares element by element from
/// a particular start; here the union must cover exactly their region (nothing left over either way)
/// and pass through every corner of their outline.
final class ClippingBezierUnionTest: XCTestCase {
    func testSimpleUnionStep3() {
        let union = uiRect(0, 0, 100, 100).union(uiRect(50, 20, 100, 60))
        let expected = BezierPath(polygon: [
            Point(100, 20), Point(150, 20), Point(150, 80), Point(100, 80), Point(100, 100), Point(0, 100),
            Point(0, 0), Point(100, 0), Point(100, 20),
        ])
        XCTAssertEqual(union.shapes.count, 1)
        XCTAssertEqual(union.shapes.first?.holes.count, 0)
        assertSameRegion(union, expected, area: 13_000)
    }

    func testFullOverlapUnion() {
        let union = uiRect(0, 0, 100, 100).union(uiRect(0, 0, 200, 100))
        let expected = BezierPath(polygon: [Point(0, 0), Point(100, 0), Point(200, 0), Point(200, 100), Point(100, 100), Point(0, 100), Point(0, 0)])
        XCTAssertEqual(union.shapes.count, 1)
        XCTAssertEqual(union.shapes.first?.holes.count, 0)
        assertSameRegion(union, expected, area: 20_000)
    }

    func testUnionToHole() {
        // A square with a bite out of its right side, and a bar across the bite: the bar closes off
        // the back of the bite as a hole. Theirs draws the hole and the outline as one subpath joined
        // at (70, 80); Quire's differs on purpose: one shape whose hole is a hole, wound against the
        // outline, so it fills correctly by either rule.
        let bitten = BezierPath(polygon: [
            Point(100, 20), Point(50, 20), Point(50, 80), Point(100, 80), Point(100, 100), Point(0, 100),
            Point(0, 0), Point(100, 0), Point(100, 20),
        ])
        let bar = BezierPath(polygon: [Point(70, 10), Point(80, 10), Point(80, 90), Point(70, 90), Point(70, 10)])
        let union = bitten.union(bar)
        XCTAssertEqual(union.shapes.count, 1)
        XCTAssertEqual(union.shapes.first?.holes.count, 1)
        XCTAssertEqual(union.shapes.first?.holes.first?.signedArea ?? 0, -1_200, accuracy: 1e-9)
        let theirs = BezierPath(polygon: [
            Point(70, 80), Point(70, 20), Point(50, 20), Point(50, 80), Point(70, 80), Point(100, 80), Point(100, 100),
            Point(0, 100), Point(0, 0), Point(100, 0), Point(100, 20), Point(100, 20), Point(80, 20), Point(80, 80),
        ])
        // Their single subpath, filled by the non-zero rule, covers the same region.
        assertSameRegion(union, theirs, area: 7_600)
    }

    private func assertSameRegion(_ result: ShapeResult, _ expected: BezierPath, area: Double, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(result.problems.isEmpty, "\(result.problems)", file: file, line: line)
        XCTAssertEqual(result.area, area, accuracy: area * 1e-9, file: file, line: line)
        XCTAssertEqual(abs(expected.signedArea), area, accuracy: area * 1e-9, "their path", file: file, line: line)
        XCTAssertEqual(result.path.subtracting(expected).area, 0, accuracy: area * 1e-9, file: file, line: line)
        XCTAssertEqual(expected.subtracting(result.path).area, 0, accuracy: area * 1e-9, file: file, line: line)
        for case .line(let p) in expected.elements {
            XCTAssertLessThan(distance(from: p, to: result.path), 1e-9, "\(p) not on the union's outline", file: file, line: line)
        }
    }
}
