import Foundation

/// A path unpacked for measuring and intersecting: its drawn curves with where each came from, grouped
/// by subpath, with lengths. Built once per operation; the public `BezierPath` stays a plain value.
struct PathGeometry: Sendable {
    struct Segment: Sendable {
        var curve: BezierCurve
        var elementIndex: Int
        var subpath: Int
        /// Arc length of the path before this segment.
        var startLength: Double
        var length: Double
        var box: Rect
    }

    struct Subpath: Sendable {
        /// Indices into `segments`.
        var range: Range<Int>
        var isClosed: Bool
        var start: Point
    }

    var segments: [Segment] = []
    var subpaths: [Subpath] = []
    var totalLength: Double = 0
    /// The largest coordinate magnitude (at least 1): tolerances are relative to it.
    var scale: Double = 1
    var isFinite = true

    init(_ path: BezierPath) {
        var current = Point.zero
        var subpathStart = Point.zero
        var subpathFirstSegment = 0
        var open = false
        var length = 0.0

        func finishSubpath(closed: Bool) {
            if open { subpaths.append(Subpath(range: subpathFirstSegment..<segments.count, isClosed: closed, start: subpathStart)) }
            open = false
        }
        func add(_ curve: BezierCurve, _ index: Int) {
            if !open {
                open = true
                subpathFirstSegment = segments.count
                subpathStart = current
            }
            let l = curve.arcLength
            segments.append(Segment(curve: curve, elementIndex: index, subpath: subpaths.count, startLength: length, length: l, box: curve.controlBounds))
            length += l
        }

        for (index, element) in path.elements.enumerated() {
            for p in element.namedPoints {
                if !(p.x.isFinite && p.y.isFinite) { isFinite = false }
                scale = max(scale, abs(p.x), abs(p.y))
            }
            switch element {
            case .move(let p):
                finishSubpath(closed: false)
                current = p
                subpathStart = p
            case .line(let p):
                add(BezierCurve(line: current, p), index)
                current = p
            case .quad(let c, let p):
                add(BezierCurve(quad: current, c, p), index)
                current = p
            case .cubic(let c1, let c2, let p):
                add(BezierCurve(cubic: current, c1, c2, p), index)
                current = p
            case .close:
                if current != subpathStart || !open {
                    add(BezierCurve(line: current, subpathStart), index)
                }
                finishSubpath(closed: true)
                current = subpathStart
            }
        }
        finishSubpath(closed: false)
        totalLength = length
        if !isFinite { segments = []; subpaths = []; totalLength = 0 }
    }

    /// The segment after `i` along its subpath (wrapping on a closed one), or nil at an open end.
    func next(_ i: Int) -> Int? {
        let sp = subpaths[segments[i].subpath]
        if i + 1 < sp.range.upperBound { return i + 1 }
        return sp.isClosed ? sp.range.lowerBound : nil
    }

    func previous(_ i: Int) -> Int? {
        let sp = subpaths[segments[i].subpath]
        if i > sp.range.lowerBound { return i - 1 }
        return sp.isClosed ? sp.range.upperBound - 1 : nil
    }

    /// Arc length from the start of the path to parameter `t` of segment `i`.
    func length(segment i: Int, t: Double) -> Double {
        let s = segments[i]
        if t <= 0 { return s.startLength }
        if t >= 1 { return s.startLength + s.length }
        return s.startLength + s.curve.arcLength(to: t)
    }

    /// The segment and parameter at arc length `s` from the path's start (clamped to the path).
    func position(atLength s: Double) -> (segment: Int, t: Double)? {
        guard !segments.isEmpty else { return nil }
        var lo = 0, hi = segments.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if segments[mid].startLength <= s { lo = mid } else { hi = mid - 1 }
        }
        let seg = segments[lo]
        return (lo, seg.curve.parameter(atLength: s - seg.startLength, totalLength: seg.length))
    }

    /// A point a little way (`distance`, approximately) from segment `i` at `t`, forwards or backwards
    /// along the subpath; nil past an open end. Used to look at the paths on either side of a crossing.
    func nearbyPoint(segment i: Int, t: Double, distance: Double, forward: Bool) -> Point? {
        var seg = i, t = t, remaining = distance
        for _ in 0..<(segments.count + 1) {
            let curve = segments[seg].curve
            let speed = max(curve.derivative(at: t).length, 1e-300)
            let dt = min(remaining / speed, 0.25)
            let target = forward ? t + dt : t - dt
            if target >= 0 && target <= 1 {
                let p = curve.point(at: target)
                let moved = p.distance(to: curve.point(at: t))
                if moved >= remaining * 0.5 || dt < 0.25 { return p }
                remaining -= moved
                t = target
                continue
            }
            let edge: Double = forward ? 1 : 0
            remaining -= curve.point(at: edge).distance(to: curve.point(at: t))
            guard let nextSeg = forward ? next(seg) : previous(seg) else { return nil }
            seg = nextSeg
            t = forward ? 0 : 1
            if remaining <= 0 { return segments[seg].curve.point(at: t) }
        }
        return nil
    }
}
