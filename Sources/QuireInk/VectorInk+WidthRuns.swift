import Foundation
import QuireGeometry

extension VectorInk {
    /// A piece of the centre line along which the ink's width stays close to one `width`: stroked at
    /// that width with round caps and joins, it covers what the dabs along it cover.
    public struct WidthRun: Equatable, Sendable {
        public var width: Double
        /// Lines and cubics end to end, at least one; the first starts where the previous run's last ends.
        public var pieces: [BezierCurve]

        public init(width: Double, pieces: [BezierCurve]) {
            self.width = width
            self.pieces = pieces
        }
    }

    /// The ink as stroked curves rather than a filled outline, for PDF and SVG. The centre line is
    /// walked in steps within a twentieth of `tolerance` of it, cut into runs whose widths span little
    /// enough, and each run's steps are fitted with as few lines and cubics as stay within a quarter of
    /// `tolerance` of the steps' points (and a twentieth more of the steps: `CurveFit`), stroked at the
    /// middle of the run's span. So the stroked path is within 7/20 of `tolerance` of the centre line
    /// and its half width, the radius, within the other 13/20 of the dabs': the edge is right to within
    /// `tolerance`. (On the benchmark's handwriting that split gives the fewest numbers to print: a
    /// tighter fit takes more pieces, a looser one more runs.) Stroking with round joins sweeps one disc
    /// along the path, which is what the dabs of round ink do.
    ///
    /// Most of the budget goes to the width because that is what cuts runs: a run costs a width, a
    /// move and a stroke of its own, while a cubic covers many steps of smooth handwriting (six numbers
    /// where each step's line took two). Neighbouring runs share a point and their round ends overlap
    /// there: only for opaque ink.
    ///
    /// Empty for an empty stroke, and for one that draws no length (a single dab: its outline is a circle).
    public func widthRuns(tolerance: Double = 0.1) -> [WidthRun] {
        let tolerance = tolerance > 0 && tolerance.isFinite ? tolerance : 0.1
        let stepTolerance = tolerance / 20, fitTolerance = tolerance / 4
        // The radius may be off by a quarter of a run's width span; the path by the fit's allowance
        // beside a step, and the step's own from the centre line.
        let widthSpan = 4 * (tolerance - fitTolerance - 2 * stepTolerance)
        let curves = curves
        guard let start, let first = nodes.first else { return [] }
        var points = [start]
        var widths = [Self.radius(first) * 2]
        // Directions of travel, of any length (`CurveFit` takes their direction where it uses one).
        var tangents = [curves.first.map { $0.tangent(at: 0) } ?? .zero]
        func add(_ point: Point, width: Double, tangent: Point) {
            guard point != points[points.count - 1] else {
                // No length: the wider width of the two stands (the dab there is that wide).
                widths[widths.count - 1] = max(widths[widths.count - 1], width)
                return
            }
            // A width that changes by more than half a run's span within one step is met in shorter steps.
            let from = points[points.count - 1], fromWidth = widths[widths.count - 1]
            let pieces = Int(min(256, max(1, (2 * abs(width - fromWidth) / widthSpan).rounded(.up))))
            let along = point - from
            for k in 1...pieces {
                let u = Double(k) / Double(pieces)
                points.append(k == pieces ? point : from + (point - from) * u)
                widths.append(fromWidth + (width - fromWidth) * u)
                tangents.append(k == pieces ? tangent : along)
            }
        }
        var steps: [(point: Point, length: Double, tangent: Point)] = []
        for (i, curve) in curves.enumerated() where i + 1 < nodes.count {
            let r0 = Self.radius(nodes[i]), r1 = Self.radius(nodes[i + 1])
            let chord = curve.p3 - curve.p0, chordLength = chord.length
            let bend = chordLength > 0
                ? max(abs(chord.cross(curve.p1 - curve.p0)), abs(chord.cross(curve.p2 - curve.p0))) / chordLength
                : max(curve.p1.distance(to: curve.p0), curve.p2.distance(to: curve.p0))
            // Steps within the step tolerance of the curve (a cubic's chord strays at most ¾ of its
            // bend, and that falls with the square of the steps).
            let count = Int(min(64, max(1, (1.5 * bend / stepTolerance).squareRoot().rounded(.up))))
            // The radius follows the length walked, measured along the steps (within a hair of the arc).
            steps.removeAll(keepingCapacity: true)
            var walked = 0.0, previous = curve.p0
            for k in 1...count {
                let t = Double(k) / Double(count)
                let point = k == count ? curve.p3 : curve.point(at: t)
                walked += point.distance(to: previous)
                previous = point
                steps.append((point, walked, curve.derivative(at: t)))
            }
            guard walked > 0, walked.isFinite else {
                add(curve.p3, width: 2 * r1, tangent: tangents[tangents.count - 1])
                continue
            }
            for (k, step) in steps.enumerated() {
                let radius = k == count - 1 ? r1 : r0 + (r1 - r0) * step.length / walked
                add(step.point, width: 2 * radius, tangent: step.tangent)
            }
        }
        guard points.count > 1 else { return [] }
        var runs: [WidthRun] = []
        func close(_ begin: Int, _ end: Int, low: Double, high: Double) {
            let pieces = CurveFit.fit(Array(points[begin...end]), tangents: Array(tangents[begin...end]), tolerance: fitTolerance, stepTolerance: stepTolerance)
            runs.append(WidthRun(width: (low + high) / 2, pieces: pieces))
        }
        var begin = 0
        var low = widths[0], high = widths[0]
        for k in 1..<points.count {
            let nextLow = min(low, widths[k]), nextHigh = max(high, widths[k])
            if nextHigh - nextLow > widthSpan, k - 1 > begin {
                close(begin, k - 1, low: low, high: high)
                begin = k - 1
                low = min(widths[k - 1], widths[k])
                high = max(widths[k - 1], widths[k])
            } else {
                low = nextLow
                high = nextHigh
            }
        }
        close(begin, points.count - 1, low: low, high: high)
        return runs
    }
}
