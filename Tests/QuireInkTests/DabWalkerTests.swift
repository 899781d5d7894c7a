import QuireGeometry
import XCTest
@testable import QuireInk

final class DabWalkerTests: XCTestCase {
    private func dab(_ x: Double, _ y: Double, diameter: Double = 10, rotation: Double = 0,
                     color: InkColor = .black) -> DabPoint {
        DabPoint(position: Point(x, y), diameter: diameter, color: color, rotation: rotation)
    }

    private func walk(_ walker: inout DabWalker, _ a: DabPoint, _ b: DabPoint,
                      _ table: inout ArcLengthTable, _ sprites: inout [Sprite]) {
        walker.walk(BezierCurve(line: a.position, b.position), from: a, to: b, table: &table, into: &sprites)
    }

    func testSpacingCarriesAcrossJoins() {
        // 2 px spacing; segments of 3, 3.5 and 5.5 px end between dabs.
        var walker = DabWalker(spacingFraction: 0.2)
        var table = ArcLengthTable()
        var sprites: [Sprite] = []
        walker.start(at: dab(0, 0), into: &sprites)
        walk(&walker, dab(0, 0), dab(3, 0), &table, &sprites)
        walk(&walker, dab(3, 0), dab(6.5, 0), &table, &sprites)
        walk(&walker, dab(6.5, 0), dab(12, 0), &table, &sprites)
        XCTAssertEqual(sprites.map(\.x), [0, 2, 4, 6, 8, 10, 12])
        XCTAssertEqual(walker.sinceLastDab ?? -1, 0, accuracy: 1e-12)
    }

    func testSpacingCarriesAroundACurvedJoin() {
        // Two quarter circles of radius 20 joined smoothly; dabs every 1 px of arc (within the table's
        // tolerance, seen as chords a hair under 1 px).
        let k = 0.5522847498 * 20
        let first = BezierCurve(cubic: Point(0, 0), Point(k, 0), Point(20, 20 - k), Point(20, 20))
        let second = BezierCurve(cubic: Point(20, 20), Point(20, 20 + k), Point(40 - k, 40), Point(40, 40))
        var walker = DabWalker(spacingFraction: 0.1)
        var table = ArcLengthTable(tolerance: 0.001)
        var sprites: [Sprite] = []
        walker.start(at: dab(0, 0), into: &sprites)
        walker.walk(first, from: dab(0, 0), to: dab(20, 20), table: &table, into: &sprites)
        let atJoin = sprites.count
        walker.walk(second, from: dab(20, 20), to: dab(40, 40), table: &table, into: &sprites)
        XCTAssertEqual(sprites.count, 63)  // ⌊2 × 31.4…⌋ + the first dab
        for (a, b) in zip(sprites, sprites.dropFirst()) {
            XCTAssertEqual(distance(a, b), 1, accuracy: 0.002)
        }
        XCTAssertEqual(distance(sprites[atJoin - 1], sprites[atJoin]), 1, accuracy: 0.002)
    }

