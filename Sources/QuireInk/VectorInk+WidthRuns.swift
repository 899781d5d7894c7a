import Foundation
import QuireGeometry

extension VectorInk {
    /// A piece of the centre line along which the ink's width stays close to one `width`: stroked at
    /// that width with round caps and joins, it covers what the dabs along it cover.
    public struct WidthRun: Equatable, Sendable {
        public var width: Double
        /// At least two; the first is the previous run's last.
        public var points: [Point]
    }

    /// The ink as stroked lines rather than a filled outline, for PDF and SVG: the centre line flattened
    /// within half of `tolerance`, and cut into runs whose widths span at most twice `tolerance` (a step
    /// whose width changes faster is cut into shorter steps), each stroked at the middle of its span, so
    /// half a width, the radius, is never more than half of `tolerance` off. Stroking a polyline with
    /// round joins sweeps one disc along it, which is what the dabs of round ink do, so the shape is
    /// right to within `tolerance`, with a point per step where the filled outline needs three or more.
    /// (Thinning the points further within the same budget saved under a tenth: handwriting's samples
    /// already lie about a step apart.) Neighbouring runs share a point and their round ends overlap
    /// there: only for opaque ink.
    ///
    /// Empty for an empty stroke, and for one that draws no length (a single dab: its outline is a circle).
    public func widthRuns(tolerance: Double = 0.1) -> [WidthRun] {
        let tolerance = tolerance > 0 && tolerance.isFinite ? tolerance : 0.1
        guard let start, let first = nodes.first else { return [] }
        var points = [start]
        var widths = [Self.radius(first) * 2]
        func add(_ point: Point, width: Double) {
            guard point != points[points.count - 1] else {
                // No length: the wider width of the two stands (the dab there is that wide).
                widths[widths.count - 1] = max(widths[widths.count - 1], width)
                return
            }
            // A width that changes by more than the tolerance within one step is met in shorter steps.
            let from = points[points.count - 1], fromWidth = widths[widths.count - 1]
            let pieces = Int(min(256, max(1, (abs(width - fromWidth) / (2 * tolerance)).rounded(.up))))
            for k in 1...pieces {
                let u = Double(k) / Double(pieces)
                points.append(k == pieces ? point : from + (point - from) * u)
                widths.append(fromWidth + (width - fromWidth) * u)
            }
        }
        for (i, curve) in curves.enumerated() where i + 1 < nodes.count {
            let r0 = Self.radius(nodes[i]), r1 = Self.radius(nodes[i + 1])
            let length = curve.arcLength
            guard length > 0, length.isFinite else {
                add(curve.p3, width: 2 * r1)
                continue
            }
            let chord = curve.p3 - curve.p0, chordLength = chord.length
            let bend = chordLength > 0
                ? max(abs(chord.cross(curve.p1 - curve.p0)), abs(chord.cross(curve.p2 - curve.p0))) / chordLength
                : max(curve.p1.distance(to: curve.p0), curve.p2.distance(to: curve.p0))
            // Steps within tolerance / 2 of the curve (a cubic's chord strays at most ¾ of its bend, and
            // that falls with the square of the steps).
            let count = Int(min(64, max(1, (1.5 * bend / tolerance).squareRoot().rounded(.up))))
            for k in 1...count {
                let t = Double(k) / Double(count)
                let radius = k == count ? r1 : r0 + (r1 - r0) * curve.arcLength(to: t) / length
                add(k == count ? curve.p3 : curve.point(at: t), width: 2 * radius)
            }
        }
        guard points.count > 1 else { return [] }
        var runs: [WidthRun] = []
        var begin = 0
        var low = widths[0], high = widths[0]
        for k in 1..<points.count {
            let nextLow = min(low, widths[k]), nextHigh = max(high, widths[k])
            if nextHigh - nextLow > 2 * tolerance, k - 1 > begin {
                runs.append(WidthRun(width: (low + high) / 2, points: Array(points[begin...(k - 1)])))
                begin = k - 1
                low = min(widths[k - 1], widths[k])
                high = max(widths[k - 1], widths[k])
            } else {
                low = nextLow
                high = nextHigh
            }
        }
        runs.append(WidthRun(width: (low + high) / 2, points: Array(points[begin...])))
        return runs
    }
}
