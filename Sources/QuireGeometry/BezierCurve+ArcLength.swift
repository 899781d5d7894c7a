import Foundation

extension BezierCurve {
    /// The length of the whole curve.
    public var arcLength: Double { arcLength(to: 1) }

    /// The length from parameter 0 to `t`, by Gauss–Legendre quadrature of the speed, halving the
    /// interval where the two estimates disagree (near cusps the speed is not smooth enough for one rule).
    public func arcLength(to t: Double) -> Double {
        if t <= 0 { return 0 }
        if degree == 1 { return p0.distance(to: p3) * min(t, 1) }
        return adaptiveLength(0, min(t, 1), depth: 0)
    }

    private func gaussLength(_ a: Double, _ b: Double) -> Double {
        let half = (b - a) / 2, mid = (a + b) / 2
        var sum = 0.0
        for (x, w) in GaussLegendre.nodes {
            sum += w * derivative(at: mid + half * x).length
        }
        return sum * half
    }

    private func adaptiveLength(_ a: Double, _ b: Double, depth: Int) -> Double {
        let whole = gaussLength(a, b)
        let m = (a + b) / 2
        let halves = gaussLength(a, m) + gaussLength(m, b)
        if depth >= 12 || abs(whole - halves) <= 1e-12 * max(halves, 1e-300) { return halves }
        return adaptiveLength(a, m, depth: depth + 1) + adaptiveLength(m, b, depth: depth + 1)
    }

    /// The parameter at arc length `s` from the start (clamped to the curve), by safeguarded Newton.
    public func parameter(atLength s: Double) -> Double { parameter(atLength: s, totalLength: arcLength) }

    func parameter(atLength s: Double, totalLength: Double) -> Double {
        if s <= 0 || totalLength <= 0 { return 0 }
        if s >= totalLength { return 1 }
        if degree == 1 { return s / totalLength }
        var lo = 0.0, hi = 1.0
        var t = s / totalLength
        for _ in 0..<60 {
            let f = arcLength(to: t) - s
            if abs(f) <= 1e-12 * totalLength { break }
            if f < 0 { lo = t } else { hi = t }
            let speed = derivative(at: t).length
            var next = speed > 0 ? t - f / speed : (lo + hi) / 2
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            t = next
        }
        return t
    }
}

/// 8-point Gauss–Legendre nodes and weights on −1…1 (exact for polynomials up to degree 15).
enum GaussLegendre {
    static let nodes: [(Double, Double)] = [
        (-0.9602898564975363, 0.1012285362903763), (-0.7966664774136267, 0.2223810344533745),
        (-0.5255324099163290, 0.3137066458778873), (-0.1834346424956498, 0.3626837833783620),
        (0.1834346424956498, 0.3626837833783620), (0.5255324099163290, 0.3137066458778873),
        (0.7966664774136267, 0.2223810344533745), (0.9602898564975363, 0.1012285362903763),
    ]
}
