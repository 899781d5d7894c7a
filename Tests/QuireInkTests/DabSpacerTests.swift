import QuireGeometry
import XCTest
@testable import QuireInk

final class DabSpacerTests: XCTestCase {
    private func dab(_ x: Double, _ y: Double, diameter: Double = 10) -> DabPoint {
        DabPoint(position: Point(x, y), diameter: diameter, color: .black)
    }

    func testDabsAreEvenlySpacedAcrossSegmentJoins() {
        // Spacing 0.2 × 10 px = 2 px. Segments of 3, 3.5 and 5.5 px end between dabs, so the leftover
        // must carry across each join for the spacing to stay exactly 2.
        var spacer = DabSpacer(spacingFraction: 0.2)
        var sprites: [Sprite] = []
        spacer.walk(from: dab(0, 0), to: dab(3, 0), into: &sprites)
        spacer.walk(from: dab(3, 0), to: dab(6.5, 0), into: &sprites)
        spacer.walk(from: dab(6.5, 0), to: dab(12, 0), into: &sprites)
        XCTAssertEqual(sprites.map(\.x), [0, 2, 4, 6, 8, 10, 12])
        XCTAssertEqual(spacer.sinceLastDab ?? -1, 0, accuracy: 1e-12)
    }

    func testLeftoverCarriesAroundACorner() {
        var spacer = DabSpacer(spacingFraction: 0.2)
        var sprites: [Sprite] = []
        spacer.walk(from: dab(0, 0), to: dab(3, 0), into: &sprites)  // dabs at 0, 2; 1 px left over
        spacer.walk(from: dab(3, 0), to: dab(3, 4), into: &sprites)  // next dab 1 px after the corner
        XCTAssertEqual(sprites.count, 4)
        XCTAssertEqual(sprites[2].x, 3)
        XCTAssertEqual(sprites[2].y, 1, accuracy: 1e-6)
        XCTAssertEqual(sprites[3].y, 3, accuracy: 1e-6)
    }

    func testDiameterIsInterpolatedAndSetsTheNextStep() {
        var spacer = DabSpacer(spacingFraction: 0.5)
        var sprites: [Sprite] = []
        spacer.walk(from: dab(0, 0, diameter: 2), to: dab(10, 0, diameter: 12), into: &sprites)
        // Dab at 0 (d=2) → next at 1 (d=3) → next at 2.5 (d=4.5) → 4.75 (d=6.75) → 8.125 (d=10.125).
        XCTAssertEqual(sprites.map(\.x), [0, 1, 2.5, 4.75, 8.125])
        XCTAssertEqual(sprites.map(\.diameter), [2, 3, 4.5, 6.75, 10.125])
    }

    func testAZeroLengthSegmentAddsNothing() {
        var spacer = DabSpacer()
        var sprites: [Sprite] = []
        spacer.start(at: dab(5, 5), into: &sprites)
        spacer.walk(from: dab(5, 5), to: dab(5, 5), into: &sprites)
        XCTAssertEqual(sprites.count, 1)
    }

    func testAMouseStrokeHasNoGapsAtAnySpeed() {
        // Samples 80 px apart (a fast flick) still give dabs no further apart than the spacing.
        var builder = StraightStrokeBuilder(maximumDiameter: 4, spacingFraction: 0.25)
        var sprites = builder.begin(InputSample(position: Point(0, 0), time: 0)).committed
        for i in 1...5 {
            sprites += builder.add(InputSample(position: Point(Double(i) * 80, Double(i) * 10), time: Double(i))).committed
        }
        for (a, b) in zip(sprites, sprites.dropFirst()) {
            let gap = Point(Double(a.x), Double(a.y)).distance(to: Point(Double(b.x), Double(b.y)))
            XCTAssertLessThanOrEqual(gap, 1.0 + 1e-4)
        }
        XCTAssertGreaterThan(sprites.count, 400)
    }
}
