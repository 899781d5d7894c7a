/// A position or displacement in a plane, in page pixels unless a caller says otherwise.
/// One type serves for both: the arithmetic reads the same and conversions would only add noise.
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public init(x: Double, y: Double) {
        self.init(x, y)
    }

    public static let zero = Point(0, 0)

    public var length: Double { (x * x + y * y).squareRoot() }
    public var lengthSquared: Double { x * x + y * y }

    public func distance(to other: Point) -> Double { (other - self).length }

    /// The unit vector in this direction, or zero for the zero vector (never NaN).
    public var normalized: Point {
        let l = length
        return l > 0 ? Point(x / l, y / l) : .zero
    }

    /// Rotated a quarter turn counter-clockwise (in y-up terms).
    public var perpendicular: Point { Point(-y, x) }

    public func dot(_ other: Point) -> Double { x * other.x + y * other.y }
    /// The z of the 3-D cross product: positive when `other` turns counter-clockwise from self (y up).
    public func cross(_ other: Point) -> Double { x * other.y - y * other.x }

    public func lerp(to other: Point, _ t: Double) -> Point {
        Point(x + (other.x - x) * t, y + (other.y - y) * t)
    }

    public var description: String { "(\(x), \(y))" }

    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    public static func * (s: Double, a: Point) -> Point { Point(a.x * s, a.y * s) }
    public static func / (a: Point, s: Double) -> Point { Point(a.x / s, a.y / s) }
    public static prefix func - (a: Point) -> Point { Point(-a.x, -a.y) }
    public static func += (a: inout Point, b: Point) { a = a + b }
    public static func -= (a: inout Point, b: Point) { a = a - b }
}

extension Point {
    /// The distance from this point to the nearest point of the segment from `a` to `b` (to `a` when
    /// the segment has no length).
    public func distance(toSegment a: Point, _ b: Point) -> Double {
        let ab = b - a
        let lengthSquared = ab.lengthSquared
        guard lengthSquared > 0 else { return distance(to: a) }
        let t = min(1, max(0, (self - a).dot(ab) / lengthSquared))
        return distance(to: a + ab * t)
    }
}
