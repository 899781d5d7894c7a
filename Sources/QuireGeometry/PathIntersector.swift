import Foundation

/// Intersections of two whole paths: finds candidate curve pairs with a sweep over their boxes, asks
/// `CurveIntersector` about each pair, merges what several pairs report for one place (a hit on a
/// vertex is found by both curves that share it), and classifies each place by looking a little way
/// along both paths on either side.
struct PathIntersector {
    let a: PathGeometry
    let b: PathGeometry
    /// Intersecting a path with itself: pairs of a curve with itself or its neighbour's shared vertex
    /// are not intersections.
    let isSelf: Bool
    let scale: Double
    let tolerance: Double

    init(_ a: PathGeometry, _ b: PathGeometry) {
        self.a = a
        self.b = b
        isSelf = false
        scale = max(a.scale, b.scale)
        tolerance = 1e-9 * scale
    }

    init(selfOf g: PathGeometry) {
        a = g
        b = g
        isSelf = true
        scale = g.scale
        tolerance = 1e-9 * scale
    }

    /// One raw or merged hit with its positions on both paths.
    struct Hit {
        var segA: Int, t: Double
        var segB: Int, u: Double
        var point: Point
        var isOverlap: Bool
        var lengthA = 0.0, lengthB = 0.0
        var kind = IntersectionKind.touch
    }

    func run() -> PathIntersections {
        let (hits, problems) = resolve()
        let result = hits.map { h in
            PathIntersection(
                point: h.point,
                first: PathPosition(elementIndex: a.segments[h.segA].elementIndex, t: h.t, length: h.lengthA),
                second: PathPosition(elementIndex: b.segments[h.segB].elementIndex, t: h.u, length: h.lengthB),
                kind: h.kind)
        }
        return PathIntersections(intersections: result, problems: problems)
    }

    /// The merged, classified hits in order along the first path, with segment indices for cutting.
    func resolve() -> (hits: [Hit], problems: [GeometryProblem]) {
        guard a.isFinite && b.isFinite else { return ([], [.nonFiniteCoordinates]) }
        var curves = CurveIntersector(scale: scale)
        var problems: [GeometryProblem] = []
        var raw: [Hit] = []
        for (i, j) in candidatePairs() {
            let before = curves.exhaustedNear
            for h in pieceHits(i, j, &curves) {
                raw.append(normalized(Hit(segA: i, t: h.t, segB: j, u: h.u, point: h.point, isOverlap: h.isOverlap)))
            }
            if before == nil, let p = curves.exhaustedNear { problems.append(.searchLimitReached(near: p)) }
        }
        for k in raw.indices {
            raw[k].lengthA = a.length(segment: raw[k].segA, t: raw[k].t)
            raw[k].lengthB = b.length(segment: raw[k].segB, t: raw[k].u)
        }
        if isSelf { raw = raw.filter { !isTrivialSelfHit($0) } }
        let merged = merge(raw)
        let nearestOnA = nearestAlong(a, merged.map { ($0.segA, $0.lengthA) })
        let nearestOnB = nearestAlong(b, merged.map { ($0.segB, $0.lengthB) })
        var result: [Hit] = []
        for (k, h) in merged.enumerated() {
            guard let kind = classify(h, nearestOnA: nearestOnA[k], nearestOnB: nearestOnB[k]) else { continue }
            var h = h
            h.kind = kind
            result.append(h)
        }
        result.sort { ($0.lengthA, $0.lengthB) < ($1.lengthA, $1.lengthB) }
        return (result, problems)
    }

    private func pieceHits(_ i: Int, _ j: Int, _ curves: inout CurveIntersector) -> [CurveHit] {
        let ca = a.segments[i].curve, cb = b.segments[j].curve
        guard isSelf && i == j else { return curves.hits(ca, cb) }
        // A single curve crosses itself only with a loop; halves at its x and y turning points are
        // monotone and cannot loop, so intersect those pieces pairwise.
        let cuts = ([0.0] + Polynomial.extrema(ca.p0.x, ca.p1.x, ca.p2.x, ca.p3.x)
            + Polynomial.extrema(ca.p0.y, ca.p1.y, ca.p2.y, ca.p3.y) + [1.0]).sorted()
        var hits: [CurveHit] = []
        for p in 0..<(cuts.count - 1) {
            for q in (p + 1)..<(cuts.count - 1) {
                let (p0, p1, q0, q1) = (cuts[p], cuts[p + 1], cuts[q], cuts[q + 1])
                guard p1 > p0, q1 > q0 else { continue }
                for h in curves.hits(ca.subcurve(from: p0, to: p1), ca.subcurve(from: q0, to: q1)) {
                    let t = p0 + (p1 - p0) * h.t, u = q0 + (q1 - q0) * h.u
                    if abs(t - u) > 1e-9 { hits.append(CurveHit(t: t, u: u, point: h.point, isOverlap: h.isOverlap)) }
                }
            }
        }
        return hits
    }

