import Foundation

/// A projective map of the plane, as a 3×3 matrix acting on (x, y, 1): what turns one quadrilateral
/// into any other, as Loose Leaf's stretch gesture needs.
public struct Homography: Hashable, Sendable, Codable {
    /// Row-major: x' = (m0 x + m1 y + m2) / w, y' = (m3 x + m4 y + m5) / w, w = m6 x + m7 y + m8.
    public var m: [Double]

    /// Nil unless `matrix` has nine finite entries.
    public init?(matrix: [Double]) {
        guard matrix.count == 9, matrix.allSatisfy(\.isFinite) else { return nil }
        m = matrix
    }

    private init(entries: [Double]) { m = entries }

    /// Decoded through the same check as `init?(matrix:)`: a stored map with the wrong number of
    /// entries, or a non-finite one, is a decoding error, never a trap later.
    public init(from decoder: Decoder) throws {
        let entries = try decoder.singleValueContainer().decode([Double].self)
        guard let valid = Homography(matrix: entries) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "a homography needs nine finite numbers"))
        }
        self = valid
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(m)
    }

    public static let identity = Homography(entries: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    public init(_ t: AffineTransform) {
        m = [t.a, t.c, t.tx, t.b, t.d, t.ty, 0, 0, 1]
    }

    /// The map taking `source[i]` to `target[i]` for four point pairs, by the normalised direct linear
    /// transform (Hartley): both point sets are moved to their centroid and scaled to mean distance √2
    /// before solving, which keeps the 8×9 system well conditioned at page coordinates. Nil when either
    /// quadrilateral is degenerate (coinciding points, or three in a line): no projective map exists.
    public init?(from source: [Point], to target: [Point]) {
        guard source.count == 4, target.count == 4,
            (source + target).allSatisfy({ $0.x.isFinite && $0.y.isFinite }),
            !Self.hasCollinearTriple(source), !Self.hasCollinearTriple(target)
        else { return nil }
        let (ns, ts) = Self.normalizing(source), (nt, tt) = Self.normalizing(target)
        var rows: [[Double]] = []
        for (p, q) in zip(ns, nt) {
            rows.append([-p.x, -p.y, -1, 0, 0, 0, p.x * q.x, p.y * q.x, q.x])
            rows.append([0, 0, 0, -p.x, -p.y, -1, p.x * q.y, p.y * q.y, q.y])
        }
        guard let h = Self.nullVector(rows) else { return nil }
        // Undo the normalisations: H = Tt⁻¹ · Hn · Ts.
        let product = Self.multiply(Self.multiply(tt.inverse, h), ts.forward)
        guard let scaled = Self.scaledToUnit(product) else { return nil }
        m = scaled
    }

    public func apply(_ p: Point) -> Point? {
        let w = m[6] * p.x + m[7] * p.y + m[8]
        // On (or within rounding of) the line that maps to infinity there is no image.
        guard abs(w) > 1e-12 * (abs(m[6] * p.x) + abs(m[7] * p.y) + abs(m[8])) else { return nil }
        let q = Point((m[0] * p.x + m[1] * p.y + m[2]) / w, (m[3] * p.x + m[4] * p.y + m[5]) / w)
        return q.x.isFinite && q.y.isFinite ? q : nil
    }

    /// How the map acts near `point`: where the point lands, the images of a unit step right (`u`) and
    /// down (`v`) from it, and the scale of lengths there (the square root of the area ratio). Nil where
    /// the point or its steps have no image, or the scale is not a positive finite number. What carries
    /// a dab or a width onto a scrap (its size by `scale`, its turn by `u`).
    public func localFrame(at point: Point) -> (origin: Point, u: Point, v: Point, scale: Double)? {
        guard let c = apply(point), let dx = apply(point + Point(1, 0)), let dy = apply(point + Point(0, 1)) else { return nil }
        let u = dx - c, v = dy - c
        let scale = abs(u.cross(v)).squareRoot()
        guard scale.isFinite, scale > 0 else { return nil }
        return (c, u, v, scale)
    }

    /// The four corners carried through the map, or nil when one has no image.
    public func apply(to quad: Quadrilateral) -> Quadrilateral? {
        guard let ul = apply(quad.upperLeft), let ur = apply(quad.upperRight), let lr = apply(quad.lowerRight),
              let ll = apply(quad.lowerLeft) else { return nil }
        return Quadrilateral(upperLeft: ul, upperRight: ur, lowerRight: lr, lowerLeft: ll)
    }

    /// The inverse map, or nil for a singular matrix.
    public var inverted: Homography? {
        let a = m
        let c0 = a[4] * a[8] - a[5] * a[7], c1 = a[5] * a[6] - a[3] * a[8], c2 = a[3] * a[7] - a[4] * a[6]
        let det = a[0] * c0 + a[1] * c1 + a[2] * c2
        guard abs(det) > 1e-300, det.isFinite else { return nil }
        let inv = [
            c0, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            c1, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            c2, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ].map { $0 / det }
        return Self.scaledToUnit(inv).map { Homography(entries: $0) }
    }

    /// `self` first, then `next`.
    public func concatenating(_ next: Homography) -> Homography {
        Homography(entries: Self.scaledToUnit(Self.multiply(next.m, m)) ?? Self.multiply(next.m, m))
    }

    /// The affine part, when the map is affine (bottom row 0 0 1); nil for a true perspective map.
    public var affineTransform: AffineTransform? {
        guard abs(m[6]) < 1e-12, abs(m[7]) < 1e-12 else { return nil }
        return AffineTransform(a: m[0] / m[8], b: m[3] / m[8], c: m[1] / m[8], d: m[4] / m[8], tx: m[2] / m[8], ty: m[5] / m[8])
    }

    // MARK: Linear algebra for four point pairs

    static func hasCollinearTriple(_ p: [Point]) -> Bool {
        let size = max((p.map(\.x).max()! - p.map(\.x).min()!), (p.map(\.y).max()! - p.map(\.y).min()!))
        guard size > 0 else { return true }
        for i in 0..<4 {
            for j in (i + 1)..<4 {
                for k in (j + 1)..<4 where abs((p[j] - p[i]).cross(p[k] - p[i])) <= 1e-9 * size * size {
                    return true
                }
            }
        }
        return false
    }

    private struct Similarity {
        var forward: [Double]
        var inverse: [Double]
    }

    private static func normalizing(_ points: [Point]) -> ([Point], Similarity) {
        let c = points.reduce(Point.zero, +) / Double(points.count)
        let mean = points.reduce(0) { $0 + $1.distance(to: c) } / Double(points.count)
        let s = 2.0.squareRoot() / mean
        let forward = [s, 0, -s * c.x, 0, s, -s * c.y, 0, 0, 1]
        let inverse = [1 / s, 0, c.x, 0, 1 / s, c.y, 0, 0, 1]
        return (points.map { ($0 - c) * s }, Similarity(forward: forward, inverse: inverse))
    }

    /// The one-dimensional null space of an 8×9 matrix of rank 8, by Gaussian elimination with full
    /// pivoting; nil when the rank is lower.
    private static func nullVector(_ input: [[Double]]) -> [Double]? {
        var a = input
        var columns = Array(0..<9)
        let largest = a.flatMap { $0 }.map(abs).max() ?? 0
        for r in 0..<8 {
            var (pr, pc, best) = (r, r, 0.0)
            for i in r..<8 { for j in r..<9 where abs(a[i][j]) > best { (pr, pc, best) = (i, j, abs(a[i][j])) } }
            guard best > 1e-12 * largest else { return nil }
            a.swapAt(r, pr)
            for i in 0..<8 { a[i].swapAt(r, pc) }
            columns.swapAt(r, pc)
            for i in 0..<8 where i != r {
                let f = a[i][r] / a[r][r]
                if f != 0 { for j in r..<9 { a[i][j] -= f * a[r][j] } }
            }
        }
        // Reduced form: x_r = -a[r][8] / a[r][r] · x_8, with x_8 = 1.
        var x = Array(repeating: 0.0, count: 9)
        x[8] = 1
        for r in 0..<8 { x[r] = -a[r][8] / a[r][r] }
        var h = Array(repeating: 0.0, count: 9)
        for k in 0..<9 { h[columns[k]] = x[k] }
        return h
    }

    static func multiply(_ a: [Double], _ b: [Double]) -> [Double] {
        var c = Array(repeating: 0.0, count: 9)
        for i in 0..<3 { for j in 0..<3 { c[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j] } }
        return c
    }

    /// Scaled so the last entry is 1 where it can be, otherwise to unit length; nil for a zero or
    /// non-finite matrix.
    static func scaledToUnit(_ h: [Double]) -> [Double]? {
        guard h.allSatisfy(\.isFinite) else { return nil }
        let norm = h.reduce(0) { $0 + $1 * $1 }.squareRoot()
        guard norm > 0 else { return nil }
        let d = abs(h[8]) > 1e-12 * norm ? h[8] : norm
        return h.map { $0 / d }
    }
}

