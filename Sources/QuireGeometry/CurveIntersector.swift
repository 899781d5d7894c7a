import Foundation

/// Where two curves meet: parameters on each, the point, and whether it bounds a stretch where the
/// curves run together (an overlap) rather than a single meeting point.
struct CurveHit: Sendable {
    var t: Double
    var u: Double
    var point: Point
    var isOverlap: Bool

    var swapped: CurveHit { CurveHit(t: u, u: t, point: point, isOverlap: isOverlap) }
}

/// Intersections of one pair of curves.
///
/// Lines are intersected exactly: the other curve's signed distance from the line is a cubic whose roots
/// are the hits, and a double root (a touch) is found at a critical point whose value is within the
/// tolerance, so a line tangent at any angle (vertical and diagonal included) reports one touch rather
/// than nothing or a pair. Two curves are subdivided, pruned by bounding box and fat line, and the flat
/// leaves seed Newton's method on both curves at once. Stretches where the curves coincide are found
/// first and reported by their two ends.
///
/// Results do not depend on argument order: every pair is computed in a canonical order and swapped
/// back, so `hits(a, b)` is exactly `hits(b, a)` with the roles exchanged.
struct CurveIntersector {
    /// Distance under which two points count as the same.
    let tolerance: Double
    /// Pieces flatter than this are treated as chords to seed Newton.
    let leafFlatness: Double
    /// Subdivision steps allowed for one pair of curves before the search gives up (and says so).
    let budgetPerPair: Int
    private var budget = 0
    var exhaustedNear: Point?

    init(scale: Double, budgetPerPair: Int = 100_000) {
        tolerance = 1e-9 * scale
        leafFlatness = 1e-6 * scale
        self.budgetPerPair = budgetPerPair
    }

    mutating func hits(_ a: BezierCurve, _ b: BezierCurve) -> [CurveHit] {
        if a.isPoint(within: tolerance) || b.isPoint(within: tolerance) { return [] }
        budget = budgetPerPair
        if Self.precedes(b, a) { return orderedHits(b, a).map(\.swapped) }
        return orderedHits(a, b)
    }

    /// A total order on curves, so each unordered pair is always computed the same way round.
    /// Compares the control points' coordinates in turn, as `lexicographicallyPrecedes` would compare
    /// them listed, without listing them: it runs for every pair of segments whose boxes meet.
    static func precedes(_ a: BezierCurve, _ b: BezierCurve) -> Bool {
        if a.degree != b.degree { return a.degree < b.degree }
        /// Whether x comes first (true), y does (false), or neither (nil: on to the next coordinate).
        func first(_ x: Double, _ y: Double) -> Bool? { x < y ? true : (y < x ? false : nil) }
        return first(a.p0.x, b.p0.x) ?? first(a.p0.y, b.p0.y) ?? first(a.p1.x, b.p1.x) ?? first(a.p1.y, b.p1.y)
            ?? first(a.p2.x, b.p2.x) ?? first(a.p2.y, b.p2.y) ?? first(a.p3.x, b.p3.x) ?? first(a.p3.y, b.p3.y) ?? false
    }

    private mutating func orderedHits(_ a: BezierCurve, _ b: BezierCurve) -> [CurveHit] {
        if a.degree == 1 { return lineHits(line: a, curve: b) }
        return curveHits(a, b)
    }

    // MARK: Line against anything

