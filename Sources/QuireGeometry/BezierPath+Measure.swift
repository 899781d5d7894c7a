import Foundation

extension BezierPath {
    /// The tight box around what the path draws (curve extrema, not control points); a lone move counts
    /// as its point. `.null` for an empty path.
    ///
    /// The curves are the ones `PathGeometry` makes of the elements (none at all when a point is not
    /// finite), walked here without building it: its arc lengths and lists were a twentieth of a
    /// scissors cut's time, which asks for the boxes of every piece.
    public var bounds: Rect {
        var r = Rect.null
        for case .move(let p) in elements { r = r.union(p) }
        guard isFinite else { return r }
        // A subpath starts at the last move, or where the last close went back to (the origin before
        // either), as `PathGeometry`'s do.
        var current = Point.zero, start = Point.zero
        for e in elements {
            switch e {
            case .move(let p):
                (current, start) = (p, p)
            case .line(let p):
                r = r.union(BezierCurve(line: current, p).bounds)
                current = p
            case .quad(let c, let p):
                r = r.union(BezierCurve(quad: current, c, p).bounds)
                current = p
            case .cubic(let c1, let c2, let p):
                r = r.union(BezierCurve(cubic: current, c1, c2, p).bounds)
                current = p
            case .close:
                // The closing line's ends are in the box already: a close with nothing before it (the
                // origin, a box of one point) ends where it starts.
                r = r.union(current)
                current = start
            }
        }
        return r
    }

    /// The box around every point the elements name, control points included: cheap and conservative.
    public var controlPointBounds: Rect {
        elements.reduce(Rect.null) { r, e in e.namedPoints.reduce(r) { $0.union($1) } }
    }

    /// Total arc length of every subpath (closing lines included).
    public var length: Double { PathGeometry(self).totalLength }

    /// The point at arc length `s` from the start, clamped to the path; nil for a path that draws nothing.
    public func point(atLength s: Double) -> Point? {
        let g = PathGeometry(self)
        guard let (i, t) = g.position(atLength: s) else { return nil }
        return g.segments[i].curve.point(at: t)
    }

    /// The unit direction of travel at arc length `s`; nil for a path that draws nothing.
    public func tangent(atLength s: Double) -> Point? {
        let g = PathGeometry(self)
        guard let (i, t) = g.position(atLength: s) else { return nil }
        return g.segments[i].curve.tangent(at: t)
    }

    /// Where arc length `s` falls: the element that draws it and the parameter on that element.
    public func position(atLength s: Double) -> PathPosition? {
        let g = PathGeometry(self)
        guard let (i, t) = g.position(atLength: s) else { return nil }
        return PathPosition(elementIndex: g.segments[i].elementIndex, t: t, length: s.clamped(0, g.totalLength))
    }

    /// The point at parameter `t` of element `index`, or nil when that element draws nothing.
    public func point(elementIndex index: Int, t: Double) -> Point? {
        PathGeometry(self).segments.first { $0.elementIndex == index }?.curve.point(at: t)
    }

    /// Signed area by Green's theorem, closing every subpath (½∮ x dy − y dx). Positive for a path that
    /// turns counter-clockwise with y up, which is clockwise on a y-down page. Exact: the integrand is a
    /// degree-5 polynomial per cubic, which 3-point Gauss–Legendre integrates exactly.
    public var signedArea: Double {
        let g = PathGeometry(self)
        var area = 0.0
        for sp in g.subpaths {
            for i in sp.range { area += g.segments[i].curve.areaContribution }
            // An open subpath is filled as if closed, as renderers do.
            if !sp.isClosed, let last = sp.range.last {
                area += BezierCurve(line: g.segments[last].curve.end, sp.start).areaContribution
            }
        }
        return area
    }
}

extension BezierCurve {
    /// This curve's term of ½∮ x dy − y dx.
    var areaContribution: Double {
        let nodes: [(Double, Double)] = [(-0.7745966692414834, 5.0 / 9), (0, 8.0 / 9), (0.7745966692414834, 5.0 / 9)]
        var sum = 0.0
        for (x, w) in nodes {
            let t = 0.5 + 0.5 * x
            let p = point(at: t), d = derivative(at: t)
            sum += w * (p.x * d.y - p.y * d.x)
        }
        return sum * 0.25
    }
}

extension Double {
    func clamped(_ lo: Double, _ hi: Double) -> Double { Swift.min(Swift.max(self, lo), hi) }
}
