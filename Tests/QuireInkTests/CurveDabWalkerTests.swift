import QuireGeometry
import XCTest
@testable import QuireInk

final class CurveDabWalkerTests: XCTestCase {
    private func dab(_ x: Double, _ y: Double, diameter: Double = 10, rotation: Double = 0,
                     color: InkColor = .black) -> DabPoint {
        DabPoint(position: Point(x, y), diameter: diameter, color: color, rotation: rotation)
    }

    private func walk(_ walker: inout CurveDabWalker, _ a: DabPoint, _ b: DabPoint,
                      _ table: inout ArcLengthTable, _ sprites: inout [Sprite]) {
        walker.walk(CubicSegment(line: a.position, b.position), from: a, to: b, table: &table, into: &sprites)
    }

    func testSpacingCarriesAcrossJoins() {
        // 2 px spacing; segments of 3, 3.5 and 5.5 px end between dabs.
        var walker = CurveDabWalker(spacingFraction: 0.2)
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
        let first = CubicSegment(start: Point(0, 0), control1: Point(k, 0), control2: Point(20, 20 - k), end: Point(20, 20))
        let second = CubicSegment(start: Point(20, 20), control1: Point(20, 20 + k), control2: Point(40 - k, 40), end: Point(40, 40))
        var walker = CurveDabWalker(spacingFraction: 0.1)
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
        var walker = CurveDabWalker(spacingFraction: 0.2)
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
        var walker = CurveDabWalker(spacingFraction: 0.5)
        var table = ArcLengthTable()
        var sprites: [Sprite] = []
        walker.start(at: dab(0, 0, diameter: 2), into: &sprites)
        walk(&walker, dab(0, 0, diameter: 2), dab(10, 0, diameter: 12), &table, &sprites)
        XCTAssertEqual(sprites.map(\.x), [0, 1, 2.5, 4.75, 8.125])
        XCTAssertEqual(sprites.map(\.diameter), [2, 3, 4.5, 6.75, 10.125])
    }

    func testRotationTurnsTheShortWayRound() {
        XCTAssertEqual(CurveDabWalker.shortestTurn(from: 3, to: -3), 2 * .pi - 6, accuracy: 1e-12)
        XCTAssertEqual(CurveDabWalker.shortestTurn(from: -3, to: 3), 6 - 2 * .pi, accuracy: 1e-12)
        XCTAssertEqual(CurveDabWalker.shortestTurn(from: 0, to: 1), 1)
        var walker = CurveDabWalker(spacingFraction: 0.5)
        var table = ArcLengthTable()
        var sprites: [Sprite] = []
        let a = dab(0, 0, rotation: 3), b = dab(10, 0, rotation: -3)
        walker.start(at: a, into: &sprites)
        walk(&walker, a, b, &table, &sprites)
        // Half-way (x = 5) is half of the 0.283 rad turn past 3, not through zero.
        XCTAssertEqual(sprites[1].x, 5)
        XCTAssertEqual(Double(sprites[1].rotation), 3 + (2 * .pi - 6) / 2, accuracy: 1e-6)
    }
}
