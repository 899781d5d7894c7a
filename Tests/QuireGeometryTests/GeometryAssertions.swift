import QuireGeometry
import XCTest

func XCTAssertPointEqual(_ a: Point, _ b: Point, accuracy: Double, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertLessThanOrEqual(a.distance(to: b), accuracy, "\(a) ≠ \(b) \(message)", file: file, line: line)
}

/// The distance from `p` to the nearest point the path draws, by dense sampling then golden-section
/// refinement around every local minimum of the samples (independent of the code under test's own
/// projection, and safe where two branches of a looping curve pass close together).
func distance(from p: Point, to path: BezierPath) -> Double {
    var best = Double.infinity
    let n = 200
    for (_, c) in path.curves {
        let d = (0...n).map { c.point(at: Double($0) / Double(n)).distance(to: p) }
        for k in 0...n where (k == 0 || d[k] <= d[k - 1]) && (k == n || d[k] <= d[k + 1]) {
            var lo = Double(max(0, k - 1)) / Double(n), hi = Double(min(n, k + 1)) / Double(n)
            for _ in 0..<100 {
                let m1 = lo + (hi - lo) * 0.382, m2 = lo + (hi - lo) * 0.618
                if c.point(at: m1).distance(to: p) < c.point(at: m2).distance(to: p) { hi = m2 } else { lo = m1 }
            }
            best = min(best, d[k], c.point(at: (lo + hi) / 2).distance(to: p))
        }
    }
    return best
}
