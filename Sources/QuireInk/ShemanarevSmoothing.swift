import QuireGeometry

/// Maxim Shemanarev's Bezier interpolation of a polyline ("Interpolation with Bezier Curves", AGG), the
/// smoothing JotUI uses. For the piece from `p1` to `p2` with neighbours `p0` and `p3`:
/// take the midpoints of the three edges, split the line between neighbouring midpoints in the ratio
/// of the edge lengths, and slide that split line so its split point lands on the vertex. Its ends are
/// the control points, pulled towards the vertex by `1 − smoothness`. The curve passes exactly through
/// every sample, and its tangent at a sample is the same on both sides (G1).
public enum ShemanarevSmoothing {
    /// The control points of the cubic `p1`→`p2`. `smoothness` 0 gives the straight line (controls on the
    /// end points), 1 the fully rounded curve. At a stroke's ends pass the end point itself as the
    /// missing neighbour (`p0 == p1` or `p3 == p2`).
    @inline(__always)
    public static func controlPoints(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point,
                                     smoothness: Double) -> (Point, Point) {
        let c1 = Point((p0.x + p1.x) * 0.5, (p0.y + p1.y) * 0.5)
        let c2 = Point((p1.x + p2.x) * 0.5, (p1.y + p2.y) * 0.5)
        let c3 = Point((p2.x + p3.x) * 0.5, (p2.y + p3.y) * 0.5)
        let len1 = p0.distance(to: p1), len2 = p1.distance(to: p2), len3 = p2.distance(to: p3)
        // Coincident samples would divide by zero; the ratio then does not matter (the edge is a point).
        let k1 = len1 + len2 > 0 ? len1 / (len1 + len2) : 0
        let k2 = len2 + len3 > 0 ? len2 / (len2 + len3) : 0
        let m1 = Point(c1.x + (c2.x - c1.x) * k1, c1.y + (c2.y - c1.y) * k1)
        let m2 = Point(c2.x + (c3.x - c2.x) * k2, c2.y + (c3.y - c2.y) * k2)
        // Sliding the split line so m1 lands on p1 moves c2 to p1 + (c2 − m1); `smoothness` scales that.
        let control1 = Point(p1.x + (c2.x - m1.x) * smoothness, p1.y + (c2.y - m1.y) * smoothness)
        let control2 = Point(p2.x + (c2.x - m2.x) * smoothness, p2.y + (c2.y - m2.y) * smoothness)
        return (control1, control2)
    }

    @inline(__always)
    public static func segment(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point,
                               smoothness: Double) -> BezierCurve {
        let (a, b) = controlPoints(p0, p1, p2, p3, smoothness: smoothness)
        return BezierCurve(cubic: p1, a, b, p2)
    }
}