    private func lineHits(line: BezierCurve, curve: BezierCurve) -> [CurveHit] {
        if curve.degree == 1, let hits = crossingLineHits(line: line, other: curve) { return hits }
        let origin = line.p0
        let dir = line.p3 - line.p0
        let len2 = dir.lengthSquared
        let len = len2.squareRoot()
        let normal = dir.perpendicular / len
        let d = [curve.p0, curve.p1, curve.p2, curve.p3].map { normal.dot($0 - origin) }
        let slack = tolerance / len
        var hits: [CurveHit] = []

        if d.allSatisfy({ abs($0) <= tolerance }) {
            // The curve lies along the line: report where the overlap starts and stops.
            let g = [curve.p0, curve.p1, curve.p2, curve.p3].map { dir.dot($0 - origin) / len2 }
            for t in [0.0, 1.0] {
                let u = t == 0 ? g[0] : g[3]
                if u >= -slack && u <= 1 + slack {
                    hits.append(hit(line, u.clamped(0, 1), curve, t, overlap: true))
                }
            }
            for u in [0.0, 1.0] {
                for t in Polynomial.roots(g[0] - u, g[1] - u, g[2] - u, g[3] - u, zeroTolerance: slack) {
                    hits.append(hit(line, u, curve, t, overlap: true))
                }
            }
            return Self.deduplicated(hits, tolerance: tolerance)
        }

        for t in Polynomial.roots(d[0], d[1], d[2], d[3], zeroTolerance: tolerance) {
            let p = curve.point(at: t)
            let u = dir.dot(p - origin) / len2
            if u >= -slack && u <= 1 + slack {
                hits.append(hit(line, u.clamped(0, 1), curve, t, overlap: false))
            }
        }
        return Self.deduplicated(hits, tolerance: tolerance)
    }

    /// Two lines not running together (nil when they do: `lineHits` finds where the overlap starts and
    /// stops). The other line's signed distance from the first is linear in its parameter, so its one
    /// root is worked out directly, where `Polynomial.roots` finds it by bisection among arrays of
    /// breaks and values: the outlines a scissors cut slices are polylines, and every pair of their
    /// segments whose boxes meet comes here. The same tolerances as `lineHits`: an end within it of the
    /// line counts as on it.
    private func crossingLineHits(line: BezierCurve, other: BezierCurve) -> [CurveHit]? {
        let origin = line.p0
        let dir = line.p3 - line.p0
        let len2 = dir.lengthSquared
        let len = len2.squareRoot()
        let normal = dir.perpendicular / len
        let d0 = normal.dot(other.p0 - origin), d3 = normal.dot(other.p3 - origin)
        guard abs(d0) > tolerance || abs(d3) > tolerance else { return nil }
        let t: Double
        if abs(d0) <= tolerance {
            t = 0
        } else if abs(d3) <= tolerance {
            t = 1
        } else if (d0 < 0) != (d3 < 0) {
            t = min(1, max(0, d0 / (d0 - d3)))
        } else {
            return []
        }
        let u = dir.dot(other.point(at: t) - origin) / len2
        let slack = tolerance / len
        guard u >= -slack && u <= 1 + slack else { return [] }
        return [hit(line, u.clamped(0, 1), other, t, overlap: false)]
    }

    private func hit(_ a: BezierCurve, _ t: Double, _ b: BezierCurve, _ u: Double, overlap: Bool) -> CurveHit {
        CurveHit(t: t, u: u, point: (a.point(at: t) + b.point(at: u)) / 2, isOverlap: overlap)
    }

    // MARK: Curve against curve

    private mutating func curveHits(_ a: BezierCurve, _ b: BezierCurve) -> [CurveHit] {
        let overlaps = coincidentStretches(a, b)
        var hits = overlaps.flatMap { [$0.start, $0.end] }

        var seeds: [(Double, Double)] = []
        skippedStretches = overlaps
        subdivide(a, 0, 1, b, 0, 1, depth: 0, into: &seeds)
        for (t0, u0) in seeds {
            guard var (t, u) = refine(a, b, t0, u0) else { continue }
            if abs(a.tangent(at: t).cross(b.tangent(at: u))) < 1e-3 { (t, u) = polishTouch(a, b, t, u) }
            if overlaps.contains(where: { $0.containsInterior(t: t) }) { continue }
            hits.append(hit(a, t, b, u, overlap: false))
        }
        return Self.deduplicated(hits, tolerance: tolerance)
    }

    /// The overlaps of the pair being searched: pieces wholly inside one need no search.
    private var skippedStretches: [Stretch] = []

