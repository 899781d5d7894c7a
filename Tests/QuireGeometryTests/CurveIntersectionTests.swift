import QuireGeometry
import XCTest

/// Curves against curves and the hard cases: loops, knots, near-coincident and tiny curves.
final class CurveIntersectionTests: XCTestCase {
    func path(_ d: String) -> BezierPath { try! BezierPath(svgPathData: d) }

    func assertSymmetric(_ a: BezierPath, _ b: BezierPath, file: StaticString = #filePath, line: UInt = #line) {
        let ab = a.intersections(with: b).intersections
        let ba = b.intersections(with: a).intersections.map(\.swapped)
        XCTAssertEqual(ab.count, ba.count, "mismatched intersection count", file: file, line: line)
        let key: (PathIntersection) -> (Double, Double) = { ($0.first.length, $0.second.length) }
        for (x, y) in zip(ab.sorted { key($0) < key($1) }, ba.sorted { key($0) < key($1) }) {
            XCTAssertPointEqual(x.point, y.point, accuracy: 1e-12, file: file, line: line)
            XCTAssertEqual(x.kind, y.kind, file: file, line: line)
            XCTAssertEqual(x.first.elementIndex, y.first.elementIndex, file: file, line: line)
            XCTAssertEqual(x.second.t, y.second.t, accuracy: 1e-12, file: file, line: line)
        }
    }

    func testTwoSCurvesCrossAtTheirCommonMiddle() {
        let a = path("M0 0 C100 0 100 100 200 100"), b = path("M0 100 C100 100 100 0 200 0")
        let r = a.intersections(with: b)
        XCTAssertEqual(r.count, 1)
        XCTAssertPointEqual(r.points[0], Point(100, 50), accuracy: 1e-9)
        XCTAssertEqual(r.intersections[0].first.t, 0.5, accuracy: 1e-9)
        XCTAssertEqual(r.intersections[0].kind, .crossing)
        XCTAssertEqual(r.intersections[0].first.length, a.length / 2, accuracy: 1e-9)
        assertSymmetric(a, b)
    }

    func testQuadraticAgainstCubicFindsBothCrossings() {
        // y = 200t(1−t)·… arch against a flattened S: check each point lies on both.
        let a = path("M0 0 Q50 100 100 0"), b = path("M0 40 C30 10 70 70 100 40")
        let r = a.intersections(with: b)
        XCTAssertEqual(r.count, 2)
        for p in r.points {
            XCTAssertLessThan(distance(from: p, to: a), 1e-7)
            XCTAssertLessThan(distance(from: p, to: b), 1e-7)
        }
        assertSymmetric(a, b)
    }

    func testTwoCirclesTangentFromOutsideTouchOnce() {
        let a = BezierPath(circleAt: Point(0, 0), radius: 50), b = BezierPath(circleAt: Point(100, 0), radius: 50)
        let r = a.intersections(with: b)
        XCTAssertEqual(r.count, 1)
        // Along a tangent the touch is only determined to about the square root of the precision.
        XCTAssertPointEqual(r.points[0], Point(50, 0), accuracy: 1e-6)
        XCTAssertEqual(r.intersections[0].kind, .touch)
        assertSymmetric(a, b)
    }

    func testTangentCurvesInsideOneAnotherTouch() {
        // Two arcs tangent at (0,0) bending the same way with different curvature.
        let a = path("M-50 25 Q0 -25 50 25"), b = path("M-50 50 Q0 -50 50 50")
        let r = a.intersections(with: b)
        XCTAssertEqual(r.count, 1)
        XCTAssertPointEqual(r.points[0], Point(0, 0), accuracy: 1e-6)
        XCTAssertEqual(r.intersections[0].kind, .touch)
        assertSymmetric(a, b)
    }

    func testLoopedCubicCrossesItself() {
        let loop = path("M0 0 C300 200 -100 200 200 0")
        let r = loop.selfIntersections
        XCTAssertEqual(r.count, 1)
        let h = r.intersections[0]
        XCTAssertEqual(h.kind, .crossing)
        XCTAssertPointEqual(loop.curves[0].curve.point(at: h.first.t), loop.curves[0].curve.point(at: h.second.t), accuracy: 1e-9)
        // Symmetric curve: the crossing is on the axis x = 100.
        XCTAssertEqual(h.point.x, 100, accuracy: 1e-9)
        // A vertical line through the crossing meets both branches there, and the top of the loop.
        let line = path("M100 -10 L100 300")
        XCTAssertEqual(loop.intersections(with: line).count, 3)
    }

