import QuireGeometry

/// Arc length of a cubic by adaptive subdivision, kept as a table of (parameter, length so far) so that
/// dabs can be placed at even distances. A piece is split in half until both its control points lie
/// within `tolerance` of the points a third and two thirds along its chord. Such a piece stays within
/// `tolerance` of its chord traversed at constant speed, so (a) its length, taken as the mean of chord and
/// control polygon, is within 2 × `tolerance` of the true length (the arc lies between the two), and
/// (b) interpolating the parameter linearly in length inside it places a dab within about `tolerance`
/// of its exact arc-length position. (Flatness alone is not enough: a straight piece with bunched
/// control points is traversed at uneven speed.) The table is a scratch buffer: one per engine,
/// refilled for every segment without allocating once it has grown.
public struct ArcLengthTable: Sendable {
    /// Largest error allowed per flat piece, in pixels.
    public var tolerance: Double
    /// Deepest subdivision: 2¹² pieces bounds the work for degenerate input (NaN, huge coordinates).
    public var maximumDepth: Int
    /// Parameters of the piece ends, ascending from 0 to 1.
    public private(set) var parameters: [Double] = []
    /// Arc length from the segment's start to each parameter; the last is the whole length.
    public private(set) var lengths: [Double] = []

    public init(tolerance: Double = 0.01, maximumDepth: Int = 12) {
        self.tolerance = tolerance
        self.maximumDepth = maximumDepth
        parameters.reserveCapacity(64)
        lengths.reserveCapacity(64)
    }

    public var totalLength: Double { lengths.last ?? 0 }

    /// Refills the table for `segment`.
    public mutating func measure(_ segment: BezierCurve) {
        parameters.removeAll(keepingCapacity: true)
        lengths.removeAll(keepingCapacity: true)
        parameters.append(0)
        lengths.append(0)
        subdivide(Piece(p0: segment.p0, p1: segment.p1, p2: segment.p2, p3: segment.p3), from: 0, to: 1, depth: 0)
    }

    /// Just the four points: the subdivision runs for every sample, and carrying `BezierCurve`'s degree
    /// through every split costs measurably there.
    private struct Piece {
        var p0, p1, p2, p3: Point

        @inline(__always)
        func halves() -> (Piece, Piece) {
            let a = p0.lerp(to: p1, 0.5), b = p1.lerp(to: p2, 0.5), c = p2.lerp(to: p3, 0.5)
            let d = a.lerp(to: b, 0.5), e = b.lerp(to: c, 0.5)
            let m = d.lerp(to: e, 0.5)
            return (Piece(p0: p0, p1: a, p2: d, p3: m), Piece(p0: m, p1: e, p2: c, p3: p3))
        }
    }

    private mutating func subdivide(_ piece: Piece, from t0: Double, to t1: Double, depth: Int) {
        let third = piece.p0.lerp(to: piece.p3, 1.0 / 3.0), twoThirds = piece.p0.lerp(to: piece.p3, 2.0 / 3.0)
        let deviation = max((piece.p1 - third).lengthSquared, (piece.p2 - twoThirds).lengthSquared)
        if deviation <= tolerance * tolerance || depth >= maximumDepth {
            parameters.append(t1)
            let polygon = piece.p0.distance(to: piece.p1) + piece.p1.distance(to: piece.p2) + piece.p2.distance(to: piece.p3)
            lengths.append(lengths[lengths.count - 1] + (polygon + piece.p0.distance(to: piece.p3)) * 0.5)
            return
        }
        let (left, right) = piece.halves()
        let mid = (t0 + t1) * 0.5
        subdivide(left, from: t0, to: mid, depth: depth + 1)
        subdivide(right, from: mid, to: t1, depth: depth + 1)
    }

    /// The parameter at arc length `s`, by linear interpolation inside the piece holding it. `hint` is the
    /// piece index to start searching from; walks along a segment only move forward, so passing back the
    /// returned index keeps the whole walk linear in the number of pieces plus dabs.
    @inline(__always)
    public func parameter(atLength s: Double, hint: inout Int) -> Double {
        var i = max(hint, 1)
        let last = lengths.count - 1
        while i < last && lengths[i] < s { i += 1 }
        hint = i
        let s0 = lengths[i - 1], s1 = lengths[i]
        let t0 = parameters[i - 1], t1 = parameters[i]
        return s1 > s0 ? t0 + (t1 - t0) * ((s - s0) / (s1 - s0)) : t1
    }
}