    private struct Stretch {
        var start: CurveHit
        var end: CurveHit
        func covers(_ t0: Double, _ t1: Double, _ u0: Double, _ u1: Double) -> Bool {
            t0 >= min(start.t, end.t) && t1 <= max(start.t, end.t) && u0 >= min(start.u, end.u) && u1 <= max(start.u, end.u)
        }
        func containsInterior(t: Double) -> Bool {
            t > min(start.t, end.t) + 1e-9 && t < max(start.t, end.t) - 1e-9
        }
    }

    /// Stretches where the curves run together. Two coinciding curves each begin or end on the other,
    /// so the candidates are the end points of each that lie on the other; a pair of candidates bounds
    /// an overlap when the curves stay together (checked geometrically, so differently parametrised
    /// copies of the same curve count) between them.
    private func coincidentStretches(_ a: BezierCurve, _ b: BezierCurve) -> [Stretch] {
        var events: [CurveHit] = []
        for t in [0.0, 1.0] {
            let p = a.point(at: t)
            if let u = nearestOnCurve(b, p) { events.append(hit(a, t, b, u, overlap: true)) }
        }
        for u in [0.0, 1.0] {
            let p = b.point(at: u)
            if let t = nearestOnCurve(a, p) { events.append(hit(a, t, b, u, overlap: true)) }
        }
        events = Self.deduplicated(events, tolerance: tolerance)
        guard events.count >= 2 else { return [] }
        var stretches: [Stretch] = []
        for i in 0..<events.count {
            for j in (i + 1)..<events.count {
                let (e, f) = (events[i], events[j])
                guard abs(e.t - f.t) > 1e-9, abs(e.u - f.u) > 1e-9 else { continue }
                if runTogether(a, b, e, f) { stretches.append(Stretch(start: e, end: f)) }
            }
        }
        return stretches
    }

    private func nearestOnCurve(_ c: BezierCurve, _ p: Point) -> Double? {
        var best: (Double, Double)?
        for guess in [0.0, 0.25, 0.5, 0.75, 1.0] {
            let t = c.nearestParameter(to: p, near: guess)
            let d = c.point(at: t).distance(to: p)
            if best == nil || d < best!.1 { best = (t, d) }
        }
        guard let (t, d) = best, d <= tolerance * 10 else { return nil }
        return t
    }

    private func runTogether(_ a: BezierCurve, _ b: BezierCurve, _ e: CurveHit, _ f: CurveHit) -> Bool {
        for k in 1...5 {
            let s = Double(k) / 6
            let t = e.t + (f.t - e.t) * s, u = e.u + (f.u - e.u) * s
            let pa = a.point(at: t)
            if b.point(at: b.nearestParameter(to: pa, near: u)).distance(to: pa) > tolerance * 10 { return false }
            let pb = b.point(at: u)
            if a.point(at: a.nearestParameter(to: pb, near: t)).distance(to: pb) > tolerance * 10 { return false }
        }
        return true
    }