extension Homography {
    /// `path` mapped through the homography. Lines map exactly; curves map by their control points,
    /// halved until the mapped curve stays within `tolerance` of the true image (a projective map of a
    /// Bezier is a rational curve, which a polynomial one only approximates). Nil when any point maps to
    /// infinity.
    public func apply(to path: BezierPath, tolerance: Double = 0.1) -> BezierPath? {
        var out = BezierPath()
        for sub in path.subpaths {
            var current = Point.zero
            for e in sub.elements {
                switch e {
                case .move(let p):
                    guard let q = apply(p) else { return nil }
                    out.move(to: q)
                    current = p
                case .close:
                    out.close()
                case .line(let p):
                    guard let q = apply(p) else { return nil }
                    out.line(to: q)
                    current = p
                case .quad(let c, let p):
                    guard map(BezierCurve(quad: current, c, p), tolerance, depth: 0, into: &out) else { return nil }
                    current = p
                case .cubic(let c1, let c2, let p):
                    guard map(BezierCurve(cubic: current, c1, c2, p), tolerance, depth: 0, into: &out) else { return nil }
                    current = p
                }
            }
        }
        return out
    }

    private func map(_ c: BezierCurve, _ tolerance: Double, depth: Int, into out: inout BezierPath) -> Bool {
        guard let q0 = apply(c.p0), let q1 = apply(c.p1), let q2 = apply(c.p2), let q3 = apply(c.p3) else { return false }
        let mapped = c.degree == 2
            ? BezierCurve(quad: q0, apply(c.quadControl) ?? (q1 + q2) / 2, q3)
            : BezierCurve(cubic: q0, q1, q2, q3)
        var error = 0.0
        for t in [0.25, 0.5, 0.75] {
            guard let truth = apply(c.point(at: t)) else { return false }
            error = max(error, mapped.distance(to: truth, near: t))
        }
        if error <= tolerance || depth >= 10 {
            out.elements.append(mapped.element)
            return true
        }
        let (l, r) = c.split(at: 0.5)
        return map(l, tolerance, depth: depth + 1, into: &out) && map(r, tolerance, depth: depth + 1, into: &out)
    }
}
