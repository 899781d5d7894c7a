import QuireGeometry
import XCTest
@testable import QuireInk

/// Ink as lines stroked at their width (what PDF and SVG export draw for opaque round ink): every dab
/// lies on a run's line within the tolerance, at that run's width within it, and the runs join end to end.
final class VectorInkWidthRunsTests: XCTestCase {
    private func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let ab = b - a, lengthSquared = ab.lengthSquared
        guard lengthSquared > 0 else { return p.distance(to: a) }
        let t = min(1, max(0, (p - a).dot(ab) / lengthSquared))
        return p.distance(to: a + ab * t)
    }

    func testAStraightStrokeOfOneWidthIsOneLine() {
        let ink = VectorInk(centerLine: BezierPath([.move(to: Point(0, 0)), .line(to: Point(50, 0))]),
                            nodes: [.init(width: 4, color: .black), .init(width: 4, color: .black)], style: plainStyle())
        XCTAssertEqual(ink.widthRuns(tolerance: 0.1), [VectorInk.WidthRun(width: 4, points: [Point(0, 0), Point(50, 0)])])
    }

    func testATaperIsCutIntoRunsEachWithinTheToleranceOfItsWidth() {
        // Width 2 → 12 over 50 px: 10 px of width in bands at most 0.2 wide, so at least 50 runs.
        let ink = VectorInk(centerLine: BezierPath([.move(to: Point(0, 0)), .line(to: Point(50, 0))]),
                            nodes: [.init(width: 2, color: .black), .init(width: 12, color: .black)], style: plainStyle())
        let runs = ink.widthRuns(tolerance: 0.1)
        XCTAssertGreaterThanOrEqual(runs.count, 50)
        XCTAssertLessThanOrEqual(runs.count, 60, "no more runs than the bands need")
        XCTAssertEqual(runs.first?.points.first, Point(0, 0))
        XCTAssertEqual(runs.last?.points.last, Point(50, 0))
        for (k, run) in runs.enumerated() {
            XCTAssertGreaterThanOrEqual(run.points.count, 2)
            if k > 0 { XCTAssertEqual(run.points.first, runs[k - 1].points.last, "run \(k) does not start where \(k - 1) ends") }
            for point in run.points {
                // The true width at x grows linearly from 2 to 12.
                XCTAssertEqual(run.width, 2 + 10 * point.x / 50, accuracy: 0.1 + 1e-9, "run \(k) at x = \(point.x)")
            }
        }
    }

    func testEveryDabOfAPressureStrokeLiesOnARunAtItsWidth() {
        let tolerance = 0.1
        for samples in [loopySamples(), loopySamples(count: 200)] {
            let ink = InkEngineRegistry.standard.vectorInk(for: samples, style: pressureStyle())
            let runs = ink.widthRuns(tolerance: tolerance)
            XCTAssertFalse(runs.isEmpty)
            for (index, sprite) in ink.sprites().enumerated() {
                let centre = Point(Double(sprite.x), Double(sprite.y))
                // The run whose line passes nearest the dab's centre.
                var best = (distance: Double.infinity, width: 0.0)
                for run in runs {
                    for (a, b) in zip(run.points, run.points.dropFirst()) {
                        let d = distance(centre, toSegment: a, b)
                        if d < best.distance { best = (d, run.width) }
                    }
                }
                XCTAssertLessThanOrEqual(best.distance, tolerance / 2 + 1e-6, "dab \(index) off the lines")
                XCTAssertEqual(best.width, Double(sprite.diameter), accuracy: tolerance + 0.02, "dab \(index)'s width")
            }
        }
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
