import QuireGeometry

/// How pen pressure maps to ink, set the way the Wacom driver sets it: a cubic Bezier from (0, 0) to
/// (1, 1) through two control points (xsetwacom's `PressureCurve x1 y1 x2 y2`, in 0…1 rather than 0…100).
/// Control points on the diagonal give the identity; above it, soft (light pressure gives much ink);
/// below, firm.
public struct PressureCurve: Hashable, Sendable, Codable {
    public var control1: Point
    public var control2: Point

    /// Control x coordinates are clamped to 0…1 so the curve's x is monotonic and every pressure has
    /// exactly one value.
    public init(_ control1: Point, _ control2: Point) {
        self.control1 = Point(min(1, max(0, control1.x)), control1.y)
        self.control2 = Point(min(1, max(0, control2.x)), control2.y)
    }

    /// xsetwacom's default, "0 0 100 100".
    public static let linear = PressureCurve(Point(0, 0), Point(1, 1))
    public static let soft = PressureCurve(Point(0, 0.5), Point(0.5, 1))
    public static let firm = PressureCurve(Point(0.5, 0), Point(1, 0.5))

    /// Initialises from the driver's four integers in 0…100.
    public init(wacom x1: Int, _ y1: Int, _ x2: Int, _ y2: Int) {
        self.init(Point(Double(x1) / 100, Double(y1) / 100), Point(Double(x2) / 100, Double(y2) / 100))
    }

    /// The curve's value (clamped to 0…1) at `pressure` (clamped to 0…1): find the parameter t whose
    /// x is the pressure, by Newton's method kept inside a bisection bracket, then evaluate y at t.
    public func value(at pressure: Double) -> Double {
        let x = min(1, max(0, pressure))
        // Control points on the diagonal (the driver's default among them) give the identity.
        if x == 0 || x == 1 || isIdentity { return x }
        let t = parameter(forX: x)
        return min(1, max(0, Self.bezier(control1.y, control2.y, t)))
    }

    private var isIdentity: Bool { control1.x == control1.y && control2.x == control2.y }

    private func parameter(forX x: Double) -> Double {
        var lo = 0.0, hi = 1.0
        var t = x
        for _ in 0..<40 {
            let fx = Self.bezier(control1.x, control2.x, t) - x
            if abs(fx) < 1e-13 { return t }
            if fx < 0 { lo = t } else { hi = t }
            let slope = Self.bezierSlope(control1.x, control2.x, t)
            var next = slope > 1e-12 ? t - fx / slope : (lo + hi) * 0.5
            if !(next > lo && next < hi) { next = (lo + hi) * 0.5 }
            t = next
        }
        return t
    }

    /// One coordinate of the cubic with end values 0 and 1.
    @inline(__always)
    static func bezier(_ c1: Double, _ c2: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t
    }

    @inline(__always)
    static func bezierSlope(_ c1: Double, _ c2: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * c1 + 6 * u * t * (c2 - c1) + 3 * t * t * (1 - c2)
    }
}
