/// Why an operation's answer may be incomplete. Operations never trap on bad input; they return what
/// they could compute together with these, so a caller (the scissors tool) can refuse a cut instead of
/// silently making a wrong one.
public enum GeometryProblem: Hashable, Sendable, CustomStringConvertible {
    /// A coordinate was NaN or infinite; nothing was computed for that path.
    case nonFiniteCoordinates
    /// The subdivision search between two curves hit its work limit; intersections near `near` may be
    /// missing.
    case searchLimitReached(near: Point)
    /// A shape operation needs a closed shape and was given a path that draws nothing closed.
    case shapeNotClosed
    /// Tracing the faces of the cut did not close up (inconsistent intersections), near `near`.
    case faceTracingFailed(near: Point)
    /// A homography was asked of quadrilaterals with three points in a line or coinciding points.
    case degenerateQuadrilateral

    public var description: String {
        switch self {
        case .nonFiniteCoordinates: return "a coordinate is not finite"
        case .searchLimitReached(let p): return "intersection search limit reached near \(p)"
        case .shapeNotClosed: return "the shape has no closed subpath"
        case .faceTracingFailed(let p): return "faces of the cut did not close near \(p)"
        case .degenerateQuadrilateral: return "degenerate quadrilateral"
        }
    }
}
