import QuireGeometry
import XCTest

func XCTAssertPointEqual(_ a: Point, _ b: Point, accuracy: Double, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertLessThanOrEqual(a.distance(to: b), accuracy, "\(a) ≠ \(b) \(message)", file: file, line: line)
}

/// The distance from `p` to the nearest point the path draws, by dense sampling then local refinement
/// (independent of the code under test's own projection).
func distance(from p: Point, to path: BezierPath) -> Double {
    var best = Double.infinity
    for (_, c) in path.curves {
        var bestT = 0.0, bestD = Double.infinity
        for k in 0...200 {
            let t = Double(k) / 200
            let d = c.point(at: t).distance(to: p)
            if d < bestD { (bestT, bestD) = (t, d) }
        }
        // Golden-section search around the best sample.
        var lo = max(0, bestT - 0.005), hi = min(1, bestT + 0.005)
        for _ in 0..<100 {
            let m1 = lo + (hi - lo) * 0.382, m2 = lo + (hi - lo) * 0.618
            if c.point(at: m1).distance(to: p) < c.point(at: m2).distance(to: p) { hi = m2 } else { lo = m1 }
        }
        best = min(best, bestD, c.point(at: (lo + hi) / 2).distance(to: p))
    }
    return best
}
