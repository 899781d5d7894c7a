/// A path made ready for many point-in-path tests: its segments and their bounds worked out once,
/// where `BezierPath.contains` works them out (arc lengths and all) on every call. Splitting strokes
/// among the pieces of a cut asks tens of thousands of times of the same few outlines.
public struct PathContainment: Sendable {
    private let geometry: PathGeometry

    public init(_ path: BezierPath) {
        geometry = PathGeometry(path)
    }

    /// Whether `point` is inside the path by `fillRule` (what `BezierPath.contains` answers).
    public func contains(_ point: Point, fillRule: FillRule = .nonZero) -> Bool {
        let w = geometry.winding(at: point)
        switch fillRule {
        case .nonZero: return w != 0
        case .evenOdd: return w & 1 != 0
        }
    }
}
