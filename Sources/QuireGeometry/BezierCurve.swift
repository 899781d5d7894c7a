import Foundation

/// One drawn piece of a path: a line, quadratic or cubic Bezier. All three are kept as cubic control
/// points (degree elevation is exact and keeps the parameter), so the numeric code has one shape to
/// handle; `degree` remembers what the curve was, for writing it back and for the exact line cases.
public struct BezierCurve: Hashable, Sendable {
    public var p0: Point, p1: Point, p2: Point, p3: Point
    /// 1 for a line, 2 for a quadratic, 3 for a cubic.
    public let degree: Int

    public init(cubic p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
        (self.p0, self.p1, self.p2, self.p3, degree) = (p0, p1, p2, p3, 3)
    }

    public init(quad q0: Point, _ q1: Point, _ q2: Point) {
        (p0, p1, p2, p3, degree) = (q0, q0 + (q1 - q0) * (2.0 / 3), q2 + (q1 - q2) * (2.0 / 3), q2, 2)
    }

    public init(line a: Point, _ b: Point) {
        (p0, p1, p2, p3, degree) = (a, a + (b - a) / 3, a + (b - a) * (2.0 / 3), b, 1)
    }

    private init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, degree: Int) {
        (self.p0, self.p1, self.p2, self.p3, self.degree) = (p0, p1, p2, p3, degree)
    }

    public var start: Point { p0 }
    public var end: Point { p3 }

    /// The quadratic's own control point (meaningful when `degree == 2`).
    public var quadControl: Point { (p1 * 3 - p0) / 2 }

    /// The element that draws this curve from its start.
    public var element: PathElement {
        switch degree {
        case 1: return .line(to: p3)
        case 2: return .quad(control: quadControl, to: p3)
        default: return .cubic(control1: p1, control2: p2, to: p3)
        }
    }

    public func point(at t: Double) -> Point {
        let s = 1 - t
        let a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t
        return Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// dB/dt.
    public func derivative(at t: Double) -> Point {
        let s = 1 - t
        let a = 3 * s * s, b = 6 * s * t, c = 3 * t * t
        return (p1 - p0) * a + (p2 - p1) * b + (p3 - p2) * c
    }

    public func secondDerivative(at t: Double) -> Point {
        ((p2 - p1 * 2 + p0) * (1 - t) + (p3 - p2 * 2 + p1) * t) * 6
    }

    /// The unit direction of travel at `t`. Where the derivative vanishes (a control point on top of an
    /// end point, a cusp) the direction is the limit from the curve's higher derivatives, so a
    /// degenerate curve still has a usable direction; zero only for a curve that is a single point.
    public func tangent(at t: Double) -> Point {
        let d = derivative(at: t)
        let scale = max(p0.distance(to: p1), p1.distance(to: p2), p2.distance(to: p3), p0.distance(to: p3))
        if d.length > 1e-12 * max(scale, 1e-300) { return d.normalized }
        let second = secondDerivative(at: t)
        // Near t = 1 the curve arrives from behind, so the limit direction flips sign with the second
        // derivative; the third derivative is the last resort for a control polygon folded onto a line.
        if second.length > 1e-12 * max(scale, 1e-300) { return (t > 0.5 ? -second : second).normalized }
        let third = (p3 - p2 * 3 + p1 * 3 - p0)
        if third.length > 0 { return third.normalized }
        return (p3 - p0).normalized
    }

    /// The two halves at `t` (de Casteljau).
    public func split(at t: Double) -> (BezierCurve, BezierCurve) {
        let a = p0.lerp(to: p1, t), b = p1.lerp(to: p2, t), c = p2.lerp(to: p3, t)
        let d = a.lerp(to: b, t), e = b.lerp(to: c, t)
        let m = d.lerp(to: e, t)
        return (BezierCurve(p0, a, d, m, degree: degree), BezierCurve(m, e, c, p3, degree: degree))
    }

    /// The part between `t0` and `t1`, reparametrised to 0…1 (reversed when `t1 < t0`).
    public func subcurve(from t0: Double, to t1: Double) -> BezierCurve {
        if t0 > t1 { return subcurve(from: t1, to: t0).reversed }
        if t0 <= 0 && t1 >= 1 { return self }
        var piece = self
        if t1 < 1 { piece = piece.split(at: t1).0 }
        if t0 > 0 { piece = piece.split(at: t0 / t1).1 }
        // Pin the ends to the exact points of the original so neighbouring pieces meet exactly.
        piece.p0 = t0 <= 0 ? p0 : point(at: t0)
        piece.p3 = t1 >= 1 ? p3 : point(at: t1)
        return piece
    }

    public var reversed: BezierCurve { BezierCurve(p3, p2, p1, p0, degree: degree) }

    public func mapped(_ f: (Point) -> Point) -> BezierCurve {
        switch degree {
        case 1: return BezierCurve(line: f(p0), f(p3))
        case 2: return BezierCurve(quad: f(p0), f(quadControl), f(p3))
        default: return BezierCurve(cubic: f(p0), f(p1), f(p2), f(p3))
        }
    }

    /// The box around the control points: cheap, and always contains the curve.
    public var controlBounds: Rect {
        Rect(
            x: min(p0.x, p1.x, p2.x, p3.x), y: min(p0.y, p1.y, p2.y, p3.y),
            width: max(p0.x, p1.x, p2.x, p3.x) - min(p0.x, p1.x, p2.x, p3.x),
            height: max(p0.y, p1.y, p2.y, p3.y) - min(p0.y, p1.y, p2.y, p3.y))
    }

    /// The tight box around the curve itself: the end points and the extrema in x and y.
    public var bounds: Rect {
        // A line reaches no farther than its ends (its control points lie between them).
        var r = Rect(from: p0, to: p3)
        if degree == 1 { return r }
        for t in Polynomial.extrema(p0.x, p1.x, p2.x, p3.x) + Polynomial.extrema(p0.y, p1.y, p2.y, p3.y) {
            r = r.union(point(at: t))
        }
        return r
    }

    /// The farthest the inner control points stray from the chord: how far the curve is from a line.
    var flatness: Double {
        let chord = p3 - p0
        let length = chord.length
        if length == 0 { return max(p1.distance(to: p0), p2.distance(to: p0)) }
        return max(abs(chord.cross(p1 - p0)), abs(chord.cross(p2 - p0))) / length
    }

    /// True when every control point lies within `tolerance` of the point p0.
    func isPoint(within tolerance: Double) -> Bool {
        p1.distance(to: p0) <= tolerance && p2.distance(to: p0) <= tolerance && p3.distance(to: p0) <= tolerance
    }

    var isFinite: Bool {
        p0.x.isFinite && p0.y.isFinite && p1.x.isFinite && p1.y.isFinite
            && p2.x.isFinite && p2.y.isFinite && p3.x.isFinite && p3.y.isFinite
    }

    /// The parameter of the point on the curve nearest `target`, by Newton on the squared distance from
    /// `guess`; callers pass a good guess (the answer is local, not global).
    func nearestParameter(to target: Point, near guess: Double) -> Double {
        var t = min(max(guess, 0), 1)
        for _ in 0..<20 {
            let d = point(at: t) - target
            let d1 = derivative(at: t)
            let d2 = secondDerivative(at: t)
            let g = d.dot(d1)
            let h = d1.dot(d1) + d.dot(d2)
            guard h > 0, h.isFinite else { break }
            let next = min(max(t - g / h, 0), 1)
            if abs(next - t) < 1e-15 { t = next; break }
            t = next
        }
        return t
    }

    /// The distance from `target` to the curve: the best of Newton started at several parameters.
    func distance(to target: Point, near guess: Double? = nil) -> Double {
        var best = Double.infinity
        for start in [0, 0.25, 0.5, 0.75, 1] + (guess.map { [$0] } ?? []) {
            best = min(best, point(at: nearestParameter(to: target, near: start)).distance(to: target))
        }
        return best
    }
}
