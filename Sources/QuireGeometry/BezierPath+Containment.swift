import Foundation

extension BezierPath {
    /// Whether `point` is inside the path (every subpath treated as closed). Points exactly on the
    /// outline may go either way.
    public func contains(_ point: Point, fillRule: FillRule = .nonZero) -> Bool {
        PathContainment(self).contains(point, fillRule: fillRule)
    }

    /// The winding number of the outline around `point`: +1 for each counter-clockwise turn (y up).
    public func windingNumber(at point: Point) -> Int { PathGeometry(self).winding(at: point) }
}

extension PathGeometry {
    /// Counts signed crossings of the ray from `point` towards +x. Each curve is cut into y-monotone
    /// pieces, and each piece counts on a half-open y range, so a ray through a vertex counts it once.
    func winding(at point: Point) -> Int {
        var w = 0
        // Beyond rounding of the curve's points against its control points' box.
        let margin = 1e-9 * scale
        for sp in subpaths {
            for i in sp.range {
                let s = segments[i]
                if point.y < s.box.minY || point.y > s.box.maxY || point.x > s.box.maxX { continue }
                if point.x < s.box.minX - margin {
                    // The curve lies wholly right of the point, so the ray meets it wherever it crosses
                    // the point's height and every crossing counts: the signed crossings of its monotone
                    // pieces, each on a half-open y range, add up to where its two ends lie. No roots to
                    // find, for most curves a cut's long outline holds.
                    w += (s.curve.p0.y <= point.y ? 1 : 0) - (s.curve.p3.y <= point.y ? 1 : 0)
                    continue
                }
                w += s.curve.winding(at: point)
            }
            if !sp.isClosed, let last = sp.range.last {
                w += BezierCurve(line: segments[last].curve.end, sp.start).winding(at: point)
            }
        }
        return w
    }
}

extension BezierCurve {
    func winding(at target: Point) -> Int {
        // The monotone pieces run from 0 through each extremum to 1. Walked without building that
        // list: a split of strokes among a cut's pieces asks this tens of thousands of times.
        let extrema = Polynomial.extrema(p0.y, p1.y, p2.y, p3.y)
        var w = 0
        var tA = 0.0
        var yA = p0.y
        for k in 0...extrema.count {
            let tB = k < extrema.count ? extrema[k] : 1.0
            let yB = tB == 1 ? p3.y : point(at: tB).y
            defer { (tA, yA) = (tB, yB) }
            if yA == yB { continue }
            let up = yB > yA
            let (lo, hi) = up ? (yA, yB) : (yB, yA)
            guard target.y >= lo && target.y < hi else { continue }
            // The crossing's parameter on this monotone piece; then which side of the point it lies.
            let t = Polynomial.bisect(p0.y - target.y, p1.y - target.y, p2.y - target.y, p3.y - target.y, tA, tB, increasing: up)
            if point(at: t).x > target.x { w += up ? 1 : -1 }
        }
        return w
    }
}
