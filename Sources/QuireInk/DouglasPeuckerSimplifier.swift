import QuireGeometry

/// Douglas–Peucker polyline simplification: keeps the end points, then recursively the point furthest
/// from the chord while it is further than `tolerance`. Iterative with reusable buffers, so simplifying
/// the whole stroke on every sample allocates nothing once the buffers have grown.
public struct DouglasPeuckerSimplifier: Sendable {
    public var tolerance: Double
    private var keep: [Bool] = []
    private var stack: [(Int, Int)] = []

    public init(tolerance: Double) {
        self.tolerance = tolerance
    }

    /// Indices of the points kept, ascending, into `kept` (cleared first).
    public mutating func simplify(_ points: [Point], into kept: inout [Int]) {
        kept.removeAll(keepingCapacity: true)
        guard points.count > 2 else {
            kept.append(contentsOf: points.indices)
            return
        }
        keep.removeAll(keepingCapacity: true)
        keep.append(contentsOf: repeatElement(false, count: points.count))
        keep[0] = true
        keep[points.count - 1] = true
        stack.removeAll(keepingCapacity: true)
        stack.append((0, points.count - 1))
        let toleranceSquared = tolerance * tolerance
        while let (first, last) = stack.popLast() {
            guard last - first > 1 else { continue }
            let a = points[first], chord = points[last] - a
            let chordSquared = chord.lengthSquared
            var furthest = first, furthestSquared = -1.0
            for i in (first + 1)..<last {
                let v = points[i] - a
                // Squared distance to the chord's line, or to `a` when the chord is a point.
                let d = chordSquared > 0 ? (chord.cross(v) * chord.cross(v)) / chordSquared : v.lengthSquared
                if d > furthestSquared { furthestSquared = d; furthest = i }
            }
            if furthestSquared > toleranceSquared {
                keep[furthest] = true
                stack.append((furthest, last))
                stack.append((first, furthest))
            }
        }
        for i in points.indices where keep[i] { kept.append(i) }
    }
}
