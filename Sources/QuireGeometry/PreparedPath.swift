/// A path made ready for many containment tests: its segments cut into y-monotone pieces and boxed
/// once, where `BezierPath.contains` does that at every call (what a test of thousands of points
/// against the same outline would spend its time on).
public struct PreparedPath: Sendable {
    let geometry: PathGeometry
    /// The path's bounds: no point outside them is inside.
    public let bounds: Rect

    public init(_ path: BezierPath) {
        geometry = PathGeometry(path)
        bounds = path.bounds
    }

    /// Whether `point` is inside the path, as `BezierPath.contains` says.
    public func contains(_ point: Point, fillRule: FillRule = .nonZero) -> Bool {
        guard !bounds.isNull, bounds.contains(point) else { return false }
        return fillRule.holds(winding: geometry.winding(at: point))
    }
}