    /// In self-intersection, one place on the path met from both sides (where a curve meets the next
    /// at their shared vertex) is no intersection.
    private func isTrivialSelfHit(_ h: Hit) -> Bool {
        alongDistance(a, h.segA, h.lengthA, h.segB, h.lengthB) <= tolerance * 100
    }

    /// Pairs of curves whose boxes overlap: sort the second path's boxes by left edge and sweep.
    private func candidatePairs() -> [(Int, Int)] {
        let pad = tolerance * 10
        let order = b.segments.indices.sorted { b.segments[$0].box.minX < b.segments[$1].box.minX }
        let lefts = order.map { b.segments[$0].box.minX }
        var pairs: [(Int, Int)] = []
        for (i, sa) in a.segments.enumerated() {
            let boxA = sa.box
            // Every candidate starts left of boxA.maxX; binary search the end of that run.
            var lo = 0, hi = lefts.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if lefts[mid] <= boxA.maxX + pad { lo = mid + 1 } else { hi = mid }
            }
            for k in 0..<lo {
                let j = order[k]
                if isSelf && j < i { continue }
                let boxB = b.segments[j].box
                if boxB.maxX < boxA.minX - pad || boxB.minY > boxA.maxY + pad || boxB.maxY < boxA.minY - pad { continue }
                pairs.append((i, j))
            }
        }
        return pairs
    }

    /// Snaps parameters at curve ends and writes a hit at the end of a curve as the start of the next,
    /// so hits that different curve pairs report for one vertex compare equal.
    private func normalized(_ h: Hit) -> Hit {
        var h = h
        func snap(_ g: PathGeometry, _ seg: inout Int, _ t: inout Double) {
            if t <= 1e-12 { t = 0 }
            if t >= 1 - 1e-12 {
                t = 1
                if let n = g.next(seg) { seg = n; t = 0 }
            }
        }
        snap(a, &h.segA, &h.t)
        snap(b, &h.segB, &h.u)
        return h
    }

    /// Groups hits that are one place on both paths, keeping one representative per group. Grouping and
    /// the choice of representative look only at the set of hits, never at which path was first, so
    /// swapping the paths gives the same answer.
    private func merge(_ raw: [Hit]) -> [Hit] {
        let near = tolerance * 100
        let order = raw.indices.sorted { (raw[$0].point.x, raw[$0].point.y) < (raw[$1].point.x, raw[$1].point.y) }
        var parent = Array(raw.indices)
        func find(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
            return x
        }
        for (oi, i) in order.enumerated() {
            for j in order[(oi + 1)...] {
                if raw[j].point.x - raw[i].point.x > near { break }
                if raw[i].point.distance(to: raw[j].point) > near { continue }
                if alongDistance(a, raw[i].segA, raw[i].lengthA, raw[j].segA, raw[j].lengthA) > near * 10 { continue }
                if alongDistance(b, raw[i].segB, raw[i].lengthB, raw[j].segB, raw[j].lengthB) > near * 10 { continue }
                parent[find(i)] = find(j)
            }
        }
        var groups: [Int: [Int]] = [:]
        for i in raw.indices { groups[find(i), default: []].append(i) }
        return groups.values.map { members in
            let best = members.min { (raw[$0].point.x, raw[$0].point.y, raw[$0].t + raw[$0].u) < (raw[$1].point.x, raw[$1].point.y, raw[$1].t + raw[$1].u) }!
            var h = raw[best]
            h.isOverlap = members.contains { raw[$0].isOverlap }
            return h
        }
    }

    /// For each place on `g` (a segment and the length along the path there), how far along the path
    /// the nearest other place lies (`alongDistance`; infinite when none shares its subpath). Sorted
    /// along each subpath, the nearest is a neighbour, or round a closed one the place at the other end:
    /// two paths that meet hundreds of times (a stroke's outline across another's) took a look at every
    /// pair of their meetings.
    private func nearestAlong(_ g: PathGeometry, _ places: [(segment: Int, length: Double)]) -> [Double] {
        var nearest = [Double](repeating: .infinity, count: places.count)
        let order = places.indices.sorted {
            (g.segments[places[$0].segment].subpath, places[$0].length) < (g.segments[places[$1].segment].subpath, places[$1].length)
        }
        var start = 0
        while start < order.count {
            let subpath = g.segments[places[order[start]].segment].subpath
            var end = start + 1
            while end < order.count, g.segments[places[order[end]].segment].subpath == subpath { end += 1 }
            func note(_ i: Int, _ j: Int) {
                let d = alongDistance(g, places[i].segment, places[i].length, places[j].segment, places[j].length)
                nearest[i] = min(nearest[i], d)
                nearest[j] = min(nearest[j], d)
            }
            for k in start..<(end - 1) { note(order[k], order[k + 1]) }
            if end - start > 2 { note(order[start], order[end - 1]) }
            start = end
        }
        return nearest
    }

    /// Distance along one path between two places, going round a closed subpath the short way;
    /// infinite between different subpaths.
    private func alongDistance(_ g: PathGeometry, _ s1: Int, _ l1: Double, _ s2: Int, _ l2: Double) -> Double {
        let sp1 = g.segments[s1].subpath
        guard sp1 == g.segments[s2].subpath else { return .infinity }
        let d = abs(l1 - l2)
        let sp = g.subpaths[sp1]
        guard sp.isClosed else { return d }
        let first = g.segments[sp.range.lowerBound].startLength
        let last = g.segments[sp.range.upperBound - 1]
        return min(d, (last.startLength + last.length - first) - d)
    }

    /// Crossing, touch or overlap end; nil for a place in the middle of an overlap, where nothing
    /// happens. Looks at points a short way before and after the hit on both paths: the paths cross
    /// when those directions alternate around the hit (A, B, A, B); a direction along which both
    /// paths run marks an overlap.
    /// `nearestOnA`, `nearestOnB`: how far along each path the nearest other hit lies (`nearestAlong`);
    /// the points looked at stay nearer than that, so they never pass another hit.
    private func classify(_ h: Hit, nearestOnA: Double, nearestOnB: Double) -> IntersectionKind? {
        let reach = max(min(1e-4 * scale, 0.4 * nearestOnA, 0.4 * nearestOnB), tolerance * 1000)
        let aAfter = a.nearbyPoint(segment: h.segA, t: h.t, distance: reach, forward: true)
        let aBefore = a.nearbyPoint(segment: h.segA, t: h.t, distance: reach, forward: false)
        let bAfter = b.nearbyPoint(segment: h.segB, t: h.u, distance: reach, forward: true)
        let bBefore = b.nearbyPoint(segment: h.segB, t: h.u, distance: reach, forward: false)

        func angle(_ p: Point?) -> Double? { p.map { atan2($0.y - h.point.y, $0.x - h.point.x) } }
        let aAngles = [angle(aAfter), angle(aBefore)], bAngles = [angle(bAfter), angle(bBefore)]
        // Only a sample that leaves in nearly the same direction as one of the other path's can lie on
        // that path; checking just those keeps transversal crossings cheap.
        func closeToAny(_ x: Double?, _ others: [Double?]) -> Bool {
            guard let x else { return false }
            return others.contains { o in
                guard let o else { return false }
                let d = abs(x - o).truncatingRemainder(dividingBy: 2 * Double.pi)
                return min(d, 2 * Double.pi - d) < 0.05
            }
        }
        var onB = 0, onA = 0
        for (p, ang) in zip([aAfter, aBefore], aAngles) where closeToAny(ang, bAngles) || h.isOverlap {
            if let p, lies(p, on: b, near: h.segB) { onB += 1 }
        }
        for (p, ang) in zip([bAfter, bBefore], bAngles) where closeToAny(ang, aAngles) || h.isOverlap {
            if let p, lies(p, on: a, near: h.segA) { onA += 1 }
        }
        if onA > 0 || onB > 0 {
            let aEnds = aAngles.compactMap { $0 }.count, bEnds = bAngles.compactMap { $0 }.count
            // Together on both sides, on both paths: the middle of a shared stretch.
            if aEnds == 2 && bEnds == 2 && onB == 2 && onA == 2 { return h.isOverlap ? nil : .touch }
            return .overlap
        }
        guard let a1 = aAngles[0], let a0 = aAngles[1], let b1 = bAngles[0], let b0 = bAngles[1] else {
            return h.isOverlap ? .overlap : .touch
        }
        let labelled = [(a1, 0), (a0, 0), (b1, 1), (b0, 1)].sorted { $0.0 < $1.0 }
        let alternates = labelled[0].1 != labelled[1].1 && labelled[1].1 != labelled[2].1 && labelled[2].1 != labelled[3].1
        return alternates ? .crossing : .touch
    }

    /// Whether `p` lies on path `g` within a small multiple of the tolerance, looking at the curve near
    /// the hit and its neighbours first, then at any curve whose box holds `p`.
    private func lies(_ p: Point, on g: PathGeometry, near seg: Int) -> Bool {
        let limit = tolerance * 100
        var candidates = [seg]
        if let n = g.next(seg) { candidates.append(n) }
        if let pr = g.previous(seg) { candidates.append(pr) }
        for i in candidates where g.segments[i].curve.distance(to: p) <= limit { return true }
        for (i, s) in g.segments.enumerated() where !candidates.contains(i) {
            let box = s.box.outsetBy(limit)
            if box.contains(p) && s.curve.distance(to: p) <= limit { return true }
        }
        return false
    }
}
