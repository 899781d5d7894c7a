import QuireGeometry

/// A stroke as vectors rather than dabs: the centre line the engine's smoothing produced, the ink state
/// at every node of it, and the style — what PDF/SVG export fills, what the scissors cut, and what
/// `sprites()` turns back into dabs.
///
/// `centerLine` is one open subpath: a move, then lines and cubics (a quadratic is kept as its raised
/// cubic, the curve the dabs were walked along). `nodes[0]` is the state at the move and `nodes[i]` the
/// state at the end of element `i`; between two nodes width, colour (opacity is its alpha) and rotation
/// change linearly with arc length, exactly as the dab walker interpolates them — so the sprites agree
/// with the vector form. Rotation is the dab's own: a brush that follows the stroke is turned by the
/// curve's direction when dabs are made, as the engines do.
public struct VectorInk: Equatable, Sendable {
    /// The ink at one node of the centre line.
    public struct Node: Equatable, Sendable {
        /// Diameter in page pixels.
        public var width: Double
        /// Straight-alpha colour; alpha is the ink's opacity there.
        public var color: InkColor
        public var rotation: Double

        public init(width: Double, color: InkColor, rotation: Double = 0) {
            self.width = width
            self.color = color
            self.rotation = rotation
        }

        init(_ dab: DabPoint) {
            self.init(width: dab.diameter, color: dab.color, rotation: dab.rotation)
        }

        func dab(at position: Point) -> DabPoint {
            DabPoint(position: position, diameter: width, color: color, rotation: rotation)
        }
    }

    public var centerLine: BezierPath
    /// One per node: `centerLine.elements.count` of them (none for an empty stroke).
    public var nodes: [Node]
    /// Tool, colour, brush (its spacing and rotation), engine: what the stroke was drawn with.
    public var style: StrokeStyle

    public init(centerLine: BezierPath = BezierPath(), nodes: [Node] = [], style: StrokeStyle) {
        self.centerLine = centerLine
        self.nodes = nodes
        self.style = style
    }

    public var isEmpty: Bool { nodes.isEmpty }

    public var widths: [Double] { nodes.map(\.width) }

    /// The drawn curves in order: curve `i` runs from node `i` to node `i + 1`.
    public var curves: [BezierCurve] {
        var result: [BezierCurve] = []
        result.reserveCapacity(max(0, centerLine.elements.count - 1))
        var current = Point.zero
        for element in centerLine.elements {
            switch element {
            case .move(let p): current = p
            case .line(let p): result.append(BezierCurve(line: current, p)); current = p
            case .quad(let c, let p): result.append(BezierCurve(quad: current, c, p)); current = p
            case .cubic(let c1, let c2, let p): result.append(BezierCurve(cubic: current, c1, c2, p)); current = p
            case .close: break
            }
        }
        return result
    }

    /// A box round everything the ink covers: the centre line's, widened by the widest dab's reach
    /// (half its width for a disc, half its diagonal for a rectangular nib). `.null` for an empty stroke.
    public var bounds: Rect {
        let widest = nodes.reduce(0.0) { max($0, $1.width.isFinite ? $1.width : 0) }
        var reach = widest / 2
        if case let .rectangle(aspect) = style.brush.footprint, aspect.isFinite {
            reach *= (1 + aspect * aspect).squareRoot()
        }
        return nodes.isEmpty ? .null : centerLine.bounds.outsetBy(reach)
    }

    /// Arc length of the centre line.
    public var length: Double { curves.reduce(0) { $0 + $1.arcLength } }

    /// The first point, or nil for an empty stroke.
    public var start: Point? {
        if case .move(let p)? = centerLine.elements.first { return p }
        return nil
    }

    /// The point and ink state at arc length `s` along the centre line (clamped to it); nil for an empty
    /// stroke.
    public func state(atLength s: Double) -> (point: Point, node: Node)? {
        guard let start, let first = nodes.first else { return nil }
        var remaining = s.isNaN ? 0 : s
        let curves = curves
        if remaining <= 0 || curves.isEmpty { return (start, first) }
        for (i, curve) in curves.enumerated() {
            let l = curve.arcLength
            if remaining <= l || i == curves.count - 1 {
                let along = min(remaining, l)
                let u = l > 0 ? along / l : 1
                let state = nodes[i].dab(at: start).interpolated(to: nodes[i + 1].dab(at: start), u)
                return (curve.point(at: curve.parameter(atLength: along)), Node(state))
            }
            remaining -= l
        }
        return nil
    }

    /// The width at arc length `s` (see `state(atLength:)`).
    public func width(atLength s: Double) -> Double? { state(atLength: s)?.node.width }
}
