@testable import QuireGeometry
import XCTest

final class ContainmentTests: XCTestCase {
    let outer = BezierPath(rect: Rect(x: 0, y: 0, width: 100, height: 100))
    let inner = BezierPath(rect: Rect(x: 25, y: 25, width: 50, height: 50))

    func testReversedHoleIsEmptyUnderBothRules() {
        let shape = outer.appending(inner.reversed)
        for rule in [FillRule.nonZero, .evenOdd] {
            XCTAssertTrue(shape.contains(Point(10, 50), fillRule: rule))
            XCTAssertFalse(shape.contains(Point(50, 50), fillRule: rule))
            XCTAssertFalse(shape.contains(Point(150, 50), fillRule: rule))
        }
    }

    func testSameDirectionHoleIsFilledOnlyUnderNonZero() {
        let shape = outer.appending(inner)
        XCTAssertEqual(shape.windingNumber(at: Point(50, 50)), 2)
        XCTAssertTrue(shape.contains(Point(50, 50), fillRule: .nonZero))
        XCTAssertFalse(shape.contains(Point(50, 50), fillRule: .evenOdd))
    }

    func testRayThroughAVertexCountsOnce() {
        let diamond = BezierPath(polygon: [Point(50, 0), Point(100, 50), Point(50, 100), Point(0, 50)])
        XCTAssertTrue(diamond.contains(Point(20, 50)))
        XCTAssertFalse(diamond.contains(Point(-20, 50)))
        XCTAssertFalse(diamond.contains(Point(-20, 0)))
    }

    func testCurvedOutline() {
        let circle = BezierPath(circleAt: Point(0, 0), radius: 10)
        XCTAssertTrue(circle.contains(Point(9.99, 0)))
        XCTAssertTrue(circle.contains(Point(7, 7)))
        XCTAssertFalse(circle.contains(Point(7.2, 7.2)))
        XCTAssertEqual(circle.windingNumber(at: .zero), 1)
        XCTAssertEqual(circle.reversed.windingNumber(at: .zero), -1)
    }

    func testOpenSubpathIsFilledAsIfClosed() {
        let open = BezierPath([.move(to: Point(0, 0)), .line(to: Point(10, 0)), .line(to: Point(10, 10))])
        XCTAssertTrue(open.contains(Point(8, 2)))
        XCTAssertFalse(open.contains(Point(2, 8)))
    }
}

/// `PathContainment` looks only at the segments of its point's band: it must answer exactly what the
/// whole path answers, wherever the point is (on a vertex's height, on a band's edge, outside the path's
/// height, not finite), for paths of every kind, open subpaths and holes included.
final class BandedContainmentTests: XCTestCase {
    private func assertAgrees(_ path: BezierPath, at points: [Point], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        // The reference: every segment of the path asked, as `BezierPath.contains` does (worked out once).
        let banded = PathContainment(path), whole = PathGeometry(path)
        var differing = 0, first = ""
        for point in points {
            let winding = whole.winding(at: point)
            for rule in [FillRule.nonZero, .evenOdd] where banded.contains(point, fillRule: rule) != rule.holds(winding: winding) {
                if differing == 0 { first = "at \(point), \(rule)" }
                differing += 1
            }
        }
        XCTAssertEqual(differing, 0, "\(what): first \(first)", file: file, line: line)
    }

    func testTheBandedTestAnswersWhatTheWholePathAnswers() {
        var rng = SeededRandom(seed: 31)
        var inside = 0
        for round in 0..<60 {
            var path: BezierPath
            switch round % 3 {
            case 0: path = RandomPaths.shape(&rng, elements: 6 + round * 3, hole: round % 2 == 0)
            case 1: path = RandomPaths.open(&rng, elements: 3 + round % 9)
            default:
                // Two open subpaths and a closed one, overlapping.
                path = RandomPaths.open(&rng, elements: 4)
                path.append(RandomPaths.open(&rng, elements: 5))
                path.append(RandomPaths.shape(&rng, elements: 12, hole: false))
            }
            // Random points, and points at the heights of the path's own points (where a ray meets a
            // vertex, or a segment's box ends), a little either side, and beyond the path.
            var points = (0..<300).map { _ in Point(rng.double(-20...220), rng.double(-20...220)) }
            for element in path.elements {
                for p in element.namedPoints {
                    for dy in [0, 1e-9, -1e-9] { points.append(Point(rng.double(-20...220), p.y + dy)); points.append(Point(p.x - 1, p.y + dy)) }
                }
            }
            points += [Point(100, -1e9), Point(100, 1e9), Point(.nan, 100), Point(100, .nan), Point(.infinity, 100)]
            let whole = PathGeometry(path)
            inside += points.filter { FillRule.evenOdd.holds(winding: whole.winding(at: $0)) }.count
            assertAgrees(path, at: points, "round \(round)")
        }
        XCTAssertGreaterThan(inside, 1000, "the points are not all outside")
    }

    func testAPieceOfAWavyCutAndDegeneratePaths() {
        // The kind of outline a cut makes: a rectangle's half below a wave of 600 short lines.
        var piece = BezierPath()
        piece.move(to: Point(0, 100))
        for k in 0...600 { piece.line(to: Point(Double(k) * 0.5, 50 + 20 * sin(Double(k) / 30))) }
        piece.line(to: Point(300, 100))
        piece.close()
        var rng = SeededRandom(seed: 7)
        let points = (0..<2000).map { _ in Point(rng.double(-10...310), rng.double(20...110)) }
        assertAgrees(piece, at: points, "a wavy piece")
        // Flat (no height), a single point, empty, and not finite: answered as the whole path answers.
        let flat = BezierPath([.move(to: Point(0, 5)), .line(to: Point(10, 5)), .line(to: Point(20, 5)), .close])
        let dot = BezierPath([.move(to: Point(3, 3)), .line(to: Point(3, 3)), .close])
        let broken = BezierPath([.move(to: Point(0, 0)), .line(to: Point(.nan, 10)), .line(to: Point(10, 10)), .close])
        for (path, what) in [(flat, "flat"), (dot, "a point"), (BezierPath(), "empty"), (broken, "not finite")] {
            assertAgrees(path, at: [Point(5, 5), Point(3, 3), Point(-1, 5), Point(5, 4.999), Point(2, 8)], what)
        }
    }
}
