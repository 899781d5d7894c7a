/// How two paths meet at an intersection.
public enum IntersectionKind: Hashable, Sendable {
    /// Each path passes from one side of the other to the other side.
    case crossing
    /// The paths meet and part on the same side (a tangent touch, or an end of one path resting on the
    /// other).
    case touch
    /// One end of a stretch along which the paths run together.
    case overlap
}

/// One place where two paths meet, located on both.
public struct PathIntersection: Hashable, Sendable, CustomStringConvertible {
    public var point: Point
    /// Where it is on the path the question was asked of (`self` in `a.intersections(with: b)`).
    public var first: PathPosition
    /// Where it is on the other path.
    public var second: PathPosition
    public var kind: IntersectionKind

    public init(point: Point, first: PathPosition, second: PathPosition, kind: IntersectionKind) {
        (self.point, self.first, self.second, self.kind) = (point, first, second, kind)
    }

    /// The same intersection seen from the other path.
    public var swapped: PathIntersection {
        PathIntersection(point: point, first: second, second: first, kind: kind)
    }

    public var description: String { "\(kind) at \(point) [\(first)] [\(second)]" }
}

/// Every intersection of two paths, in order along the first, and anything that kept the answer from
/// being complete.
public struct PathIntersections: Sendable {
    public var intersections: [PathIntersection]
    public var problems: [GeometryProblem]

    public var points: [Point] { intersections.map(\.point) }
    public var crossings: [PathIntersection] { intersections.filter { $0.kind == .crossing } }
    public var count: Int { intersections.count }
}

extension BezierPath {
    /// Where this path meets `other`. Deterministic and symmetric: `b.intersections(with: a)` holds the
    /// same intersections with `first` and `second` exchanged.
    public func intersections(with other: BezierPath) -> PathIntersections {
        PathIntersector(PathGeometry(self), PathGeometry(other)).run()
    }

    /// Where this path crosses or touches itself (not counting where one element meets the next).
    public var selfIntersections: PathIntersections {
        PathIntersector(selfOf: PathGeometry(self)).run()
    }
}
