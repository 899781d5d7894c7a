import Foundation
import QuireGeometry

/// Random paths for the property tests: a few elements of every kind, in a 200 × 200 box.
enum RandomPaths {
    static func point(_ rng: inout SeededRandom) -> Point { Point(rng.double(0...200), rng.double(0...200)) }

    static func open(_ rng: inout SeededRandom, elements: Int) -> BezierPath {
        var p = BezierPath()
        p.move(to: point(&rng))
        for _ in 0..<elements { append(&p, &rng) }
        return p
    }

    static func append(_ p: inout BezierPath, _ rng: inout SeededRandom) {
        switch rng.next() % 3 {
        case 0: p.line(to: point(&rng))
        case 1: p.quad(to: point(&rng), control: point(&rng))
        default: p.cubic(to: point(&rng), control1: point(&rng), control2: point(&rng))
        }
    }

    /// A simple closed shape: a star-shaped loop of curves around a centre, so it never crosses
    /// itself and its area is well defined; optionally with a smaller reversed loop inside as a hole.
    static func shape(_ rng: inout SeededRandom, elements: Int, hole: Bool) -> BezierPath {
        let center = Point(100, 100)
        var path = loop(&rng, center: center, radius: 60...95, elements: elements)
        if hole { path.append(loop(&rng, center: center, radius: 15...35, elements: max(3, elements / 2)).reversed) }
        return path
    }

    private static func loop(_ rng: inout SeededRandom, center: Point, radius: ClosedRange<Double>, elements: Int) -> BezierPath {
        let step = 2 * Double.pi / Double(elements)
        let radii = (0..<elements).map { _ in rng.double(radius) }
        func at(_ k: Int) -> Point {
            let a = Double(k % elements) * step
            return center + Point(cos(a), sin(a)) * radii[k % elements]
        }
        var path = BezierPath()
        path.move(to: at(0))
        for k in 0..<elements {
            // Controls stay within the wedge between the two spokes, so the loop stays star-shaped.
            let a0 = Double(k) * step
            let c1a = a0 + step * rng.double(0.2...0.45), c2a = a0 + step * rng.double(0.55...0.8)
            let c1 = center + Point(cos(c1a), sin(c1a)) * rng.double(radius)
            let c2 = center + Point(cos(c2a), sin(c2a)) * rng.double(radius)
            switch rng.next() % 3 {
            case 0: path.line(to: at(k + 1))
            case 1: path.quad(to: at(k + 1), control: c1)
            default: path.cubic(to: at(k + 1), control1: c1, control2: c2)
            }
        }
        path.close()
        return path
    }
}