    func testKnottedPathAgainstALineAndItsMirror() {
        // A trefoil-like closed path that crosses itself three times.
        let knot = path("M0 -100 C150 -100 150 100 -80 60 C-200 30 -60 -150 50 -30 C120 40 -100 120 -80 -40 C-70 -90 -30 -100 0 -100 Z")
        XCTAssertEqual(knot.selfIntersections.count, polylineSelfCrossings(knot))
        let mirror = knot.transformed(by: .scale(-1, 1))
        let r = knot.intersections(with: mirror)
        XCTAssertGreaterThan(r.count, 0)
        for h in r.intersections {
            XCTAssertLessThan(distance(from: h.point, to: knot), 1e-6)
            XCTAssertLessThan(distance(from: h.point, to: mirror), 1e-6)
        }
        assertSymmetric(knot, mirror)
        assertSymmetric(knot, path("M-200 0 L200 10"))
    }

    func testSharedEdgeWithTinyOffsetGivesTheSameAnswerBothWays() {
        let a = BezierPath(rect: Rect(x: 0, y: 0, width: 100, height: 100))
        for offset in [0.0, 1e-13, 1e-10, -1e-10] {
            let b = BezierPath(rect: Rect(x: 100 + offset, y: 30, width: 50, height: 40))
            let r = a.intersections(with: b)
            XCTAssertEqual(r.count, 2, "offset \(offset)")
            XCTAssertEqual(r.intersections.map(\.kind), [.overlap, .overlap])
            XCTAssertPointEqual(r.points[0], Point(100, 30), accuracy: 1e-9)
            assertSymmetric(a, b)
        }
    }

    func testCoincidentCurvesReportTheEndsOfTheirOverlap() {
        let c = BezierCurve(cubic: Point(0, 0), Point(30, 90), Point(70, -40), Point(100, 30))
        let whole = BezierPath([.move(to: c.p0), c.element])
        let part = c.subcurve(from: 0.25, to: 0.6)
        let piece = BezierPath([.move(to: part.p0), part.element])
        let r = whole.intersections(with: piece)
        XCTAssertEqual(r.count, 2)
        XCTAssertEqual(r.intersections.map(\.kind), [.overlap, .overlap])
        XCTAssertEqual(r.intersections[0].first.t, 0.25, accuracy: 1e-9)
        XCTAssertEqual(r.intersections[1].first.t, 0.6, accuracy: 1e-9)
        assertSymmetric(whole, piece)
        // The same curve traced backwards overlaps end to end.
        let back = BezierPath([.move(to: c.p3), c.reversed.element])
        XCTAssertEqual(whole.intersections(with: back).count, 2)
        assertSymmetric(whole, back)
    }

    func testTinyAndDegenerateCurvesNeitherTrapNorDuplicate() {
        let zigzag = BezierPath([
            .move(to: Point(0, 0)), .line(to: Point(50, 0)),
            .cubic(control1: Point(50, 0), control2: Point(50, 0), to: Point(50, 0)),
            .cubic(control1: Point(50, 1e-9), control2: Point(50 + 1e-9, 1e-9), to: Point(50 + 1e-9, 0)),
            .quad(control: Point(50 + 1e-9, 0), to: Point(50 + 1e-9, 0)),
            .line(to: Point(100, 0)),
        ])
        let r = zigzag.intersections(with: path("M50 -10 L50 10"))
        XCTAssertEqual(r.count, 1)
        XCTAssertPointEqual(r.points[0], Point(50, 0), accuracy: 1e-6)
        XCTAssertTrue(r.problems.isEmpty)
        assertSymmetric(zigzag, path("M50 -10 L50 10"))
        XCTAssertEqual(zigzag.intersections(with: path("M20 -10 L20 10")).count, 1)
    }

    func testNonFiniteInputIsReportedNotTrapped() {
        let bad = BezierPath([.move(to: Point(0, 0)), .line(to: Point(.nan, 3))])
        let r = bad.intersections(with: path("M0 0 L10 10"))
        XCTAssertEqual(r.count, 0)
        XCTAssertEqual(r.problems, [.nonFiniteCoordinates])
    }

    /// Crossings of non-adjacent edges of the finely flattened path: an independent count.
    func polylineSelfCrossings(_ p: BezierPath) -> Int {
        let (points, _) = p.flattened(tolerance: 1e-2)[0]
        let edges = GeometryFixtures.edges(points, closed: true)
        var n = 0
        for i in edges.indices {
            for j in edges.indices where j >= i + 2 && !(i == 0 && j == edges.count - 1) {
                n += GeometryFixtures.bruteForceCrossings([edges[i]], [edges[j]])
            }
        }
        return n
    }
}
