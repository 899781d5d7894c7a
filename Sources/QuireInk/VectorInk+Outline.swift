import Foundation
import QuireGeometry

extension VectorInk {
    /// The ink as a filled shape, for PDF and SVG export (fill with the non-zero rule): one closed
    /// subpath running up the left side of the centre line, round the end cap, back down the right side
    /// and round the start cap.
    ///
    /// The centre line is flattened into steps within `tolerance` of it; each step is the tangent
    /// trapezoid of the dabs at its two ends (where the width changes it touches each disc a little
    /// behind or ahead of its centre, so the caps meet the sides without a step). On the outer side of a
    /// turn between steps the outline goes round the dab (an arc where the turn is sharp); on the inner
    /// side it passes through the centre point. Traced that way the outline is, edge for edge, the sum
    /// of those trapezoids and wedges, all wound one way, so under the non-zero rule every point of the
    /// ink is filled however tightly the line bends or crosses itself (plain offset curves fold inside a
    /// bend tighter than the width, and their fold leaves holes).
    ///
    /// An empty stroke gives an empty path; a stroke that draws no length, one disc (its single dab).
    public func outline(tolerance: Double = 0.05) -> BezierPath {
        let tolerance = tolerance > 0 && tolerance.isFinite ? tolerance : 0.05
        guard let start, let first = nodes.first else { return BezierPath() }
        var steps: [Step] = []
        for (i, curve) in curves.enumerated() where i + 1 < nodes.count {
            Self.appendSteps(curve, from: Self.radius(nodes[i]), to: Self.radius(nodes[i + 1]), tolerance: tolerance,
                             into: &steps)
        }
        guard let firstStep = steps.first, let lastStep = steps.last else {
            let r = Self.radius(first)
            return r > 0 ? BezierPath(circleAt: start, radius: r) : BezierPath()
        }
        var path = BezierPath()
        path.move(to: firstStep.left0)
        for k in steps.indices {
            if k > 0 { Self.join(from: steps[k - 1], to: steps[k], leftSide: true, into: &path) }
            path.line(to: steps[k].left1)
        }
        Self.arc(around: lastStep.c1, from: lastStep.left1, to: lastStep.right1, into: &path)
        for k in steps.indices.reversed() {
            path.line(to: steps[k].right0)
            if k > 0 { Self.join(from: steps[k], to: steps[k - 1], leftSide: false, into: &path) }
        }
        Self.arc(around: firstStep.c0, from: firstStep.right0, to: firstStep.left0, into: &path)
        path.close()
        return path
    }

    /// One straight step of the flattened centre line and the corners of its trapezoid.
    struct Step {
        var c0: Point, c1: Point
        var tangent: Point
        var left0: Point, left1: Point, right0: Point, right1: Point
    }

    /// Half the width, with anything that is not a usable width (NaN, infinite, negative) as none.
    static func radius(_ node: Node) -> Double {
        node.width.isFinite && node.width > 0 ? node.width / 2 : 0
    }

    /// `curve` as steps close enough to it, and turning little enough at the wider radius, that the
    /// outline stays within `tolerance` of the ink; nothing for a curve that draws no length.
    static func appendSteps(_ curve: BezierCurve, from r0: Double, to r1: Double, tolerance: Double,
                            into steps: inout [Step]) {
        let length = curve.arcLength
        guard length > 0, length.isFinite else { return }
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
        let maximumTurn = r > tolerance ? 2 * acos(1 - tolerance / r) : Double.pi / 2
        let count = Int(min(64, max(1, (0.75 * bend / tolerance).squareRoot().rounded(.up), (turn / maximumTurn).rounded(.up))))
        var c0 = curve.p0, radius0 = r0
        for k in 1...count {
            let t = Double(k) / Double(count)
            let c1 = k == count ? curve.p3 : curve.point(at: t)
            let radius1 = k == count ? r1 : r0 + (r1 - r0) * curve.arcLength(to: t) / length
            let d = c1 - c0
            let stepLength = d.length
            if stepLength > 0 {
                let tangent = d / stepLength, normal = tangent.perpendicular
                // The tangent trapezoid of the two discs meets each at −r′ along the step and √(1 − r′²)
                // across it. Where one disc nearly holds the other (the pen pressing harder while hardly
                // moving) that trapezoid turns inside out; square ends are then the safe choice.
                var slope = (radius1 - radius0) / stepLength
                if !(abs(slope) <= 0.7) { slope = 0 }
                let across = (1 - slope * slope).squareRoot()
                let out = normal * across - tangent * slope, back = normal * (-across) - tangent * slope
                steps.append(Step(c0: c0, c1: c1, tangent: tangent, left0: c0 + out * radius0, left1: c1 + out * radius1,
                                  right0: c0 + back * radius0, right1: c1 + back * radius1))
                c0 = c1
                radius0 = radius1
            }
        }
    }

    /// Between two steps on one side: through the centre on the inside of the turn, round the dab on the
    /// outside (a straight edge where the turn is slight enough that the arc would stay within it).
    /// On the right side the outline runs backwards, so `a` is the later step there.
    static func join(from a: Step, to b: Step, leftSide: Bool, into path: inout BezierPath) {
        let from = leftSide ? a.left1 : a.right0, to = leftSide ? b.left0 : b.right1
        let center = leftSide ? a.c1 : a.c0
        if from == to { return }
        // Positive when the stroke turns towards this side (the same test on both sides, `a` and `b`
        // having swapped roles on the right).
        let cross = a.tangent.cross(b.tangent)
        if cross > 0 {
            path.line(to: center)
            path.line(to: to)
            return
        }
        let turn = abs(atan2(cross, a.tangent.dot(b.tangent)))
        // Where the width changes, each side leaves its dab a little off the normal, so the arc can be
        // a little longer or shorter than the turn; one far longer would be the wrong way round.
        if turn < 0.1 || clockwiseSweep(around: center, from: from, to: to) > turn + 1 {
            path.line(to: to)
            return
        }
        arc(around: center, from: from, to: to, into: &path)
    }

    /// The clockwise (y up; counter-clockwise on a y-down page) angle from `from` to `to` about
    /// `center`, in [0, 2π): the way the whole outline winds.
    static func clockwiseSweep(around center: Point, from: Point, to: Point) -> Double {
        let a0 = atan2(from.y - center.y, from.x - center.x)
        let a1 = atan2(to.y - center.y, to.x - center.x)
        let d = (a0 - a1).truncatingRemainder(dividingBy: 2 * .pi)
        return d < 0 ? d + 2 * .pi : d
    }

    /// The circular arc about `center` from `from` to `to` (equally far from it, near enough), turning the
    /// way every piece of the outline winds (see `clockwiseSweep`), as cubics of at most a quarter turn.
    static func arc(around center: Point, from: Point, to: Point, into path: inout BezierPath) {
        let radius = center.distance(to: from)
        guard radius > 0 else { path.line(to: to); return }
        let sweep = -clockwiseSweep(around: center, from: from, to: to)
        let count = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
        let step = sweep / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4)
        var angle = atan2(from.y - center.y, from.x - center.x)
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
