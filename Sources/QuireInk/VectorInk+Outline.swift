import Foundation
import QuireGeometry

extension VectorInk {
    /// The ink as a filled shape, for PDF and SVG export (fill with the non-zero rule): one closed
    /// subpath running up the left side of the centre line, round the end cap, back down the right side
    /// and round the start cap.
    ///
    /// The sides are the envelope of the dabs — the discs of radius w/2 swept along the centre line — not
    /// plain normals at ±w/2: where the width changes, the envelope touches each disc a little ahead or
    /// behind its centre (by w′/2 of the radius), and the caps meet the sides there without a step. The
    /// sides are polylines within `tolerance` of the envelope; caps, and joins where the centre line turns
    /// at a node, are circular arcs. On the inner side of a turn the outline passes through the node
    /// itself, which keeps the overlapping corner filled under the non-zero rule.
    ///
    /// An empty stroke gives an empty path; a stroke that draws no length, one disc (its single dab).
    public func outline(tolerance: Double = 0.05) -> BezierPath {
        let tolerance = tolerance > 0 && tolerance.isFinite ? tolerance : 0.05
        guard let start, let first = nodes.first else { return BezierPath() }
        var pieces: [[SidePoint]] = []
        for (i, curve) in curves.enumerated() where i + 1 < nodes.count {
            let side = Self.sidePoints(curve, from: Self.radius(nodes[i]), to: Self.radius(nodes[i + 1]),
                                       tolerance: tolerance)
            if !side.isEmpty { pieces.append(side) }
        }
        guard let firstPiece = pieces.first, let lastPiece = pieces.last else {
            let r = Self.radius(first)
            return r > 0 ? BezierPath(circleAt: start, radius: r) : BezierPath()
        }
        var path = BezierPath()
        path.move(to: firstPiece[0].left)
        // Up the left side, then round the end.
        for (k, piece) in pieces.enumerated() {
            if k > 0 { Self.join(from: pieces[k - 1].last!, to: piece[0], leftSide: true, into: &path) }
            for p in piece.dropFirst() { path.line(to: p.left) }
        }
        let end = lastPiece[lastPiece.count - 1]
        Self.arc(around: end.center, from: end.left, to: end.right, through: end.tangent, into: &path)
        // Back down the right side, then round the start.
        for (k, piece) in pieces.enumerated().reversed() {
            for p in piece.reversed().dropFirst() { path.line(to: p.right) }
            if k > 0 { Self.join(from: piece[0], to: pieces[k - 1].last!, leftSide: false, into: &path) }
        }
        let begin = firstPiece[0]
        Self.arc(around: begin.center, from: begin.right, to: begin.left, through: -begin.tangent, into: &path)
        path.close()
        return path
    }

    /// A point of the centre line with where the envelope of the dabs leaves it on either side.
    struct SidePoint {
        var center: Point
        var tangent: Point
        var radius: Double
        var left: Point
        var right: Point
    }

    /// Half the width, with anything that is not a usable width (NaN, infinite, negative) as none.
    static func radius(_ node: Node) -> Double {
        node.width.isFinite && node.width > 0 ? node.width / 2 : 0
    }

