import QuireGeometry

extension VectorInk {
    /// One convex piece of the ink: a step's tangent trapezoid, or the dab (a disc) at a node of the
    /// flattened centre line.
    public enum ConvexPiece: Equatable, Sendable {
        /// Corners in order round the polygon (either way round).
        case polygon([Point])
        case disc(center: Point, radius: Double)

        /// The piece as one closed subpath.
        public var path: BezierPath {
            switch self {
            case let .polygon(corners): BezierPath(polygon: corners)
            case let .disc(center, radius): BezierPath(circleAt: center, radius: radius)
            }
        }
    }

    /// The ink as a union of convex pieces: every step's tangent trapezoid (as `outline` traces it) and
    /// a disc at each end of every step. Their union covers the outline — the discs hold its round caps
    /// and the wedges at its outer turns — as the dabs do on screen. What cannot be said of the
    /// outline's single subpath can be said of each piece: what lies outside it, so an eraser
    /// can be applied as "outside every piece" by clipping (PDF and SVG export), which a non-zero or
    /// even-odd fill of the outline cannot express where it overlaps itself.
    ///
    /// An empty stroke gives none; a stroke that draws no length, its single dab.
    public func convexPieces(tolerance: Double = 0.05) -> [ConvexPiece] {
        let tolerance = tolerance > 0 && tolerance.isFinite ? tolerance : 0.05
        guard let start, let first = nodes.first else { return [] }
        var steps: [Step] = []
        for (i, curve) in curves.enumerated() where i + 1 < nodes.count {
            Self.appendSteps(curve, from: Self.radius(nodes[i]), to: Self.radius(nodes[i + 1]), tolerance: tolerance,
                             into: &steps)
        }
        guard let firstStep = steps.first else {
            let r = Self.radius(first)
            return r > 0 ? [.disc(center: start, radius: r)] : []
        }
        var pieces: [ConvexPiece] = []
        pieces.reserveCapacity(steps.count * 2 + 1)
        let r0 = firstStep.c0.distance(to: firstStep.left0)
        if r0 > 0 { pieces.append(.disc(center: firstStep.c0, radius: r0)) }
        for step in steps {
            pieces.append(.polygon([step.left0, step.left1, step.right1, step.right0]))
            let r1 = step.c1.distance(to: step.left1)
            if r1 > 0 { pieces.append(.disc(center: step.c1, radius: r1)) }
        }
        return pieces
    }
}
