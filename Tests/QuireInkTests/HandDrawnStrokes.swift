import Foundation
import QuireGeometry

/// Strokes as a hand draws shapes: corners rounded, sides wavering slowly, each point a little off, the
/// pen's steps uneven, a loop's end short of its start or past it. Seeded, so a failure repeats.
struct HandDrawnStrokes {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    /// 0..<1.
    mutating func random() -> Double {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Double(state >> 11) / Double(1 << 53)
    }

    mutating func random(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * random()
    }

    /// Through `corners` in order (back to the first when `closed`), corners rounded by `rounding` of the
    /// shape's size, wobbling by `wobble` of it; a closed one ends `closing` × its size past its start
    /// (negative: short of it).
    mutating func polyline(_ corners: [Point], closed: Bool, rounding: Double = 0.06, wobble: Double = 0.012,
                           closing: Double = 0) -> [Point] {
        let size = Self.size(of: corners)
        let route = closed ? corners + [corners[0]] : corners
        // Rounded corners: each inner corner replaced by a quadratic curve from `r` before to `r` after it.
        var smooth: [Point] = [route[0]]
        let r = rounding * size
        for i in 1..<(route.count - 1) {
            let a = route[i - 1], c = route[i], b = route[i + 1]
            let inward = min(r, 0.4 * a.distance(to: c)), outward = min(r, 0.4 * c.distance(to: b))
            let p0 = c + (a - c).normalized * inward, p2 = c + (b - c).normalized * outward
            for k in 0...8 {
                let t = Double(k) / 8
                smooth.append(p0 * ((1 - t) * (1 - t)) + c * (2 * (1 - t) * t) + p2 * (t * t))
            }
        }
        smooth.append(route[route.count - 1])
        if closed && closing > 0 {
            // Past the start, on along the first side.
            smooth.append(corners[0] + (corners[1] - corners[0]).normalized * (closing * size))
        } else if closed && closing < 0 {
            smooth = Self.cut(smooth, at: Self.length(of: smooth) + closing * size)
        }
        return wavering(smooth, size: size, wobble: wobble)
    }

    /// An ellipse (a circle when the radii are equal) turned by `angle`, from `start` radians round
    /// `turns` times (1: once; a little more or less leaves an overshoot or a gap).
    mutating func ellipse(centre: Point, radii: Point, angle: Double, start: Double = 0, turns: Double = 1.04,
                          wobble: Double = 0.012) -> [Point] {
        let along = Point(cos(angle), sin(angle)), across = along.perpendicular
        let steps = 240
        let points = (0...steps).map { k -> Point in
            let t = start + turns * 2 * .pi * Double(k) / Double(steps)
            return centre + along * (radii.x * cos(t)) + across * (radii.y * sin(t))
        }
        return wavering(points, size: Self.size(of: points), wobble: wobble)
    }

    /// The route walked at uneven steps (1.5–5 px), each point pushed sideways by a slow wave of
    /// `wobble` × `size` and a jitter of a third of a pixel.
    mutating func wavering(_ route: [Point], size: Double, wobble: Double) -> [Point] {
        let phase1 = random(0...(2 * .pi)), phase2 = random(0...(2 * .pi))
        let wave1 = random(2.5...4.5), wave2 = random(6...9)
        let total = Self.length(of: route)
        var out: [Point] = []
        var travelled = 0.0, next = 0.0
        for (a, b) in zip(route, route.dropFirst()) {
            let segment = a.distance(to: b)
            guard segment > 0 else { continue }
            let normal = (b - a).normalized.perpendicular
            while next <= travelled + segment {
                let along = next / max(total, 1)
                let offset = wobble * size * (0.6 * sin(2 * .pi * wave1 * along + phase1) + 0.4 * sin(2 * .pi * wave2 * along + phase2))
                let jitter = Point(random(-0.33...0.33), random(-0.33...0.33))
                out.append(a.lerp(to: b, (next - travelled) / segment) + normal * offset + jitter)
                next += random(1.5...5)
            }
            travelled += segment
        }
        out.append(route[route.count - 1])
        return out
    }

    static func size(of points: [Point]) -> Double {
        let box = points.reduce(Rect.null) { $0.union($1) }
        return (box.width * box.width + box.height * box.height).squareRoot()
    }

    static func length(of points: [Point]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }

    /// The route's first `distance` of length.
    static func cut(_ route: [Point], at distance: Double) -> [Point] {
        var out = [route[0]], travelled = 0.0
        for (a, b) in zip(route, route.dropFirst()) {
            let segment = a.distance(to: b)
            if travelled + segment >= distance {
                out.append(a.lerp(to: b, segment > 0 ? (distance - travelled) / segment : 0))
                return out
            }
            out.append(b)
            travelled += segment
        }
        return out
    }
}
