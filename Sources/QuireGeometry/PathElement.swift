/// One instruction of a `BezierPath`, with absolute coordinates. The current point before an element is
/// the end of the element before it; `close` draws a straight line back to the subpath's first point.
public enum PathElement: Hashable, Sendable, Codable {
    case move(to: Point)
    case line(to: Point)
    case quad(control: Point, to: Point)
    case cubic(control1: Point, control2: Point, to: Point)
    case close

    /// Every point the element names, control points included.
    public var points: [Point] {
        switch self {
        case let .move(to), let .line(to): [to]
        case let .quad(control, to): [control, to]
        case let .cubic(control1, control2, to): [control1, control2, to]
        case .close: []
        }
    }

    /// Where the element leaves the pen; nil for `close`, whose end depends on the subpath.
    public var endPoint: Point? {
        switch self {
        case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): return p
        case .close: return nil
        }
    }

    /// Every coordinate the element names, for scale and finiteness checks.
    var namedPoints: [Point] {
        switch self {
        case .move(let p), .line(let p): return [p]
        case .quad(let c, let p): return [c, p]
        case .cubic(let c1, let c2, let p): return [c1, c2, p]
        case .close: return []
        }
    }

    /// Whether every coordinate the element names is finite (what `namedPoints` would say, without
    /// listing them: every path a cut makes is checked).
    var isFinite: Bool {
        func finite(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }
        switch self {
        case .move(let p), .line(let p): return finite(p)
        case .quad(let c, let p): return finite(c) && finite(p)
        case .cubic(let c1, let c2, let p): return finite(c1) && finite(c2) && finite(p)
        case .close: return true
        }
    }

    func mapped(_ f: (Point) -> Point) -> PathElement {
        switch self {
        case .move(let p): return .move(to: f(p))
        case .line(let p): return .line(to: f(p))
        case .quad(let c, let p): return .quad(control: f(c), to: f(p))
        case .cubic(let c1, let c2, let p): return .cubic(control1: f(c1), control2: f(c2), to: f(p))
        case .close: return .close
        }
    }
}