    /// Collects parameter pairs near which the curves may meet, from pieces that survive pruning until
    /// they are flat enough to stand in for their chords.
    private mutating func subdivide(
        _ a: BezierCurve, _ ta0: Double, _ ta1: Double, _ b: BezierCurve, _ tb0: Double, _ tb1: Double,
        depth: Int, into seeds: inout [(Double, Double)]
    ) {
        budget -= 1
        if budget < 0 {
            if exhaustedNear == nil { exhaustedNear = a.point(at: 0.5) }
            return
        }
        let pad = tolerance + leafFlatness
        let boxA = a.controlBounds, boxB = b.controlBounds
        if boxA.minX > boxB.maxX + pad || boxB.minX > boxA.maxX + pad || boxA.minY > boxB.maxY + pad || boxB.minY > boxA.maxY + pad {
            return
        }
        if Self.outsideFatLine(of: a, b, pad) || Self.outsideFatLine(of: b, a, pad) { return }
        if skippedStretches.contains(where: { $0.covers(ta0, ta1, tb0, tb1) }) { return }

        let flatA = a.flatness <= leafFlatness, flatB = b.flatness <= leafFlatness
        let sizeA = boxA.width + boxA.height, sizeB = boxB.width + boxB.height
        if (flatA && flatB) || depth >= 60 || (sizeA <= tolerance && sizeB <= tolerance) {
            if let (s, r) = Self.chordMeeting(a.p0, a.p3, b.p0, b.p3, slack: pad) {
                seeds.append((ta0 + (ta1 - ta0) * s, tb0 + (tb1 - tb0) * r))
            }
            return
        }
        if !flatA && (flatB || sizeA >= sizeB) {
            let (l, r) = a.split(at: 0.5)
            let tm = (ta0 + ta1) / 2
            subdivide(l, ta0, tm, b, tb0, tb1, depth: depth + 1, into: &seeds)
            subdivide(r, tm, ta1, b, tb0, tb1, depth: depth + 1, into: &seeds)
        } else {
            let (l, r) = b.split(at: 0.5)
            let tm = (tb0 + tb1) / 2
            subdivide(a, ta0, ta1, l, tb0, tm, depth: depth + 1, into: &seeds)
            subdivide(a, ta0, ta1, r, tm, tb1, depth: depth + 1, into: &seeds)
        }
    }

    /// True when all of `other`'s control points lie on one side of `curve`'s fat line (the band around
    /// its chord that holds its control polygon), so they cannot meet.
    private static func outsideFatLine(of curve: BezierCurve, _ other: BezierCurve, _ pad: Double) -> Bool {
        let chord = curve.p3 - curve.p0
        let len = chord.length
        guard len > 0 else { return false }
        let n = chord.perpendicular / len
        let d1 = n.dot(curve.p1 - curve.p0), d2 = n.dot(curve.p2 - curve.p0)
        let lo = min(0, d1, d2) - pad, hi = max(0, d1, d2) + pad
        let e = [other.p0, other.p1, other.p2, other.p3].map { n.dot($0 - curve.p0) }
        return e.allSatisfy { $0 < lo } || e.allSatisfy { $0 > hi }
    }

    /// Parameters on two chords where they cross, or where they come closest when that is within
    /// `slack` (nearly touching chords stand for tangent curves).
    static func chordMeeting(_ a0: Point, _ a1: Point, _ b0: Point, _ b1: Point, slack: Double) -> (Double, Double)? {
        let da = a1 - a0, db = b1 - b0
        let denom = da.cross(db)
        if abs(denom) > 1e-12 * da.length * db.length {
            let s = (b0 - a0).cross(db) / denom
            let r = (b0 - a0).cross(da) / denom
            let ea = da.length > 0 ? slack / da.length : 1, eb = db.length > 0 ? slack / db.length : 1
            if s >= -ea && s <= 1 + ea && r >= -eb && r <= 1 + eb { return (s.clamped(0, 1), r.clamped(0, 1)) }
        }
        // No crossing: the closest pair of points, which is at an end of one chord.
        var best: (Double, Double, Double)?
        func consider(_ s: Double, _ r: Double) {
            let d = (a0 + da * s).distance(to: b0 + db * r)
            if best == nil || d < best!.2 { best = (s, r, d) }
        }
        consider(0, projection(a0, b0, db)); consider(1, projection(a1, b0, db))
        consider(projection(b0, a0, da), 0); consider(projection(b1, a0, da), 1)
        guard let (s, r, d) = best, d <= slack * 2 else { return nil }
        return (s, r)
    }

    private static func projection(_ p: Point, _ origin: Point, _ dir: Point) -> Double {
        let l2 = dir.lengthSquared
        return l2 > 0 ? (dir.dot(p - origin) / l2).clamped(0, 1) : 0
    }

