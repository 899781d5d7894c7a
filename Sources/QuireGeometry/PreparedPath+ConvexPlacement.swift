/// Where a convex polygon lies against a path, when that can be told without a boolean operation.
public enum ConvexPlacement: Sendable, Equatable {
    /// Wholly inside the path (by the fill rule asked for).
    case inside
    /// Wholly outside it.
    case outside
}

extension PreparedPath {
    /// Where the convex polygon `corners` (in order, either way round) lies against the path: `inside`
    /// or `outside` when no segment of the path (nor the line closing an open subpath) can reach it, so
    /// that it lies wholly in one region and one point says which; nil when the outline may run into it
    /// or that cannot be told (not finite, fewer than three corners, no area).
    ///
    /// A segment is kept clear by a separating line: one of the polygon's edges with all the segment's
    /// control points beyond it (the curve lies in their hull), or, for a straight segment, its own
    /// line with every corner on one side. A curve no line clears is halved, a few times at most.
    /// Conservative: a curve passing close to a corner may be answered nil though it misses. A scissors loop over a page of text boxes asks this of each box,
    /// leaving the boolean operation to the few the loop runs across.
    public func placement(ofConvex corners: [Point], fillRule: FillRule = .nonZero) -> ConvexPlacement? {
        guard corners.count >= 3, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }), geometry.isFinite else { return nil }
        // Twice the signed area: its sign says which way round the corners go, so which side is in.
        var twiceArea = 0.0
        for k in corners.indices {
            let (a, b) = (corners[k], corners[(k + 1) % corners.count])
            twiceArea += a.x * b.y - b.x * a.y
        }
        guard twiceArea != 0, twiceArea.isFinite else { return nil }
        let turn = twiceArea > 0 ? 1.0 : -1.0
        let polygonBounds = corners.reduce(Rect.null) { $0.union($1) }

        func clear(_ curve: BezierCurve, halvings: Int = 4) -> Bool {
            guard curve.controlBounds.intersects(polygonBounds) else { return true }
            let points = [curve.p0, curve.p1, curve.p2, curve.p3]
            for k in corners.indices {
                let (a, b) = (corners[k], corners[(k + 1) % corners.count])
                // Beyond the edge a→b: on the side away from the polygon's inside.
                if points.allSatisfy({ turn * cross(b - a, $0 - a) < 0 }) { return true }
            }
            if curve.degree == 1 {
                let along = curve.p3 - curve.p0
                let sides = corners.map { cross(along, $0 - curve.p0) }
                return sides.allSatisfy({ $0 > 0 }) || sides.allSatisfy({ $0 < 0 })
            }
            guard halvings > 0 else { return false }
            let (first, second) = curve.split(at: 0.5)
            return clear(first, halvings: halvings - 1) && clear(second, halvings: halvings - 1)
        }

        for subpath in geometry.subpaths {
            for index in subpath.range where !clear(geometry.segments[index].curve) { return nil }
            if let closing = geometry.closingLine(of: subpath), !clear(closing) { return nil }
        }
        let middle = corners.reduce(Point.zero, +) / Double(corners.count)
        return contains(middle, fillRule: fillRule) ? .inside : .outside
    }
}

private func cross(_ u: Point, _ v: Point) -> Double { u.x * v.y - u.y * v.x }
