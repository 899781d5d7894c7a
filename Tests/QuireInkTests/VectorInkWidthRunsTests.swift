import QuireGeometry
import XCTest
@testable import QuireInk

/// Ink as lines and curves stroked at their width (what PDF and SVG export draw for opaque round ink):
/// every dab's disc lies within the tolerance of a run's stroke at that run's width (its centre off the
/// run's path by no more than the tolerance less how far the run's radius is off), and the runs join
/// end to end.
final class VectorInkWidthRunsTests: XCTestCase {
    private func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let ab = b - a, lengthSquared = ab.lengthSquared
        guard lengthSquared > 0 else { return p.distance(to: a) }
        let t = min(1, max(0, (p - a).dot(ab) / lengthSquared))
        return p.distance(to: a + ab * t)
    }

    /// The run's pieces as a polyline, 100 steps a piece (pieces are a few pixels long: far finer than the tolerances).
    private func densePoints(of run: VectorInk.WidthRun) -> [Point] {
        var points = [run.pieces[0].p0]
        for piece in run.pieces {
            points += (1...100).map { piece.point(at: Double($0) / 100) }
        }
        return points
    }

    func testAStraightStrokeOfOneWidthIsOneLine() {
        let ink = VectorInk(centerLine: BezierPath([.move(to: Point(0, 0)), .line(to: Point(50, 0))]),
                            nodes: [.init(width: 4, color: .black), .init(width: 4, color: .black)], style: plainStyle())
        XCTAssertEqual(ink.widthRuns(tolerance: 0.1), [VectorInk.WidthRun(width: 4, pieces: [BezierCurve(line: Point(0, 0), Point(50, 0))])])
    }

    func testATaperIsCutIntoRunsEachWithinTheToleranceOfItsWidth() {
        // Width 2 → 12 over 50 px: 10 px of width in bands at most 0.26 wide (0.035 of the tolerance
        // to the path, 4 × 0.065 to the width), so at least 39 runs.
        let ink = VectorInk(centerLine: BezierPath([.move(to: Point(0, 0)), .line(to: Point(50, 0))]),
                            nodes: [.init(width: 2, color: .black), .init(width: 12, color: .black)], style: plainStyle())
        let runs = ink.widthRuns(tolerance: 0.1)
        XCTAssertGreaterThanOrEqual(runs.count, 39)
        XCTAssertLessThanOrEqual(runs.count, 45, "no more runs than the bands need")
        XCTAssertEqual(runs.first?.pieces.first?.p0, Point(0, 0))
        XCTAssertEqual(runs.last?.pieces.last?.p3, Point(50, 0))
        for (k, run) in runs.enumerated() {
            XCTAssertFalse(run.pieces.isEmpty)
            if k > 0 { XCTAssertEqual(run.pieces.first?.p0, runs[k - 1].pieces.last?.p3, "run \(k) does not start where \(k - 1) ends") }
            for (a, b) in zip(run.pieces, run.pieces.dropFirst()) { XCTAssertEqual(a.p3, b.p0, "run \(k)'s pieces do not join") }
            for point in densePoints(of: run) {
                XCTAssertEqual(point.y, 0, accuracy: 1e-9, "a straight stroke stays straight")
                // The true width at x grows linearly from 2 to 12: the radius within 0.065.
                XCTAssertEqual(run.width, 2 + 10 * point.x / 50, accuracy: 0.13 + 1e-9, "run \(k) at x = \(point.x)")
            }
        }
    }

    func testEveryDabOfAPressureStrokeLiesOnARunAtItsWidth() {
        for tolerance in [0.1, 0.05] {
            for samples in [loopySamples(), loopySamples(count: 200)] {
                let ink = InkEngineRegistry.standard.vectorInk(for: samples, style: pressureStyle())
                let runs = ink.widthRuns(tolerance: tolerance)
                XCTAssertFalse(runs.isEmpty)
                let dense = runs.map { (points: densePoints(of: $0), width: $0.width) }
                for (index, sprite) in ink.sprites().enumerated() {
                    let centre = Point(Double(sprite.x), Double(sprite.y))
                    // The run whose stroke's edge is nearest the dab's: the centre's distance from the path
                    // plus how far the radius is off. (Dab diameters are Floats: 0.01 more.)
                    var best = Double.infinity
                    for run in dense {
                        var nearest = Double.infinity
                        for (a, b) in zip(run.points, run.points.dropFirst()) { nearest = min(nearest, distance(centre, toSegment: a, b)) }
                        best = min(best, nearest + abs(run.width - Double(sprite.diameter)) / 2)
                    }
                    XCTAssertLessThanOrEqual(best, tolerance + 0.01, "dab \(index)'s disc off the strokes (tolerance \(tolerance))")
                }
            }
        }
    }

    func testTheWholeCentreLineLiesWithinTheToleranceOfTheStrokedRuns() {
        let tolerance = 0.1
        let ink = InkEngineRegistry.standard.vectorInk(for: loopySamples(), style: pressureStyle())
        let dense = ink.widthRuns(tolerance: tolerance).map { (points: densePoints(of: $0), width: $0.width) }
        for (index, true_) in denseCenterLine(ink, perCurve: 8).enumerated() {
            var best = Double.infinity
            for run in dense {
                var nearest = Double.infinity
                for (a, b) in zip(run.points, run.points.dropFirst()) { nearest = min(nearest, distance(true_.point, toSegment: a, b)) }
                best = min(best, nearest + abs(run.width - true_.width) / 2)
            }
            XCTAssertLessThanOrEqual(best, tolerance + 1e-3, "centre line point \(index): its disc's edge off the strokes'")
        }
    }

    func testSmoothHandwritingTakesFewerPiecesThanSteps() {
        let samples = loopySamples(count: 200)
        let ink = InkEngineRegistry.standard.vectorInk(for: samples, style: pressureStyle(minimum: 2, maximum: 2.5))
        let pieces = ink.widthRuns(tolerance: 0.1).reduce(0) { $0 + $1.pieces.count }
        XCTAssertLessThan(pieces, samples.count / 2, "a cubic covers several samples of a smooth stroke")
    }

    func testInkWithoutLengthHasNoRuns() {
        XCTAssertEqual(VectorInk(style: plainStyle()).widthRuns(), [])
        let dot = InkEngineRegistry.standard.vectorInk(for: [penSample(10, 10)], style: pressureStyle())
        XCTAssertEqual(dot.widthRuns(), [], "a single dab is a circle, filled as its outline")
        let ink = VectorInk(centerLine: BezierPath([.move(to: Point(0, 0)), .line(to: Point(50, 0))]),
                            nodes: [.init(width: 4, color: .black), .init(width: 4, color: .black)], style: plainStyle())
        XCTAssertEqual(ink.widthRuns(tolerance: .nan), ink.widthRuns(tolerance: 0.1), "an unusable tolerance is the default")
    }
}
