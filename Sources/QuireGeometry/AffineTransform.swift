import Foundation

/// A 2-D affine map: x' = a·x + c·y + tx, y' = b·x + d·y + ty (the CoreGraphics layout, so formulas
/// from the seeds carry over unchanged).
public struct AffineTransform: Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    public static func rotation(_ radians: Double) -> AffineTransform {
        let (s, co) = (sin(radians), cos(radians))
        return AffineTransform(a: co, b: s, c: -s, d: co, tx: 0, ty: 0)
    }

    /// `self` first, then `next`.
    public func concatenating(_ next: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * next.a + b * next.c, b: a * next.b + b * next.d,
            c: c * next.a + d * next.c, d: c * next.b + d * next.d,
            tx: tx * next.a + ty * next.c + next.tx, ty: tx * next.b + ty * next.d + next.ty)
    }

    public var determinant: Double { a * d - b * c }

    /// The inverse, or nil when the map collapses the plane (determinant zero or not finite).
    public var inverted: AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// The bounds of the transformed corners of `r`.
    public func apply(_ r: Rect) -> Rect {
        if r.isNull { return r }
        let corners = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY)]
        return corners.reduce(Rect.null) { $0.union(apply($1)) }
    }
}
