import QuireGeometry

/// Collects the curves an engine inks for good, with the brush state at each end, into a `VectorInk`.
/// Curves are kept exactly as walked (a quadratic as its raised cubic, a line as a line), so walking the
/// vector form again gives the engine's sprites.
struct CenterLineRecorder: Sendable {
    private var elements: [PathElement] = []
    private var nodes: [VectorInk.Node] = []

    mutating func start(at dab: DabPoint) {
        elements.removeAll(keepingCapacity: true)
        nodes.removeAll(keepingCapacity: true)
        guard dab.position.x.isFinite && dab.position.y.isFinite else { return }
        elements.append(.move(to: dab.position))
        nodes.append(VectorInk.Node(dab))
    }

    mutating func append(_ curve: BezierCurve, from a: DabPoint, to b: DabPoint) {
        guard [curve.p0, curve.p1, curve.p2, curve.p3].allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        if elements.isEmpty { start(at: DabPoint(position: curve.p0, diameter: a.diameter, color: a.color, rotation: a.rotation)) }
        // A curve that is a point draws nothing; the state it ends in is where the next curve starts.
        if curve.p1 == curve.p0 && curve.p2 == curve.p0 && curve.p3 == curve.p0 {
            nodes[nodes.count - 1] = VectorInk.Node(b)
            return
        }
        elements.append(curve.degree == 1 ? .line(to: curve.p3) : .cubic(control1: curve.p1, control2: curve.p2, to: curve.p3))
        nodes.append(VectorInk.Node(b))
    }

    func ink(style: StrokeStyle) -> VectorInk {
        VectorInk(centerLine: BezierPath(elements), nodes: nodes, style: style)
    }
}
