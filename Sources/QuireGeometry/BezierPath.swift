import Foundation

/// A sequence of subpaths, each a move followed by lines and curves and optionally a close. Several
/// closed subpaths make a shape with holes: a hole is a subpath wound the other way (non-zero rule) or
/// simply nested inside another (even-odd rule).
public struct BezierPath: Hashable, Sendable, Codable {
    public var elements: [PathElement]

    public init(_ elements: [PathElement] = []) {
        self.elements = elements
    }

    public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to p: Point) { elements.append(.move(to: p)) }
    public mutating func line(to p: Point) { elements.append(.line(to: p)) }
    public mutating func quad(to p: Point, control c: Point) { elements.append(.quad(control: c, to: p)) }
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        elements.append(.cubic(control1: c1, control2: c2, to: p))
    }
    public mutating func close() { elements.append(.close) }

    /// Adds `other`'s subpaths after this path's.
    public mutating func append(_ other: BezierPath) { elements += other.elements }

    public func appending(_ other: BezierPath) -> BezierPath { BezierPath(elements + other.elements) }

    /// The rectangle as one closed subpath: min corner, then along x, then along y.
    public init(rect r: Rect) {
        self.init([
            .move(to: Point(r.minX, r.minY)), .line(to: Point(r.maxX, r.minY)), .line(to: Point(r.maxX, r.maxY)),
            .line(to: Point(r.minX, r.maxY)), .close,
        ])
    }

    /// A closed polygon through `points`.
    public init(polygon points: [Point]) {
        guard let first = points.first else { self.init(); return }
        self.init([.move(to: first)] + points.dropFirst().map { .line(to: $0) } + [.close])
    }

    /// An ellipse inscribed in `r`, as four cubic quarter arcs starting at the max-x end of the x axis and
    /// turning towards max-y (the usual 0.5523 control-point rule: radial error under 0.03 %).
    public init(ellipseIn r: Rect) {
        let k = 4.0 / 3.0 * (2.0.squareRoot() - 1)
        let c = r.center, rx = r.width / 2, ry = r.height / 2
        func p(_ x: Double, _ y: Double) -> Point { Point(c.x + x * rx, c.y + y * ry) }
        self.init([
            .move(to: p(1, 0)),
            .cubic(control1: p(1, k), control2: p(k, 1), to: p(0, 1)),
            .cubic(control1: p(-k, 1), control2: p(-1, k), to: p(-1, 0)),
            .cubic(control1: p(-1, -k), control2: p(-k, -1), to: p(0, -1)),
            .cubic(control1: p(k, -1), control2: p(1, -k), to: p(1, 0)),
            .close,
        ])
    }

    public init(circleAt center: Point, radius: Double) {
        self.init(ellipseIn: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
    }

    /// The drawn curves in order, with the index of the element that drew each (a non-degenerate
    /// `close` counts as a line drawn by the close element).
    public var curves: [(elementIndex: Int, curve: BezierCurve)] {
        PathGeometry(self).segments.map { ($0.elementIndex, $0.curve) }
    }

    /// The subpaths as separate paths.
    public var subpaths: [BezierPath] {
        var result: [BezierPath] = []
        var current: [PathElement] = []
        for e in elements {
            if case .move = e, !current.isEmpty {
                result.append(BezierPath(current))
                current = []
            }
            current.append(e)
        }
        if !current.isEmpty { result.append(BezierPath(current)) }
        return result
    }

    public func transformed(by t: AffineTransform) -> BezierPath {
        BezierPath(elements.map { $0.mapped(t.apply) })
    }

    /// True when every coordinate is finite; the operations report a problem for paths that are not.
    public var isFinite: Bool {
        elements.allSatisfy(\.isFinite)
    }
}
