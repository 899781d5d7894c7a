import Foundation

extension BezierPath {
    /// The path as polylines, one per subpath, every point within `tolerance` of the curve. The number
    /// of pieces per curve comes from Wang's formula, which bounds the chord error from the second
    /// differences of the control points, so no curve is sampled more finely than it needs.
    public func flattened(tolerance: Double) -> [(points: [Point], isClosed: Bool)] {
        let g = PathGeometry(self)
        let tol = tolerance > 0 && tolerance.isFinite ? tolerance : 0.25
        return g.subpaths.map { sp in
            var points = [sp.start]
            for i in sp.range {
                let c = g.segments[i].curve
                let n = c.flatteningSteps(tolerance: tol)
                for k in 1...n { points.append(k == n ? c.end : c.point(at: Double(k) / Double(n))) }
            }
            return (points, sp.isClosed)
        }
    }

    /// The flattened path as a path of lines.
    public func flattenedPath(tolerance: Double) -> BezierPath {
        var out = BezierPath()
        for (points, closed) in flattened(tolerance: tolerance) {
            out.move(to: points[0])
            for p in points.dropFirst() { out.line(to: p) }
            if closed { out.close() }
        }
        return out
    }
}

extension BezierCurve {
    /// Chords needed for an error under `tolerance` (Wang's formula for a cubic: n ≥ √(3·max|Δ²P| / 4·tol)).
    func flatteningSteps(tolerance: Double) -> Int {
        if degree == 1 { return 1 }
        let dd1 = (p0 - p1 * 2 + p2).length, dd2 = (p1 - p2 * 2 + p3).length
        let n = (3 * max(dd1, dd2) / (4 * tolerance)).squareRoot().rounded(.up)
        return Int(min(max(n, 1), 10_000))
    }
}
