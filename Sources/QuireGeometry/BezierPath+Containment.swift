import Foundation

extension BezierPath {
    /// Whether `point` is inside the path (every subpath treated as closed). Points exactly on the
    /// outline may go either way.
    public func contains(_ point: Point, fillRule: FillRule = .nonZero) -> Bool {
        fillRule.holds(winding: PathGeometry(self).winding(at: point))
    }

    /// The winding number of the outline around `point`: +1 for each counter-clockwise turn (y up).
    public func windingNumber(at point: Point) -> Int { PathGeometry(self).winding(at: point) }
}

extension PathGeometry {
    /// Counts signed crossings of the ray from `point` towards +x. Each curve is cut into y-monotone
    /// pieces, and each piece counts on a half-open y range, so a ray through a vertex counts it once.
    func winding(at point: Point) -> Int {
        var w = 0
        for sp in subpaths {
            for i in sp.range { w += crossings(of: i, at: point) }
            if let closing = closingLine(of: sp) { w += closing.winding(at: point) }
        }
        return w
    }

    /// The signed crossings of segment `index` with the ray from `point` towards +x.
    func crossings(of index: Int, at point: Point) -> Int {
        let s = segments[index]
        if point.y < s.box.minY || point.y > s.box.maxY || point.x > s.box.maxX { return 0 }
        // Beyond rounding of the curve's points against its control points' box.
        if point.x < s.box.minX - 1e-9 * scale {
            // The curve lies wholly right of the point, so the ray meets it wherever it crosses
            // the point's height and every crossing counts: the signed crossings of its monotone
            // pieces, each on a half-open y range, add up to where its two ends lie. No roots to
            // find, for most curves a cut's long outline holds.
            return (s.curve.p0.y <= point.y ? 1 : 0) - (s.curve.p3.y <= point.y ? 1 : 0)
        }
        return s.curve.winding(at: point)
    }

    /// The line that closes an open subpath, as containment treats every subpath (nil when closed).
    func closingLine(of subpath: Subpath) -> BezierCurve? {
        guard !subpath.isClosed, let last = subpath.range.last else { return nil }
        return BezierCurve(line: segments[last].curve.end, subpath.start)
    }
}

extension BezierCurve {
    func winding(at target: Point) -> Int {
        if degree == 1 {
            // A line is one monotone piece, and its crossing is found directly rather than by bisection:
            // a cut's outlines are polylines, and splitting strokes among its pieces asks this of them
            // tens of thousands of times.
            let (yA, yB) = (p0.y, p3.y)
            let up = yB > yA
            let (lo, hi) = up ? (yA, yB) : (yB, yA)
            guard yA != yB, target.y >= lo && target.y < hi else { return 0 }
            let x = p0.x + (p3.x - p0.x) * ((target.y - yA) / (yB - yA))
            return x > target.x ? (up ? 1 : -1) : 0
        }
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
