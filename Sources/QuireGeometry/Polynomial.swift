import Foundation

/// Roots of the cubic polynomials that curve geometry reduces to, on the parameter range 0…1.
///
/// The functions come in Bernstein form (the values a curve's control points give), and roots are found
/// by cutting 0…1 at the critical points into monotone pieces and bisecting each piece that changes
/// sign. Values within a tolerance of zero count as zero, which is what makes a tangent touch (a double
/// root that rounding may push just above or below zero) come out as one root instead of zero or two.
enum Polynomial {
    /// Power-basis coefficients (a t³ + b t² + c t + d) of the cubic Bernstein polynomial.
    static func powerBasis(_ b0: Double, _ b1: Double, _ b2: Double, _ b3: Double) -> (Double, Double, Double, Double) {
        (-b0 + 3 * b1 - 3 * b2 + b3, 3 * b0 - 6 * b1 + 3 * b2, -3 * b0 + 3 * b1, b0)
    }

    /// Roots of a t² + b t + c in the open interval (0, 1), ascending. Stable for tiny `a` (falls back
    /// to the linear root) and uses the cancellation-free form of the quadratic formula.
    static func quadraticRoots(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
        var roots: [Double] = []
        let scale = max(abs(a), abs(b), abs(c))
        guard scale > 0 else { return [] }
        if abs(a) <= 1e-12 * scale {
            if b != 0 { roots = [-c / b] }
        } else {
            let disc = b * b - 4 * a * c
            if disc >= 0 {
                let q = -0.5 * (b + (b >= 0 ? 1 : -1) * disc.squareRoot())
                roots = [q / a]
                if q != 0 { roots.append(c / q) }
            } else if disc > -1e-12 * b * b {
                roots = [-b / (2 * a)]
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 && $0.isFinite }.sorted()
    }

    /// Parameters in (0, 1) where the cubic Bernstein polynomial has zero slope.
    static func extrema(_ b0: Double, _ b1: Double, _ b2: Double, _ b3: Double) -> [Double] {
        let (a, b, c, _) = powerBasis(b0, b1, b2, b3)
        return quadraticRoots(3 * a, 2 * b, c)
    }

    static func evaluate(_ b0: Double, _ b1: Double, _ b2: Double, _ b3: Double, at t: Double) -> Double {
        let s = 1 - t
        return s * s * s * b0 + 3 * s * s * t * b1 + 3 * s * t * t * b2 + t * t * t * b3
    }

    /// Every root in 0…1 of the cubic Bernstein polynomial, ascending, treating |value| ≤ `zeroTolerance`
    /// as zero. A root at a critical point is a double root (a touch); the caller learns which by
    /// `isDoubleRoot`. When the polynomial is zero everywhere, no roots are returned: that is an overlap,
    /// which callers detect before asking.
    static func roots(
        _ b0: Double, _ b1: Double, _ b2: Double, _ b3: Double, zeroTolerance: Double
    ) -> [Double] {
        let breaks = [0.0] + extrema(b0, b1, b2, b3) + [1.0]
        let values = breaks.map { t -> Double in
            let v = evaluate(b0, b1, b2, b3, at: t)
            return abs(v) <= zeroTolerance ? 0 : v
        }
        if values.allSatisfy({ $0 == 0 }) { return [] }
        var roots: [Double] = []
        for i in 0..<breaks.count {
            if values[i] == 0 {
                roots.append(breaks[i])
            } else if i + 1 < breaks.count, values[i + 1] != 0, (values[i] < 0) != (values[i + 1] < 0) {
                roots.append(bisect(b0, b1, b2, b3, breaks[i], breaks[i + 1], increasing: values[i] < 0))
            }
        }
        return roots
    }

    /// The root of a function that is monotone between `lo` and `hi` and changes sign there.
    static func bisect(
        _ b0: Double, _ b1: Double, _ b2: Double, _ b3: Double, _ lo: Double, _ hi: Double, increasing: Bool
    ) -> Double {
        var (lo, hi) = (lo, hi)
        // Regula falsi (Illinois) converges superlinearly on these smooth monotone pieces; the bracket
        // never loses the root, so it cannot diverge the way plain Newton can near a flat spot.
        var flo = evaluate(b0, b1, b2, b3, at: lo), fhi = evaluate(b0, b1, b2, b3, at: hi)
        var side = 0
        for _ in 0..<100 {
            if hi - lo <= 1e-16 { break }
            var t = (lo * fhi - hi * flo) / (fhi - flo)
            if !(t > lo && t < hi) { t = (lo + hi) / 2 }
            let f = evaluate(b0, b1, b2, b3, at: t)
            if f == 0 { return t }
            if (f < 0) == increasing {
                lo = t; flo = f
                if side == -1 { fhi /= 2 }
                side = -1
            } else {
                hi = t; fhi = f
                if side == 1 { flo /= 2 }
                side = 1
            }
        }
        return (lo + hi) / 2
    }
}
