import QuireGeometry
import XCTest

final class HomographyTests: XCTestCase {
    let unit = [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)]

    func testUnitSquareOntoAKnownPerspectiveQuad() {
        // The map (x, y) ↦ (2x, 3y) / (x + 1) takes the unit square to these corners.
        let target = [Point(0, 0), Point(1, 0), Point(1, 1.5), Point(0, 3)]
        let h = Homography(from: unit, to: target)!
        for (p, q) in zip(unit, target) { XCTAssertPointEqual(h.apply(p)!, q, accuracy: 1e-12) }
        XCTAssertPointEqual(h.apply(Point(0.5, 0.5))!, Point(1.0 / 1.5, 1.5 / 1.5), accuracy: 1e-12)
        let expected = [2.0, 0, 0, 0, 3, 0, 1, 0, 1]
        for (x, y) in zip(h.m, expected) { XCTAssertEqual(x, y, accuracy: 1e-12) }
    }

    func testAffineQuadsGiveTheAffineMap() {
        let t = AffineTransform.rotation(0.3).concatenating(.scale(2, 0.5)).concatenating(.translation(400, -20))
        let source = [Point(100, 100), Point(300, 120), Point(280, 400), Point(90, 350)]
        let h = Homography(from: source, to: source.map(t.apply))!
        let affine = h.affineTransform!
        for p in [Point(0, 0), Point(1000, 700), Point(-50, 20)] {
            XCTAssertPointEqual(affine.apply(p), t.apply(p), accuracy: 1e-9)
        }
    }

    func testNormalisationKeepsPageCoordinatesAccurate() {
        let source = [Point(10_000, 10_000), Point(10_300, 10_020), Point(10_290, 10_410), Point(9_990, 10_380)]
        let target = [Point(20_000, 5_000), Point(20_600, 5_100), Point(20_500, 5_900), Point(19_950, 5_700)]
        let h = Homography(from: source, to: target)!
        for (p, q) in zip(source, target) { XCTAssertPointEqual(h.apply(p)!, q, accuracy: 1e-8) }
        let back = h.inverted!
        for q in target { XCTAssertNotNil(back.apply(q)) }
        for (p, q) in zip(source, target) { XCTAssertPointEqual(back.apply(q)!, p, accuracy: 1e-8) }
    }

    func testDegenerateQuadsGiveNilNotNaN() {
        XCTAssertNil(Homography(from: unit, to: [Point(0, 0), Point(1, 0), Point(2, 0), Point(0, 1)]))
        XCTAssertNil(Homography(from: unit, to: [Point(0, 0), Point(0, 0), Point(1, 1), Point(0, 1)]))
        XCTAssertNil(Homography(from: [Point](repeating: .zero, count: 4), to: unit))
        XCTAssertNil(Homography(from: unit, to: [Point(.nan, 0), Point(1, 0), Point(1, 1), Point(0, 1)]))
        XCTAssertNil(Homography(from: unit, to: Array(unit.prefix(3))))
        XCTAssertNil(Homography(matrix: [1, 2, 3]))
    }

    func testPointsOnTheVanishingLineHaveNoImage() {
        let h = Homography(from: unit, to: [Point(0, 0), Point(1, 0), Point(1, 1.5), Point(0, 3)])!
        XCTAssertNil(h.apply(Point(-1, 5)))
    }

    func testMappingAPathKeepsLinesExactAndCurvesClose() {
        let h = Homography(from: unit.map { $0 * 100 }, to: [Point(0, 0), Point(100, 0), Point(100, 150), Point(0, 300)])!
        let square = BezierPath(rect: Rect(x: 0, y: 0, width: 100, height: 100))
        let mapped = h.apply(to: square)!
        XCTAssertEqual(mapped.elements.count, square.elements.count)
        XCTAssertEqual(mapped.elements[2].endPoint.map { ($0.x * 1e9).rounded() / 1e9 }, 100)
        let circle = BezierPath(circleAt: Point(50, 50), radius: 40)
        let image = h.apply(to: circle, tolerance: 0.01)!
        for k in 0..<40 {
            let p = circle.point(atLength: circle.length * Double(k) / 40)!
            XCTAssertLessThan(distance(from: h.apply(p)!, to: image), 0.011)
        }
    }
}