    /// Points along `curve` close enough together that the polyline through their offsets stays within
    /// `tolerance` of the envelope; none for a curve that draws no length.
    static func sidePoints(_ curve: BezierCurve, from r0: Double, to r1: Double, tolerance: Double) -> [SidePoint] {
        let length = curve.arcLength
        guard length > 0, length.isFinite else { return [] }
        // Steps enough for the curve's own bend, and for the offset at the wider radius to turn
        // through no more than an angle whose sagitta is the tolerance.
        let chord = curve.p3 - curve.p0
        let chordLength = chord.length
        let bend = chordLength > 0
            ? max(abs(chord.cross(curve.p1 - curve.p0)), abs(chord.cross(curve.p2 - curve.p0))) / chordLength
            : max(curve.p1.distance(to: curve.p0), curve.p2.distance(to: curve.p0))
        var turn = 0.0
        var previous = curve.tangent(at: 0)
        for k in 1...8 {
            let next = curve.tangent(at: Double(k) / 8)
            turn += abs(atan2(previous.cross(next), previous.dot(next)))
            previous = next
        }
        let r = max(r0, r1)
        let maximumStep = r > tolerance ? 2 * acos(1 - tolerance / r) : Double.pi / 2
        let steps = Int(min(64, max(1, (0.75 * bend / tolerance).squareRoot().rounded(.up), (turn / maximumStep).rounded(.up))))
        // The envelope of discs r(s) along the line leaves each disc at −r′ along the tangent and
        // √(1 − r′²) across it; past |r′| = 1 one disc holds the next and there is no envelope, so clamp.
        let slope = min(0.99, max(-0.99, (r1 - r0) / length))
        let across = (1 - slope * slope).squareRoot()
        var points: [SidePoint] = []
        points.reserveCapacity(steps + 1)
        for k in 0...steps {
            let t = Double(k) / Double(steps)
            let u = k == 0 ? 0 : k == steps ? 1 : curve.arcLength(to: t) / length
            let c = k == 0 ? curve.p0 : k == steps ? curve.p3 : curve.point(at: t)
            let tangent = curve.tangent(at: t)
            let normal = tangent.perpendicular
            let radius = r0 + (r1 - r0) * u
            let back = tangent * (-slope * radius), side = normal * (across * radius)
            points.append(SidePoint(center: c, tangent: tangent, radius: radius, left: c + back + side, right: c + back - side))
        }
        return points
    }

    /// From one curve's end to the next curve's start on one side: round on the outside of a turn,
    /// through the node on the inside (so the overlap there stays filled).
    static func join(from a: SidePoint, to b: SidePoint, leftSide: Bool, into path: inout BezierPath) {
        let from = leftSide ? a.left : a.right, to = leftSide ? b.left : b.right
        if from.distance(to: to) <= 1e-9 { return }
        // The tangents of the earlier and later curve cross the same way on both sides (the right side
        // is walked backwards, with `a` the later curve): positive when `a` → `b` turns towards this side.
        if a.tangent.cross(b.tangent) > 0 || a.radius == 0 {
            path.line(to: a.center)
            path.line(to: to)
            return
        }
        let normals = a.tangent.perpendicular + b.tangent.perpendicular
        // Outward is between the two normals; for a full reversal, straight on from the earlier curve.
        let outward = normals.lengthSquared > 1e-12 ? (leftSide ? normals : -normals) : (leftSide ? a.tangent : b.tangent)
        arc(around: a.center, from: from, to: to, through: outward, into: &path)
    }

    /// The circular arc about `center` from `from` to `to` (equally far from it, near enough) on the side
    /// that passes direction `through`, as cubic pieces of at most a quarter turn.
    static func arc(around center: Point, from: Point, to: Point, through: Point, into path: inout BezierPath) {
        let radius = center.distance(to: from)
        guard radius > 0 else { path.line(to: to); return }
        let a0 = atan2(from.y - center.y, from.x - center.x)
        let a1 = atan2(to.y - center.y, to.x - center.x)
        let mid = atan2(through.y, through.x)
        // The counter-clockwise sweep from a0 to a1, or the clockwise one: whichever passes `mid`.
        func ccw(_ a: Double, _ b: Double) -> Double {
            let d = (b - a).truncatingRemainder(dividingBy: 2 * .pi)
            return d < 0 ? d + 2 * .pi : d
        }
        let forward = ccw(a0, a1)
        let sweep = ccw(a0, mid) <= forward ? forward : forward - 2 * .pi
        let count = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
        let step = sweep / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4)
        var angle = a0
        var p = from
        for i in 1...count {
            let next = angle + step
            let q = i == count ? to : Point(center.x + radius * cos(next), center.y + radius * sin(next))
            let c1 = p + Point(-sin(angle), cos(angle)) * (k * radius)
            let c2 = q - Point(-sin(next), cos(next)) * (k * radius)
            path.cubic(to: q, control1: c1, control2: c2)
            angle = next
            p = q
        }
    }
}