    /// Newton's method on A(t) − B(u) = 0, with backtracking so a step never makes the gap wider; where
    /// the curves are tangent (singular Jacobian) it falls back to alternating nearest-point steps.
    /// Returns the parameters when the curves come within tolerance, nil otherwise.
    private func refine(_ a: BezierCurve, _ b: BezierCurve, _ t0: Double, _ u0: Double) -> (Double, Double)? {
        var t = t0, u = u0
        var gap = a.point(at: t) - b.point(at: u)
        var dist = gap.length
        for _ in 0..<60 {
            if dist <= tolerance * 1e-4 { break }
            let ja = a.derivative(at: t), jb = b.derivative(at: u)
            let det = jb.cross(ja)
            var nt: Double, nu: Double
            if abs(det) > 1e-10 * ja.length * jb.length {
                // Solve ja·dt − jb·du = −gap.
                let dt = gap.cross(jb) / det
                let du = gap.cross(ja) / det
                nt = t + dt; nu = u + du
            } else {
                nt = a.nearestParameter(to: b.point(at: u), near: t)
                nu = b.nearestParameter(to: a.point(at: nt), near: u)
            }
            var step = 1.0
            var improved = false
            for _ in 0..<20 {
                let ct = (t + (nt - t) * step).clamped(0, 1), cu = (u + (nu - u) * step).clamped(0, 1)
                let g = a.point(at: ct) - b.point(at: cu)
                if g.length < dist {
                    (t, u, gap, dist) = (ct, cu, g, g.length)
                    improved = true
                    break
                }
                step /= 2
            }
            if !improved { break }
        }
        return dist <= tolerance ? (t, u) : nil
    }

    /// Where curves are tangent, every parameter in a small window brings them within tolerance, and
    /// Newton stops anywhere in it; the touch itself is where they come closest, found by golden-section
    /// search on the distance from A(t) to B.
    private func polishTouch(_ a: BezierCurve, _ b: BezierCurve, _ t: Double, _ u: Double) -> (Double, Double) {
        var nearest = u
        func gap(_ s: Double) -> Double {
            let p = a.point(at: s)
            nearest = b.nearestParameter(to: p, near: nearest)
            return b.point(at: nearest).distance(to: p)
        }
        var lo = max(0, t - 1e-3), hi = min(1, t + 1e-3)
        let ratio = (5.0.squareRoot() - 1) / 2
        var x1 = hi - ratio * (hi - lo), x2 = lo + ratio * (hi - lo)
        var f1 = gap(x1), f2 = gap(x2)
        for _ in 0..<80 where hi - lo > 1e-15 {
            if f1 <= f2 {
                (hi, x2, f2) = (x2, x1, f1)
                x1 = hi - ratio * (hi - lo)
                f1 = gap(x1)
            } else {
                (lo, x1, f1) = (x1, x2, f2)
                x2 = lo + ratio * (hi - lo)
                f2 = gap(x2)
            }
        }
        let best = (lo + hi) / 2
        let bu = b.nearestParameter(to: a.point(at: best), near: u)
        // Keep Newton's answer if the search wandered off (it should not: the window is tiny).
        return a.point(at: best).distance(to: b.point(at: bu)) <= tolerance ? (best, bu) : (t, u)
    }

    /// Drops hits that repeat another within the tolerance (same place on both curves).
    static func deduplicated(_ hits: [CurveHit], tolerance: Double) -> [CurveHit] {
        var kept: [CurveHit] = []
        for h in hits.sorted(by: { ($0.t, $0.u) < ($1.t, $1.u) }) {
            if let i = kept.firstIndex(where: {
                ($0.point.distance(to: h.point) <= tolerance * 10 && abs($0.t - h.t) < 1e-6 && abs($0.u - h.u) < 1e-6)
                    || (abs($0.t - h.t) < 1e-7 && abs($0.u - h.u) < 1e-7)
            }) {
                kept[i].isOverlap = kept[i].isOverlap || h.isOverlap
                continue
            }
            kept.append(h)
        }
        return kept
    }
}
