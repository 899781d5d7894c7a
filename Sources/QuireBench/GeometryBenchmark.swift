import Foundation
import QuireGeometry

/// What the scissors tool costs: intersecting two long curvy paths, and one cut through a detailed
/// shape with holes. The baseline intersects the same paths flattened to polylines, pair by pair.
let geometryBenchmark = Benchmark(name: "geometry", summary: "path intersections and a scissors cut (release build)") { context in
    let a = GeometryFixtures.wobblyLoop(center: Point(500, 500), radius: 300, elements: 500, waves: 23, amplitude: 40)
    let b = GeometryFixtures.wobblyLoop(center: Point(520, 490), radius: 310, elements: 500, waves: 31, amplitude: 45)
    var found = 0
    let ours = bestTime { found = a.intersections(with: b).count }
    var brute = 0
    let flatA = a.flattened(tolerance: 0.01).flatMap { GeometryFixtures.edges($0.points, closed: $0.isClosed) }
    let flatB = b.flattened(tolerance: 0.01).flatMap { GeometryFixtures.edges($0.points, closed: $0.isClosed) }
    let baseline = bestTime(minimumSeconds: 0.2, maximumRuns: 5) { brute = GeometryFixtures.bruteForceCrossings(flatA, flatB) }
    context.report("intersections, 500 × 500 elements", ours * 1000, "ms", target: "≤ 5 ms")
    context.report("  intersections found", Double(found), "")
    context.report("  baseline: flattened polylines, all pairs", baseline * 1000, "ms")
    context.report("  baseline segments \(flatA.count) × \(flatB.count), crossings", Double(brute), "")
    context.report("  baseline / ours", baseline / ours, "×")

    var shape = GeometryFixtures.wobblyLoop(center: Point(500, 500), radius: 400, elements: 700, waves: 17, amplitude: 20)
    for (k, c) in [Point(350, 450), Point(620, 400), Point(520, 650)].enumerated() {
        shape.append(GeometryFixtures.wobblyLoop(center: c, radius: 60 + 10 * Double(k), elements: 100, waves: 7, amplitude: 5).reversed)
    }
    let scissors = GeometryFixtures.scissorsStroke(from: Point(50, 520), to: Point(950, 480), elements: 24, amplitude: 120)
    var pieces = 0
    let cut = bestTime { pieces = shape.uniqueShapes(slicedBy: scissors).shapes.count }
    context.report("scissors cut, 1,000-element shape, 3 holes", cut * 1000, "ms", target: "≤ 5 ms")
    context.report("  sub-shapes", Double(pieces), "")
}

/// Deterministic test shapes for the benchmark.
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
