import QuireGeometry
import XCTest
@testable import QuireInk

final class ShemanarevSmoothingTests: XCTestCase {
    // Edges of 4, 3 and 4 px around a right-angled "C": midpoints (2, 0), (4, 1.5), (2, 3); split ratios
    // 4/7 and 3/7 put the split points at (22/7, 6/7) and (22/7, 15/7); sliding them onto (4, 0) and
    // (4, 3) moves the middle midpoint by (6/7, ±9/14).
    let p0 = Point(0, 0), p1 = Point(4, 0), p2 = Point(4, 3), p3 = Point(0, 3)

    func testControlPointsOfAKnownFourPointInput() {
        let (c1, c2) = ShemanarevSmoothing.controlPoints(p0, p1, p2, p3, smoothness: 1)
        XCTAssertEqual(c1.x, 4 + 6.0 / 7, accuracy: 1e-12)
        XCTAssertEqual(c1.y, 9.0 / 14, accuracy: 1e-12)
        XCTAssertEqual(c2.x, 4 + 6.0 / 7, accuracy: 1e-12)
        XCTAssertEqual(c2.y, 3 - 9.0 / 14, accuracy: 1e-12)
    }

    func testDefaultSmoothnessScalesThePull() {
        let (c1, c2) = ShemanarevSmoothing.controlPoints(p0, p1, p2, p3, smoothness: 0.75)
        XCTAssertEqual(c1.x, 4 + 0.75 * 6 / 7, accuracy: 1e-12)
        XCTAssertEqual(c1.y, 0.75 * 9 / 14, accuracy: 1e-12)
        XCTAssertEqual(c2.x, 4 + 0.75 * 6 / 7, accuracy: 1e-12)
        XCTAssertEqual(c2.y, 3 - 0.75 * 9 / 14, accuracy: 1e-12)
    }

    func testZeroSmoothnessIsAStraightSegment() {
        let (c1, c2) = ShemanarevSmoothing.controlPoints(p0, p1, p2, p3, smoothness: 0)
        XCTAssertEqual(c1, p1)
        XCTAssertEqual(c2, p2)
    }

    func testTheCurvePassesThroughEverySampleWithOneTangent() {
        let points = [Point(0, 0), Point(10, 5), Point(20, -3), Point(31, 8), Point(40, 0)]
        let s1 = ShemanarevSmoothing.segment(points[0], points[1], points[2], points[3], smoothness: 0.75)
        let s2 = ShemanarevSmoothing.segment(points[1], points[2], points[3], points[4], smoothness: 0.75)
        XCTAssertEqual(s1.point(at: 0), points[1])
        XCTAssertEqual(s1.point(at: 1), points[2])
        XCTAssertEqual(s2.point(at: 0), points[2])
        // G1 at the join: the incoming and outgoing tangents point the same way.
        let dIn = s1.derivative(at: 1).normalized, dOut = s2.derivative(at: 0).normalized
        XCTAssertEqual(dIn.x, dOut.x, accuracy: 1e-12)
        XCTAssertEqual(dIn.y, dOut.y, accuracy: 1e-12)
    }

    func testCoincidentSamplesGiveNoNaN() {
        let (c1, c2) = ShemanarevSmoothing.controlPoints(p1, p1, p1, p1, smoothness: 0.75)
        XCTAssertEqual(c1, p1)
        XCTAssertEqual(c2, p1)
    }
}
