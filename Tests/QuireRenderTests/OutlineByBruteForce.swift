import QuireGeometry

/// Where a point lies against closed outlines, worked out the plain way, over every segment: what the
/// shadow tests check the processor's masks and covers against.
enum OutlineByBruteForce {
    /// Whether `point` is inside the even-odd region of `outlines` (a crossing count to the right),
    /// and its distance to the nearest segment.
    static func locate(_ point: Point, in outlines: [[Point]]) -> (inside: Bool, distance: Double) {
        var inside = false, nearest = Double.infinity
        for outline in outlines {
            for k in outline.indices {
                let a = outline[k], b = outline[(k + 1) % outline.count]
                if (a.y > point.y) != (b.y > point.y), a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x) > point.x { inside.toggle() }
                let ab = b - a
                let along = ab.lengthSquared > 0 ? min(1, max(0, ((point - a).x * ab.x + (point - a).y * ab.y) / ab.lengthSquared)) : 0
                nearest = min(nearest, point.distance(to: a + ab * along))
            }
        }
        return (inside, nearest)
    }
}
