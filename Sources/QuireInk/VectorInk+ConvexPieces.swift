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
    ///
    /// A brush whose dab is not round (`BrushFootprint.rectangle`, the chisel) gives instead, for each
    /// short step of the centre line, the convex hull of its dabs at the step's two ends: the area the
    /// nib sweeps along that step.
    public func convexPieces(tolerance: Double = 0.05) -> [ConvexPiece] {
        let tolerance = tolerance > 0 && tolerance.isFinite ? tolerance : 0.05
        if style.brush.footprint != .disc { return sweptPieces(tolerance: tolerance) }
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

extension VectorInk {
    /// The hulls of a non-round dab at the ends of each step (see `convexPieces`). Steps follow the
    /// curve within `tolerance` and are at most a quarter of the dab long, with width and rotation
    /// interpolated by arc length as the dab walker does.
    func sweptPieces(tolerance: Double) -> [ConvexPiece] {
        let dabs = sweptDabs(tolerance: tolerance)
        guard let first = dabs.first else { return [] }
        guard dabs.count > 1 else { return [.polygon(Self.convexHull(first))] }
        return zip(dabs, dabs.dropFirst()).map { .polygon(Self.convexHull($0 + $1)) }
    }

    /// The corners of a non-round dab at each end of each step (see `sweptPieces`).
    func sweptDabs(tolerance: Double) -> [[Point]] {
        guard let start, let first = nodes.first else { return [] }
        let footprint = style.brush.footprint
        func dab(_ p: Point, _ width: Double, _ rotation: Double) -> [Point] {
            footprint.corners(center: p, diameter: width.isFinite && width > 0 ? width : 0, rotation: rotation) ?? [p]
        }
        var dabs = [dab(start, first.width, first.rotation)]
        for (i, curve) in curves.enumerated() where i + 1 < nodes.count {
            let length = curve.arcLength
            guard length > 0, length.isFinite else { continue }
            let a = nodes[i], b = nodes[i + 1]
            let widest = max(a.width, b.width, 0.5)
            let chord = curve.p3 - curve.p0, chordLength = chord.length
            let bend = chordLength > 0
                ? max(abs(chord.cross(curve.p1 - curve.p0)), abs(chord.cross(curve.p2 - curve.p0))) / chordLength : length
            let count = Int(min(256, max(1, (length / (widest / 4)).rounded(.up), (0.75 * bend / tolerance).squareRoot().rounded(.up))))
            for k in 1...count {
                let t = Double(k) / Double(count)
                let u = k == count ? 1 : curve.arcLength(to: t) / length
                dabs.append(dab(k == count ? curve.p3 : curve.point(at: t), a.width + (b.width - a.width) * u,
                                a.rotation + (b.rotation - a.rotation) * u))
            }
        }
        return dabs
    }

    /// The convex hull, counter-clockwise with y up (Andrew's monotone chain), so that every hull is
    /// wound the same way and a non-zero fill of them all is their union.
    static func convexHull(_ points: [Point]) -> [Point] {
        let sorted = points.sorted { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) }
        guard sorted.count > 2 else { return sorted }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a - o).cross(b - o) }
        var lower: [Point] = [], upper: [Point] = []
        for p in sorted {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }
}
