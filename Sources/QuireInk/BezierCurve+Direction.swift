import Foundation
import QuireGeometry

extension BezierCurve {
    /// Direction of travel at `t` in radians, for a brush that follows the stroke; the tangent's limit
    /// where a control point sits on its end point.
    func direction(at t: Double) -> Double {
        let d = tangent(at: t)
        return atan2(d.y, d.x)
    }
}
