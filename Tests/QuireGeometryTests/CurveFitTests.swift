import Foundation
import XCTest
@testable import QuireGeometry

/// Curves fitted through points along a smooth curve: every point and every step between neighbours
/// within the tolerance of the pieces, which join end to end, and far fewer pieces than steps.
final class CurveFitTests: XCTestCase {
    private func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let ab = b - a, lengthSquared = ab.lengthSquared
        guard lengthSquared > 0 else { return p.distance(to: a) }
        let t = min(1, max(0, (p - a).dot(ab) / lengthSquared))
        return p.distance(to: a + ab * t)
    }

    /// The distance from `p` to the pieces, each taken as 500 steps (far finer than the tolerances here).
    private func distance(_ p: Point, to pieces: [BezierCurve]) -> Double {
        var nearest = Double.infinity
        for piece in pieces {
            var previous = piece.p0
            for k in 1...500 {
                let next = piece.point(at: Double(k) / 500)
                nearest = min(nearest, distance(p, toSegment: previous, next))
                previous = next
            }
        }
        return nearest
    }

    /// A spiral: points every `step` radians with their exact directions of travel, and the curve's
    /// points halfway between them.
    private func spiral(count: Int, step: Double) -> (points: [Point], tangents: [Point], halfway: [Point]) {
        func point(_ a: Double) -> Point { Point(100 + (20 + 2 * a) * cos(a), 100 + (20 + 2 * a) * sin(a)) }
        func tangent(_ a: Double) -> Point { Point(2 * cos(a) - (20 + 2 * a) * sin(a), 2 * sin(a) + (20 + 2 * a) * cos(a)) }
        let angles = (0..<count).map { Double($0) * step }
        return (angles.map(point), angles.map(tangent), angles.dropLast().map { point($0 + step / 2) })
    }

    func testASpiralIsFittedWithinTheToleranceByFewPieces() {
        // Steps of 0.02 radians at radii up to 40 stray under 40 × 0.02² / 8 = 0.002 from the spiral.
        let (points, tangents, halfway) = spiral(count: 500, step: 0.02)
        let stepTolerance = 0.002
        for tolerance in [0.1, 0.01] {
            let pieces = CurveFit.fit(points, tangents: tangents, tolerance: tolerance, stepTolerance: stepTolerance)
            XCTAssertEqual(pieces.first?.p0, points.first)
            XCTAssertEqual(pieces.last?.p3, points.last)
            for (a, b) in zip(pieces, pieces.dropFirst()) { XCTAssertEqual(a.p3, b.p0, "pieces do not join") }
            for (k, point) in points.enumerated() {
                XCTAssertLessThanOrEqual(distance(point, to: pieces), tolerance + 1e-9, "point \(k) (tolerance \(tolerance))")
            }
            // The curve between the points too: the pieces within the tolerance and the step's allowance
            // of each step, which is within its allowance of the spiral.
            for (k, point) in halfway.enumerated() {
                XCTAssertLessThanOrEqual(distance(point, to: pieces), tolerance + 2 * stepTolerance,
                                         "halfway after point \(k) (tolerance \(tolerance))")
            }
            XCTAssertLessThan(pieces.count, points.count / 10, "\(pieces.count) pieces for \(points.count) points (tolerance \(tolerance))")
        }
    }

    func testPointsAlongALineBecomeOneLine() {
        let points = (0...20).map { Point(Double($0) * 3, 5 + Double($0)) }
        let pieces = CurveFit.fit(points, tangents: points.map { _ in Point(3, 1) }, tolerance: 0.1)
        XCTAssertEqual(pieces, [BezierCurve(line: points[0], points[20])])
    }

    func testACornerIsKeptWhereTheTangentsSaySo() {
        // Two straight legs meeting at a right angle: no cubic through the corner fits.
        let points = (0...10).map { Point(Double($0), 0) } + (1...10).map { Point(10, Double($0)) }
        let tangents = (0...10).map { _ in Point(1, 0) } + (1...10).map { _ in Point(0, 1) }
        let pieces = CurveFit.fit(points, tangents: tangents, tolerance: 0.05)
        for (k, point) in points.enumerated() {
            XCTAssertLessThanOrEqual(distance(point, to: pieces), 0.05 + 1e-9, "point \(k)")
        }
        XCTAssertLessThanOrEqual(distance(Point(10, 0), to: pieces), 0.05 + 1e-9, "the corner is cut")
        XCTAssertLessThanOrEqual(pieces.count, 6)
    }

    func testTooFewPointsOrUnusableInputs() {
        XCTAssertEqual(CurveFit.fit([], tangents: [], tolerance: 0.1), [])
        XCTAssertEqual(CurveFit.fit([Point(1, 1)], tangents: [Point(1, 0)], tolerance: 0.1), [])
        XCTAssertEqual(CurveFit.fit([Point(0, 0), Point(1, 1)], tangents: [Point(1, 0)], tolerance: 0.1), [], "a tangent missing")
        XCTAssertEqual(CurveFit.fit([Point(0, 0), Point(4, 0)], tangents: [.zero, .zero], tolerance: .nan),
                       [BezierCurve(line: Point(0, 0), Point(4, 0))], "neighbouring points are one step")
        // Zero and non-finite directions fall back to the neighbouring points.
        let (points, _, _) = spiral(count: 40, step: 0.05)
        let pieces = CurveFit.fit(points, tangents: points.map { _ in Point(.nan, 0) }, tolerance: 0.1)
        XCTAssertEqual(pieces.first?.p0, points.first)
        XCTAssertEqual(pieces.last?.p3, points.last)
        for (k, point) in points.enumerated() {
            XCTAssertLessThanOrEqual(distance(point, to: pieces), 0.1 + 1e-9, "point \(k)")
        }
    }
}
