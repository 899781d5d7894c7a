import QuireGeometry

/// One piece of a stroke cut by the scissors, and which side of the scissors' shape it lies on.
public struct VectorInkPiece: Equatable, Sendable {
    public enum Side: Equatable, Sendable {
        case inside, outside
    }

    public var ink: VectorInk
    /// For a closed cutting path, whether the piece is inside it (judged at the middle of the piece);
    /// nil for an open cutting path, which has no inside.
    public var side: Side?

    public init(ink: VectorInk, side: Side?) {
        self.ink = ink
        self.side = side
    }
}

extension VectorInk {
    /// The stroke cut where `cutter` crosses its centre line, in order along the stroke. Each piece keeps
    /// the style and its part of the curves (split exactly, de Casteljau) with the ink state at each cut
    /// interpolated as the dabs are, so one piece ends in the state the next begins with. A touch (the
    /// cutter grazing the line, or ending on it) does not cut; where the two run together, both ends of
    /// the shared stretch cut. A stroke the cutter misses comes back whole. Pieces of a closed cutter
    /// (every subpath closed) say whether they lie inside it under `fillRule`.
    public func cut(by cutter: BezierPath, fillRule: FillRule = .nonZero) -> [VectorInkPiece] {
        let closed = Self.isClosed(cutter)
        func piece(_ ink: VectorInk) -> VectorInkPiece {
            guard closed, let middle = ink.state(atLength: ink.length / 2)?.point else { return VectorInkPiece(ink: ink, side: nil) }
            return VectorInkPiece(ink: ink, side: cutter.contains(middle, fillRule: fillRule) ? .inside : .outside)
        }
        let curves = curves
        guard !curves.isEmpty, nodes.count == curves.count + 1, cutter.isFinite, centerLine.isFinite else {
            return isEmpty ? [] : [piece(self)]
        }
        // Cuts as (curve, parameter), in order; the path's element i + 1 draws curve i.
        var cuts: [(curve: Int, t: Double)] = centerLine.intersections(with: cutter).intersections
            .filter { $0.kind != .touch }
            .map { ($0.first.elementIndex - 1, $0.first.t) }
            .filter { $0.0 >= 0 && $0.0 < curves.count }
            .sorted { ($0.curve, $0.t) < ($1.curve, $1.t) }
        // A cut at a curve's end is the next curve's start; cuts at the stroke's ends cut nothing.
        cuts = cuts.map { $0.t >= 1 && $0.curve + 1 < curves.count ? ($0.curve + 1, 0) : $0 }
            .filter { !($0.curve == 0 && $0.t <= 0) && !($0.curve == curves.count - 1 && $0.t >= 1) }
        var pieces: [VectorInkPiece] = []
        var elements: [PathElement] = [.move(to: curves[0].p0)]
        var pieceNodes: [Node] = [nodes[0]]
        func endPiece() {
            if elements.count > 1 { pieces.append(piece(VectorInk(centerLine: BezierPath(elements), nodes: pieceNodes, style: style))) }
        }
        var next = 0
        for (i, curve) in curves.enumerated() {
            let length = curve.arcLength
            var from = 0.0
            var fromNode = nodes[i]
            while next < cuts.count && cuts[next].curve == i {
                let t = cuts[next].t
                next += 1
                guard t > from + 1e-12 || (t <= 0 && from <= 0) else { continue }
                let node: Node
                if t > 0 {
                    let u = length > 0 ? curve.arcLength(to: t) / length : 0
                    node = Node(nodes[i].dab(at: curve.p0).interpolated(to: nodes[i + 1].dab(at: curve.p3), u))
                    elements.append(Self.element(curve.subcurve(from: from, to: t)))
                    pieceNodes.append(node)
                } else {
                    node = fromNode
                }
                endPiece()
                let at = t > 0 ? curve.point(at: t) : curve.p0
                elements = [.move(to: at)]
                pieceNodes = [node]
                from = t
                fromNode = node
            }
            if from < 1 {
                elements.append(Self.element(from > 0 ? curve.subcurve(from: from, to: 1) : curve))
                pieceNodes.append(nodes[i + 1])
            }
        }
        endPiece()
        return pieces
    }

    /// True when the cutter bounds a region: it draws something and every subpath comes back to its start.
    static func isClosed(_ path: BezierPath) -> Bool {
        let subpaths = path.subpaths
        guard !subpaths.isEmpty else { return false }
        return subpaths.allSatisfy { sub in
            guard case .move(let start)? = sub.elements.first, sub.elements.count > 1 else { return false }
            if case .close? = sub.elements.last { return true }
            return sub.elements.last?.endPoint == start
        }
    }

    static func element(_ curve: BezierCurve) -> PathElement {
        curve.degree == 1 ? .line(to: curve.p3) : .cubic(control1: curve.p1, control2: curve.p2, to: curve.p3)
    }
}
