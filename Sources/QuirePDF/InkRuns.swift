import Foundation
import QuireGeometry
import QuireInk

/// A stroke cut where its colour or opacity as shown changes: each run is a piece of the stroke whose
/// nodes all show within `tolerance` (per channel, 0…1) of its first, filled in one colour. Averaging
/// the whole stroke would turn a marker that fades with pressure into one flat tone. What is compared is
/// the opacity the ink shows (`shownOpacity`), not the dabs' own: a marker's dabs change their alpha
/// with every change of pressure, but a dozen of them overlap at every point and the stroke shows solid
/// throughout; cut by the dabs' alpha it became a fill of its own for every step (1,350 fills for 25
/// strokes of the drill page, 63 KB of its PDF).
///
/// Each run's outline has round ends, so neighbouring runs overlap by a disc where they meet; in
/// translucent ink that disc would show darker. So translucent runs are cut square where they meet:
/// each keeps only its side of the line across the stroke at the shared node (`cuts`), and a run turns
/// less than a right angle so that line never cuts the run itself.
struct InkRun {
    /// Keep what lies on the side of the line through `point` that `direction` points to.
    struct Cut: Equatable {
        var point: Point
        var direction: Point
    }

    var ink: VectorInk
    /// The run's colour: the mean of its nodes' (straight alpha).
    var color: InkColor
    /// The mean of the opacities its nodes show.
    var opacity: Double
    /// The mean width of its nodes, in the ink's own units.
    var width: Double
    var cuts: [Cut] = []

    /// Near enough to look like one colour: about 5 of 255 levels.
    static let tolerance: Float = 0.02

    /// Shown at this opacity or more, ink hides what lies under it: its runs may overlap.
    static let opaque = 0.995

    /// The runs of `ink`; `shown` is the opacity ink of a colour and width shows at (its alpha unless
    /// told otherwise). Where some of it shows through (under `opaque`), runs are cut square where they
    /// meet.
    static func runs(of ink: VectorInk, tolerance: Float = tolerance,
                     shown: (InkColor, Double) -> Double = { color, _ in Double(color.alpha) }) -> [InkRun] {
        let count = min(ink.nodes.count, ink.centerLine.elements.count)
        guard count > 0 else { return [] }
        let opacities = ink.nodes.prefix(count).map { shown($0.color, $0.width) }
        guard count > 1 else { return [run(of: ink, from: 0, through: 0, opacities: opacities)] }
        let elements = ink.centerLine.elements
        let points = elements.prefix(count).map { endPoint(of: $0) ?? .zero }
        let cutting = opacities.contains { $0 < opaque }
        var showing = ink.nodes.prefix(count).map(\.color)
        for k in showing.indices { showing[k].alpha = Float(opacities[k]) }
        /// The direction of the step into node `k` (k ≥ 1), unit length, or nil for a step of no length.
        func chord(_ k: Int) -> Point? {
            let d = points[k] - points[k - 1], length = d.length
            return length > 0 && length.isFinite ? d / length : nil
        }
        var bounds: [Int] = [0]
        var start = 0
        var firstChord = chord(1)
        for k in 1..<count {
            let changed = differs(showing[k], showing[start], by: tolerance)
            // cos 80°: a run cut square at both ends must not turn back across either cut.
            let turned = cutting && k - 1 > start && firstChord.map { first in chord(k).map { first.dot($0) < 0.17 } ?? false } ?? false
            guard changed || turned else {
                if firstChord == nil { firstChord = chord(k) }
                continue
            }
            // A run has at least one step: a sudden change is drawn by the step across it.
            let end = max(k - 1, start + 1)
            if end > start, end < count - 1 {
                bounds.append(end)
                start = end
                firstChord = chord(end + 1)
            }
        }
        bounds.append(count - 1)
        var runs: [InkRun] = []
        for (first, last) in zip(bounds, bounds.dropFirst()) where last > first {
            var part = run(of: ink, from: first, through: last, opacities: opacities)
            if cutting {
                if first > 0, let across = direction(at: first, chord: chord) { part.cuts.append(Cut(point: points[first], direction: across)) }
                if last < count - 1, let across = direction(at: last, chord: chord) {
                    part.cuts.append(Cut(point: points[last], direction: across * -1))
                }
            }
            runs.append(part)
        }
        return runs
    }

    /// The stroke's direction at inner node `k`: between the steps into and out of it.
    private static func direction(at k: Int, chord: (Int) -> Point?) -> Point? {
        let sum = (chord(k) ?? .zero) + (chord(k + 1) ?? .zero)
        let length = sum.length
        return length > 0 ? sum / length : nil
    }

    /// Nodes `first...last` as a stroke of their own: the centre line from node `first`'s point.
    private static func run(of ink: VectorInk, from first: Int, through last: Int, opacities: [Double]) -> InkRun {
        let elements = ink.centerLine.elements
        var part: [PathElement] = [.move(to: endPoint(of: elements[first]) ?? .zero)]
        if last > first { part += elements[(first + 1)...last] }
        let nodes = Array(ink.nodes[first...last])
        let n = Float(nodes.count)
        let sum = nodes.reduce((r: Float(0), g: Float(0), b: Float(0), a: Float(0))) {
            ($0.r + $1.color.red, $0.g + $1.color.green, $0.b + $1.color.blue, $0.a + $1.color.alpha)
        }
        return InkRun(ink: VectorInk(centerLine: BezierPath(part), nodes: nodes, style: ink.style),
                      color: InkColor(red: sum.r / n, green: sum.g / n, blue: sum.b / n, alpha: sum.a / n),
                      opacity: opacities[first...last].reduce(0, +) / Double(nodes.count),
                      width: nodes.reduce(0) { $0 + $1.width } / Double(nodes.count))
    }

    private static func endPoint(of element: PathElement) -> Point? {
        switch element {
        case let .move(p), let .line(p), let .quad(_, p), let .cubic(_, _, p): p
        case .close: nil
        }
    }

    private static func differs(_ a: InkColor, _ b: InkColor, by tolerance: Float) -> Bool {
        abs(a.red - b.red) > tolerance || abs(a.green - b.green) > tolerance || abs(a.blue - b.blue) > tolerance
            || abs(a.alpha - b.alpha) > tolerance
    }

    /// The opacity the sprites reach inside the stroke: each point of it lies under about
    /// width / spacing dabs composited "over" one another, so ink of opacity a shows as 1 − (1 − a)ⁿ
    /// (a marker at 0.8 is solid but for its rim). The filled outline is given that.
    static func shownOpacity(_ alpha: Float, width: Double, brush: Brush) -> Double {
        let a = Double(min(1, max(0, alpha)))
        guard a < 1, width.isFinite, width > 0 else { return a }
        // DabWalker's step: a fraction of the width, never under its minimum spacing.
        let step = max(DabWalker().minimumSpacing, brush.spacing * width)
        let overlapping = max(1, width / step)
        return 1 - pow(1 - a, overlapping)
    }
}
