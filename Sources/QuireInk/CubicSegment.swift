import Foundation
import QuireGeometry

/// One cubic Bezier piece of a stroke's centre line: from `start` to `end`, pulled by two control points.
/// The ink engines keep their own curve math here (rather than in QuireGeometry) so the hot path is
/// exactly the few operations the sprite walk needs.
public struct CubicSegment: Equatable, Sendable {
    public var start: Point
    public var control1: Point
    public var control2: Point
    public var end: Point

    public init(start: Point, control1: Point, control2: Point, end: Point) {
        self.start = start
        self.control1 = control1
        self.control2 = control2
        self.end = end
    }

    /// A straight segment written as a cubic: controls at the thirds, so the parameter is proportional
    /// to arc length.
    public init(line a: Point, _ b: Point) {
        self.init(start: a, control1: a.lerp(to: b, 1.0 / 3.0), control2: a.lerp(to: b, 2.0 / 3.0), end: b)
    }

    /// The quadratic `a`–`control`–`b` raised to a cubic (same curve).
    public init(quadratic a: Point, control: Point, _ b: Point) {
        self.init(start: a, control1: a.lerp(to: control, 2.0 / 3.0), control2: b.lerp(to: control, 2.0 / 3.0), end: b)
    }

    @inline(__always)
    public func point(at t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(a * start.x + b * control1.x + c * control2.x + d * end.x,
                     a * start.y + b * control1.y + c * control2.y + d * end.y)
    }

    /// The first derivative (the tangent, not normalised).
    public func derivative(at t: Double) -> Point {
        let u = 1 - t
        let a = 3 * u * u, b = 6 * u * t, c = 3 * t * t
        return (control1 - start) * a + (control2 - control1) * b + (end - control2) * c
    }

    /// Direction of travel at `t` in radians, falling back to the chord where a control point sits on
    /// its end point (the derivative vanishes there).
    public func direction(at t: Double) -> Double {
        var d = derivative(at: t)
        if d.lengthSquared < 1e-18 { d = t < 0.5 ? (control2 - start) : (end - control1) }
        if d.lengthSquared < 1e-18 { d = end - start }
        return atan2(d.y, d.x)
    }

    /// The two halves at `t` (de Casteljau).
    public func split(at t: Double) -> (CubicSegment, CubicSegment) {
        let ab = start.lerp(to: control1, t), bc = control1.lerp(to: control2, t), cd = control2.lerp(to: end, t)
        let abc = ab.lerp(to: bc, t), bcd = bc.lerp(to: cd, t)
        let mid = abc.lerp(to: bcd, t)
        return (CubicSegment(start: start, control1: ab, control2: abc, end: mid),
                CubicSegment(start: mid, control1: bcd, control2: cd, end: end))
    }

    /// Length of the control polygon: an upper bound on the arc length.
    public var controlPolygonLength: Double {
        start.distance(to: control1) + control1.distance(to: control2) + control2.distance(to: end)
    }

    public var chordLength: Double { start.distance(to: end) }
}
