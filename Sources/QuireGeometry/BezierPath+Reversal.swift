extension BezierPath {
    /// The same outline traced the other way: each subpath reversed in place, starting from its last
    /// point, closed subpaths staying closed (so a reversed hole fills correctly with the non-zero rule).
    public var reversed: BezierPath {
        var out: [PathElement] = []
        for sub in subpaths {
            var current = Point.zero
            var start = Point.zero
            var drawn: [(from: Point, element: PathElement)] = []
            var closed = false
            for e in sub.elements {
                switch e {
                case .move(let p): start = p; current = p
                case .close: closed = true
                default:
                    drawn.append((current, e))
                    current = e.endPoint ?? current
                }
            }
            // Starting from the last point makes the reversed closing line the same implicit close.
            out.append(.move(to: drawn.isEmpty ? start : current))
            for (from, e) in drawn.reversed() {
                switch e {
                case .line: out.append(.line(to: from))
                case .quad(let c, _): out.append(.quad(control: c, to: from))
                case .cubic(let c1, let c2, _): out.append(.cubic(control1: c2, control2: c1, to: from))
                default: break
                }
            }
            if closed { out.append(.close) }
        }
        return BezierPath(out)
    }
}
