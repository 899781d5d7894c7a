/// A stretch of a path between two cut points (or a whole uncut subpath), as curves, with the ids of
/// the cut points at its ends so pieces of different paths can be joined where they meet.
struct PathPiece: Sendable {
    var curves: [BezierCurve]
    /// Cut point ids at the ends; nil at an open end of the path.
    var startVertex: Int?
    var endVertex: Int?
    /// A closed subpath that no cut touched.
    var isLoop: Bool

    var start: Point { curves.first!.start }
    var end: Point { curves.last!.end }

    var reversed: PathPiece {
        PathPiece(curves: curves.reversed().map(\.reversed), startVertex: endVertex, endVertex: startVertex, isLoop: isLoop)
    }

    var path: BezierPath {
        var p = BezierPath([.move(to: start)] + curves.map(\.element))
        if isLoop { p.close() }
        return p
    }

    var length: Double { curves.reduce(0) { $0 + $1.arcLength } }

    /// A point in the middle of the piece and the direction of travel there.
    var midpoint: (point: Point, tangent: Point) {
        // The middle of a curve, never a joint between curves, where the direction is ambiguous.
        let c = curves.max { $0.arcLength < $1.arcLength }!
        return (c.point(at: 0.5), c.tangent(at: 0.5))
    }
}

/// Where to cut a path: a curve, a parameter on it, and the id the cut point is known by.
struct PathCut: Sendable {
    var segment: Int
    var t: Double
    var vertex: Int
    var point: Point
}

extension PathGeometry {
    /// The path cut at `cuts` into pieces, in order along each subpath (round a closed subpath from its
    /// first cut). Piece ends are pinned to the cut points so pieces of two paths meet exactly.
    func pieces(cutAt cuts: [PathCut]) -> [PathPiece] {
        var result: [PathPiece] = []
        for sp in subpaths {
            let here = cuts.filter { sp.range.contains($0.segment) }.sorted { ($0.segment, $0.t) < ($1.segment, $1.t) }
            if here.isEmpty {
                let curves = sp.range.map { segments[$0].curve }
                if !curves.isEmpty { result.append(PathPiece(curves: curves, startVertex: nil, endVertex: nil, isLoop: sp.isClosed)) }
                continue
            }
            var bounds: [(PathCut?, PathCut?)] = []
            for k in 0..<(here.count - 1) { bounds.append((here[k], here[k + 1])) }
            if sp.isClosed {
                bounds.append((here[here.count - 1], here[0]))
            } else {
                bounds.insert((nil, here[0]), at: 0)
                bounds.append((here[here.count - 1], nil))
            }
            for (from, to) in bounds {
                var curves = stretch(sp, from, to)
                if curves.isEmpty { continue }
                if let from { curves[0].p0 = from.point }
                if let to { curves[curves.count - 1].p3 = to.point }
                result.append(PathPiece(curves: curves, startVertex: from?.vertex, endVertex: to?.vertex, isLoop: false))
            }
        }
        return result
    }

    /// The curves from one cut to the next along a subpath (nil meaning the subpath's open end).
    private func stretch(_ sp: Subpath, _ from: PathCut?, _ to: PathCut?) -> [BezierCurve] {
        var seg = from?.segment ?? sp.range.lowerBound
        var t = from?.t ?? 0
        let endSeg = to?.segment ?? sp.range.upperBound - 1
        let endT = to?.t ?? 1
        var curves: [BezierCurve] = []
        // Going round a closed subpath from a cut back to the same or an earlier place wraps once.
        var mustWrap = sp.isClosed && (endSeg, endT) <= (seg, t)
        for _ in 0...(sp.range.count + 1) {
            if seg == endSeg && !mustWrap {
                if endT > t { curves.append(segments[seg].curve.subcurve(from: t, to: endT)) }
                return curves.filter { !$0.isPoint(within: 0) }
            }
            if t < 1 { curves.append(segments[seg].curve.subcurve(from: t, to: 1)) }
            guard let n = next(seg) else { break }
            if n == sp.range.lowerBound { mustWrap = false }
            seg = n
            t = 0
        }
        return curves.filter { !$0.isPoint(within: 0) }
    }
}
