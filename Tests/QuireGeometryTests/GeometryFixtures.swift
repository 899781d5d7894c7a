import Foundation
import QuireGeometry

enum GeometryFixtures {
    /// A closed loop of cubics whose radius wobbles sinusoidally, tangent-continuous.
    static func wobblyLoop(center: Point, radius: Double, elements: Int, waves: Int, amplitude: Double) -> BezierPath {
        func point(_ a: Double) -> Point {
            let r = radius + amplitude * sin(Double(waves) * a)
            return center + Point(cos(a), sin(a)) * r
        }
        func velocity(_ a: Double) -> Point {
            let r = radius + amplitude * sin(Double(waves) * a)
            let dr = amplitude * Double(waves) * cos(Double(waves) * a)
            return Point(cos(a), sin(a)) * dr + Point(-sin(a), cos(a)) * r
        }
        let step = 2 * Double.pi / Double(elements)
        var path = BezierPath()
        path.move(to: point(0))
        for k in 0..<elements {
            let a0 = Double(k) * step, a1 = a0 + step
            path.cubic(to: k == elements - 1 ? point(0) : point(a1), control1: point(a0) + velocity(a0) * (step / 3), control2: point(a1) - velocity(a1) * (step / 3))
        }
        path.close()
        return path
    }

    /// An open wavy stroke of cubics from one point to another.
    static func scissorsStroke(from start: Point, to end: Point, elements: Int, amplitude: Double) -> BezierPath {
        let along = end - start, normal = along.normalized.perpendicular
        func point(_ s: Double) -> Point { start + along * s + normal * (amplitude * sin(9 * s)) }
        func velocity(_ s: Double) -> Point { along + normal * (amplitude * 9 * cos(9 * s)) }
        var path = BezierPath()
        path.move(to: start)
        let step = 1 / Double(elements)
        for k in 0..<elements {
            let s0 = Double(k) * step, s1 = s0 + step
            path.cubic(to: point(s1), control1: point(s0) + velocity(s0) * (step / 3), control2: point(s1) - velocity(s1) * (step / 3))
        }
        return path
    }

    static func edges(_ points: [Point], closed: Bool) -> [(Point, Point)] {
        var e = zip(points, points.dropFirst()).map { ($0, $1) }
        if closed, let f = points.first, let l = points.last, f != l { e.append((l, f)) }
        return e
    }

    /// Every pair of polyline edges tested for a proper crossing.
    static func bruteForceCrossings(_ a: [(Point, Point)], _ b: [(Point, Point)]) -> Int {
        var n = 0
        for (p, q) in a {
            let d = q - p
            for (r, s) in b {
                let e = s - r
                let den = d.cross(e)
                if den == 0 { continue }
                let t = (r - p).cross(e) / den, u = (r - p).cross(d) / den
                if t >= 0 && t < 1 && u >= 0 && u < 1 { n += 1 }
            }
        }
        return n
    }
}
