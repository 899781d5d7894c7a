import Foundation

/// SVG's elliptical arc command as cubic Beziers (the endpoint-to-centre conversion of the SVG
/// specification, appendix B.2.4, then one cubic per quarter turn or less).
enum SVGArc {
    static func cubics(from p0: Point, to p1: Point, rx: Double, ry: Double, degrees: Double, largeArc: Bool, sweep: Bool) -> [PathElement] {
        var rx = abs(rx), ry = abs(ry)
        if p0 == p1 { return [] }
        if rx == 0 || ry == 0 { return [.line(to: p1)] }
        let phi = degrees * .pi / 180
        let (cosPhi, sinPhi) = (cos(phi), sin(phi))
        let dx = (p0.x - p1.x) / 2, dy = (p0.y - p1.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        // Radii too small to reach are scaled up just enough (the specification's correction).
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coef = den > 0 ? (max(0, num) / den).squareRoot() : 0
        if largeArc == sweep { coef = -coef }
        let cx1 = coef * rx * y1 / ry, cy1 = -coef * ry * x1 / rx
        let center = Point(cosPhi * cx1 - sinPhi * cy1 + (p0.x + p1.x) / 2, sinPhi * cx1 + cosPhi * cy1 + (p0.y + p1.y) / 2)
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double { atan2(ux * vy - uy * vx, ux * vx + uy * vy) }
        let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep && delta > 0 { delta -= 2 * .pi } else if sweep && delta < 0 { delta += 2 * .pi }

        let pieces = max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        func onEllipse(_ a: Double) -> Point {
            Point(center.x + rx * cos(a) * cosPhi - ry * sin(a) * sinPhi, center.y + rx * cos(a) * sinPhi + ry * sin(a) * cosPhi)
        }
        func derivative(_ a: Double) -> Point {
            Point(-rx * sin(a) * cosPhi - ry * cos(a) * sinPhi, -rx * sin(a) * sinPhi + ry * cos(a) * cosPhi)
        }
        var out: [PathElement] = []
        for n in 0..<pieces {
            let a0 = theta1 + step * Double(n), a1 = a0 + step
            let start = onEllipse(a0), end = n == pieces - 1 ? p1 : onEllipse(a1)
            out.append(.cubic(control1: start + derivative(a0) * k, control2: onEllipse(a1) - derivative(a1) * k, to: end))
        }
        return out
    }
}
