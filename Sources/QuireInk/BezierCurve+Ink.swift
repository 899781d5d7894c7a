import Foundation
import QuireGeometry

extension BezierCurve {
    /// Length of the control polygon: an upper bound on the arc length (the arc-length table's other
    /// bound is the chord).
    var controlPolygonLength: Double { p0.distance(to: p1) + p1.distance(to: p2) + p2.distance(to: p3) }

    var chordLength: Double { p0.distance(to: p3) }

    /// Direction of travel at `t` in radians, for a brush that follows the stroke; the tangent's limit
    /// where a control point sits on its end point.
    func direction(at t: Double) -> Double {
        let d = tangent(at: t)
        return atan2(d.y, d.x)
    }
}
