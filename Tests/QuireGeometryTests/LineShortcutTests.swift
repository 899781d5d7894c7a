@testable import QuireGeometry
import XCTest

/// Lines take shortcuts: `CurveIntersector` solves line against line directly, and `BezierCurve.winding`
/// finds a line's crossing directly, where curves go through polynomial roots. The same lines written
/// as cubics (their control points at the thirds, `degree` 3) take the general way, so the two must
/// agree: on crossings, on ends that land on the other line within the tolerance, at T-junctions, on
/// near-parallel and parallel lines, and for points at the very heights of a line's ends.
final class LineShortcutTests: XCTestCase {
    /// `line` written as a cubic: the same points at the same parameters, but not known to be a line.
    private func asCubic(_ line: BezierCurve) -> BezierCurve {
        BezierCurve(cubic: line.p0, line.p1, line.p2, line.p3)
    }

    /// A line between two points of the 100 × 100 square.
    private func randomLine(_ random: inout SeededRandom) -> BezierCurve {
        BezierCurve(line: Point(random.double(0...100), random.double(0...100)),
                    Point(random.double(0...100), random.double(0...100)))
    }

    private func assertSameHits(_ a: BezierCurve, _ b: BezierCurve, _ what: String,
                                file: StaticString = #filePath, line: UInt = #line) {
        var intersector = CurveIntersector(scale: 100)
        // In the order of the first curve's parameter: for lines running together, which of the two is
        // measured along decides the order the overlap's ends come in, shortcut or not.
        let shortcut = intersector.hits(a, b).sorted { ($0.t, $0.u) < ($1.t, $1.u) }
        let general = intersector.hits(a, asCubic(b)).sorted { ($0.t, $0.u) < ($1.t, $1.u) }
        XCTAssertEqual(shortcut.count, general.count, "\(what): \(shortcut) against \(general)", file: file, line: line)
        for (s, g) in zip(shortcut, general) {
            XCTAssertEqual(s.t, g.t, accuracy: 1e-9, what, file: file, line: line)
            XCTAssertEqual(s.u, g.u, accuracy: 1e-9, what, file: file, line: line)
            // Lines crossing at a shallow angle carry a parameter's last bits far along: the points agree
            // to well within the intersector's own tolerance (1e-7 at this scale).
            XCTAssertLessThanOrEqual(s.point.distance(to: g.point), 1e-8, what, file: file, line: line)
            XCTAssertEqual(s.isOverlap, g.isOverlap, what, file: file, line: line)
        }
    }

    func testLineAgainstLineFindsWhatTheGeneralWayFinds() {
        var random = SeededRandom(seed: 12)
        var crossings = 0
        for k in 0..<2000 {
            let a = randomLine(&random), b = randomLine(&random)
            var intersector = CurveIntersector(scale: 100)
            crossings += intersector.hits(a, b).count
            assertSameHits(a, b, "random pair \(k)")
        }
        // Both kinds of pair were compared: lines that meet and lines that do not.
        XCTAssertGreaterThan(crossings, 300)
        XCTAssertLessThan(crossings, 1700)
    }

    func testEndsOnTheOtherLineTJunctionsAndParallelsAgree() {
        let a = BezierCurve(line: Point(0, 0), Point(100, 40))
        let onA = { (t: Double) in a.point(at: t) }
        let normal = Point(-40, 100) / Point(-40, 100).length
        let cases: [(String, BezierCurve)] = [
            ("starts on it", BezierCurve(line: onA(0.3), Point(50, 90))),
            ("ends on it", BezierCurve(line: Point(50, 90), onA(0.6))),
            ("ends within the tolerance of it", BezierCurve(line: Point(20, 70), onA(0.45) + normal * 1e-8)),
            ("starts within the tolerance of it", BezierCurve(line: onA(0.45) + normal * 1e-8, Point(20, 70))),
            ("ends just beyond the tolerance", BezierCurve(line: Point(20, 70), onA(0.45) + normal * 1e-5)),
            ("meets its end", BezierCurve(line: Point(100, 40), Point(130, -10))),
            ("T on its end", BezierCurve(line: Point(100, 0), Point(100, 80))),
            ("misses its end by a hair", BezierCurve(line: Point(100 + 1e-6, 0), Point(100 + 1e-6, 80))),
            ("near parallel, crossing", BezierCurve(line: Point(0, 1e-4), Point(100, 40 - 1e-4))),
            ("parallel", BezierCurve(line: Point(0, 5), Point(100, 45))),
            ("along it, overlapping", BezierCurve(line: onA(0.5), onA(1.5))),
            ("along it, inside", BezierCurve(line: onA(0.8), onA(0.2))),
            ("along it, beyond", BezierCurve(line: onA(1.2), onA(1.6))),
        ]
        for (what, b) in cases {
            assertSameHits(a, b, what)
            assertSameHits(b, a, what + ", the other way round")
        }
    }

    func testTheCanonicalOrderListsTheControlPointsInTurn() {
        var random = SeededRandom(seed: 3)
        func point() -> Point { Point(Double(Int(random.double(0...2))), Double(Int(random.double(0...2)))) }
        // Coordinates from {0, 1, 2}: many pairs share their first control points and differ late.
        for _ in 0..<3000 {
            let a = BezierCurve(cubic: point(), point(), point(), point()), b = BezierCurve(cubic: point(), point(), point(), point())
            let listed = { (c: BezierCurve) in [c.p0.x, c.p0.y, c.p1.x, c.p1.y, c.p2.x, c.p2.y, c.p3.x, c.p3.y] }
            XCTAssertEqual(CurveIntersector.precedes(a, b), listed(a).lexicographicallyPrecedes(listed(b)), "\(a) \(b)")
        }
        XCTAssertTrue(CurveIntersector.precedes(BezierCurve(line: Point(5, 5), Point(6, 6)),
                                                BezierCurve(cubic: Point(0, 0), Point(1, 1), Point(2, 2), Point(3, 3))),
                      "a line comes before any cubic")
    }

    func testALineCountsWindingAsItsCubicDoes() {
        var random = SeededRandom(seed: 7)
        var counted = 0
        for _ in 0..<300 {
            let line = randomLine(&random)
            let cubic = asCubic(line)
            // Points at both ends' heights (the half-open rule), on the line, and around it.
            var points = [line.p0, line.p3, line.point(at: 0.5), Point(-10, line.p0.y), Point(-10, line.p3.y)]
            for _ in 0..<20 { points.append(Point(random.double(-10...110), random.double(-10...110))) }
            // And a hair either side of it, where only the exact side decides.
            for _ in 0..<10 {
                let p = line.point(at: random.double(0.01...0.99))
                points += [Point(p.x - 1e-7, p.y), Point(p.x + 1e-7, p.y)]
            }
            for point in points {
                let w = line.winding(at: point)
                if w != 0 { counted += 1 }
                // On the line itself either count is right (containment says a point on the outline may
                // go either way); everywhere else the two agree.
                let t = (point.x - line.p0.x) * (line.p3.y - line.p0.y) - (point.y - line.p0.y) * (line.p3.x - line.p0.x)
                if abs(t) < 1e-9 { continue }
                XCTAssertEqual(w, cubic.winding(at: point), "\(line) at \(point)")
            }
        }
        XCTAssertGreaterThan(counted, 500)
    }
}