    func testRotationWidthAndColourAreInterpolatedAlongTheSegment() {
        var walker = DabWalker(spacingFraction: 0.2)
        var table = ArcLengthTable()
        var sprites: [Sprite] = []
        let a = dab(0, 0, rotation: 0, color: InkColor(red: 0, green: 0, blue: 0, alpha: 1))
        let b = dab(10, 0, rotation: 1, color: InkColor(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        walker.start(at: a, into: &sprites)
        walk(&walker, a, b, &table, &sprites)
        XCTAssertEqual(sprites.map(\.x), [0, 2, 4, 6, 8, 10])
        let rotations: [Float] = [0, 0.2, 0.4, 0.6, 0.8, 1]
        for (s, r) in zip(sprites, rotations) { XCTAssertEqual(s.rotation, r, accuracy: 1e-6) }
        XCTAssertEqual(sprites[2].red, 0.4, accuracy: 1e-6)
        XCTAssertEqual(sprites[2].green, 0.2, accuracy: 1e-6)
        XCTAssertEqual(sprites[2].alpha, 0.8, accuracy: 1e-6)
    }

    func testWidthSetsTheNextStep() {
        var walker = DabWalker(spacingFraction: 0.5)
        var table = ArcLengthTable()
        var sprites: [Sprite] = []
        walker.start(at: dab(0, 0, diameter: 2), into: &sprites)
        walk(&walker, dab(0, 0, diameter: 2), dab(10, 0, diameter: 12), &table, &sprites)
        XCTAssertEqual(sprites.map(\.x), [0, 1, 2.5, 4.75, 8.125])
        XCTAssertEqual(sprites.map(\.diameter), [2, 3, 4.5, 6.75, 10.125])
    }

    func testRotationTurnsTheShortWayRound() {
        XCTAssertEqual(DabWalker.shortestTurn(from: 3, to: -3), 2 * .pi - 6, accuracy: 1e-12)
        XCTAssertEqual(DabWalker.shortestTurn(from: -3, to: 3), 6 - 2 * .pi, accuracy: 1e-12)
        XCTAssertEqual(DabWalker.shortestTurn(from: 0, to: 1), 1)
        var walker = DabWalker(spacingFraction: 0.5)
        var table = ArcLengthTable()
        var sprites: [Sprite] = []
        let a = dab(0, 0, rotation: 3), b = dab(10, 0, rotation: -3)
        walker.start(at: a, into: &sprites)
        walk(&walker, a, b, &table, &sprites)
        // Half-way (x = 5) is half of the 0.283 rad turn past 3, not through zero.
        XCTAssertEqual(sprites[1].x, 5)
        XCTAssertEqual(Double(sprites[1].rotation), 3 + (2 * .pi - 6) / 2, accuracy: 1e-6)
    }

    func testStraightDabsAreEvenlySpacedAcrossSegmentJoins() {
        // Spacing 0.2 × 10 px = 2 px. Segments of 3, 3.5 and 5.5 px end between dabs, so the leftover
        // must carry across each join for the spacing to stay exactly 2.
        var walker = DabWalker(spacingFraction: 0.2)
        var sprites: [Sprite] = []
        walker.walk(from: dab(0, 0), to: dab(3, 0), into: &sprites)
        walker.walk(from: dab(3, 0), to: dab(6.5, 0), into: &sprites)
        walker.walk(from: dab(6.5, 0), to: dab(12, 0), into: &sprites)
        XCTAssertEqual(sprites.map(\.x), [0, 2, 4, 6, 8, 10, 12])
        XCTAssertEqual(walker.sinceLastDab ?? -1, 0, accuracy: 1e-12)
    }

    func testLeftoverCarriesAroundACorner() {
        var walker = DabWalker(spacingFraction: 0.2)
        var sprites: [Sprite] = []
        walker.walk(from: dab(0, 0), to: dab(3, 0), into: &sprites)  // dabs at 0, 2; 1 px left over
        walker.walk(from: dab(3, 0), to: dab(3, 4), into: &sprites)  // next dab 1 px after the corner
        XCTAssertEqual(sprites.count, 4)
        XCTAssertEqual(sprites[2].x, 3)
        XCTAssertEqual(sprites[2].y, 1, accuracy: 1e-6)
        XCTAssertEqual(sprites[3].y, 3, accuracy: 1e-6)
    }

    func testStraightDiameterIsInterpolatedAndSetsTheNextStep() {
        var walker = DabWalker(spacingFraction: 0.5)
        var sprites: [Sprite] = []
        walker.walk(from: dab(0, 0, diameter: 2), to: dab(10, 0, diameter: 12), into: &sprites)
        // Dab at 0 (d=2) → next at 1 (d=3) → next at 2.5 (d=4.5) → 4.75 (d=6.75) → 8.125 (d=10.125).
        XCTAssertEqual(sprites.map(\.x), [0, 1, 2.5, 4.75, 8.125])
        XCTAssertEqual(sprites.map(\.diameter), [2, 3, 4.5, 6.75, 10.125])
    }

    func testAZeroLengthSegmentAddsNothing() {
        var walker = DabWalker()
        var sprites: [Sprite] = []
        walker.start(at: dab(5, 5), into: &sprites)
        walker.walk(from: dab(5, 5), to: dab(5, 5), into: &sprites)
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

    func testLinesAndCurvesWalkTheSameLoop() {
        // A straight walk and a cubic walk share their leftover: a line, then a curve, then a line,
        // spaced 1 px apart throughout, including across both joins.
        var walker = DabWalker(spacingFraction: 0.1)
        var table = ArcLengthTable(tolerance: 0.001)
        var sprites: [Sprite] = []
        let k = 0.5522847498 * 20
        walker.walk(from: dab(-10.5, 0), to: dab(0, 0), into: &sprites)
        walker.walk(BezierCurve(cubic: Point(0, 0), Point(k, 0), Point(20, 20 - k), Point(20, 20)),
                    from: dab(0, 0), to: dab(20, 20), table: &table, into: &sprites)
        walker.walk(from: dab(20, 20), to: dab(20, 30.3), into: &sprites)
        for (a, b) in zip(sprites, sprites.dropFirst()) { XCTAssertEqual(distance(a, b), 1, accuracy: 0.002) }
        // 10.5 + 31.42 + 10.3 px of stroke: 52 steps of 1 px after the first dab.
        XCTAssertEqual(sprites.count, 53)
    }

    func testADegenerateSegmentAddsNothingAndTrapsNothing() {
        var walker = DabWalker()
        var table = ArcLengthTable()
        var sprites: [Sprite] = []
        walker.start(at: dab(0, 0), into: &sprites)
        walker.walk(from: dab(0, 0), to: dab(.nan, 0), into: &sprites)
        walker.walk(BezierCurve(cubic: Point(0, 0), Point(.nan, 1), Point(2, 2), Point(3, 3)),
                    from: dab(0, 0), to: dab(3, 3), table: &table, into: &sprites)
        walker.walk(from: dab(0, 0), to: dab(1, 0, diameter: .infinity), into: &sprites)
        XCTAssertTrue(sprites.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        XCTAssertLessThan(sprites.count, 10)
    }
}
