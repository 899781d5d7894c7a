/// One region produced by a cut or a boolean: an outline and the holes inside it. The outline runs
/// counter-clockwise (y up) and the holes the other way, so `path` fills correctly with either rule.
public struct SubShape: Hashable, Sendable {
    public var outline: BezierPath
    public var holes: [BezierPath]

    public var path: BezierPath { holes.reduce(outline) { $0.appending($1) } }
    /// The area covered: the outline's less the holes'.
    public var area: Double { path.signedArea }
}

/// The shapes an operation produced, and anything that kept the answer from being complete.
public struct ShapeResult: Sendable {
    public var shapes: [SubShape]
    public var problems: [GeometryProblem]

    /// All the shapes as one path.
    public var path: BezierPath { shapes.reduce(BezierPath()) { $0.appending($1.path) } }
    public var area: Double { shapes.reduce(0) { $0 + $1.area } }
}
