import QuireGeometry

/// The default engine: Shemanarev's Bezier interpolation through every sample (as JotUI), dabs spaced
/// by arc length. A segment's shape needs the samples on both sides of it, so when sample n arrives the
/// segment n−2 → n−1 is committed, and the segment n−1 → n is drawn provisionally with the newest sample
/// as its own far neighbour; the next sample replaces it. Unlike JotUI, the pen never leads the ink.
public struct ShemanarevEngine: InkDrawEngine {
    public static let identifier = "shemanarev"
    public var identifier: String { Self.identifier }

    private var stroke: InkStrokeState
    /// 0 = straight segments, 1 = round; the style's `smoothness`.
    public var smoothness: Double
    /// The last four samples' ink, oldest first; `count` of them are real.
    private var window = DabWindow()

    public init(styling: any InkStylingProvider, smoothness: Double) {
        stroke = InkStrokeState(styling: styling)
        self.smoothness = smoothness
    }

    public init(style: StrokeStyle, effects: [any InkEffectsEngine]) {
        self.init(styling: InkStyling(style: style, effects: effects), smoothness: style.smoothness)
    }

    public var styling: any InkStylingProvider { stroke.styling }
    public var data: InkStrokeData { stroke.data }

    public mutating func begin(_ sample: InputSample, into update: inout StrokeUpdate) {
        // A sample no engine may use starts nothing: the next usable one begins the stroke.
        guard let sample = sample.checkedForInk else { update.clear(); return cancel() }
        var dab = stroke.begin(sample, into: &update)
        if styling.cap == .tapered { dab.diameter = styling.minimumWidth }
        window = DabWindow()
        window.push(dab)
        stroke.start(at: dab, into: &update)
    }

    public mutating func add(_ sample: InputSample, into update: inout StrokeUpdate) {
        guard window.count > 0 else { return begin(sample, into: &update) }
        guard let sample = sample.checkedForInk else { return update.clear() }
        window.push(stroke.add(sample, into: &update))
        if window.count >= 3 {
            let (segment, a, b) = segment(endingAt: 2)
            stroke.inker.ink(segment, from: a, to: b, into: &update.committed)
        }
        stroke.commit(update)
        let (segment, a, b) = segment(endingAt: 3)
        stroke.showProvisionally(segment, from: a, to: b, into: &update)
    }

    public mutating func end(into update: inout StrokeUpdate) {
        update.clear()
        if window.count >= 2 {
            if styling.cap == .tapered { window.dabs.3.diameter = styling.minimumWidth }
            let (segment, a, b) = segment(endingAt: 3)
            stroke.inker.ink(segment, from: a, to: b, into: &update.committed)
            stroke.commit(update)
        }
        stroke.finish()
        window = DabWindow()
    }

    public mutating func skipProvisionalInk(_ skip: Bool) {
        stroke.inker.skipsProvisional = skip
    }

    public mutating func cancel() {
        stroke.cancel()
        window = DabWindow()
    }

    public func draw(_ dirtyRect: Rect, into sprites: inout [Sprite]) {
        stroke.draw(dirtyRect, into: &sprites)
    }

    /// The Shemanarev curves the sprites were walked along.
    public mutating func vectorInk(for samples: [InputSample], style: StrokeStyle) -> VectorInk {
        recordingCenterLine(of: samples, style: style, inker: \.stroke.inker)
    }

    /// The segment from window slot `end − 1` to slot `end` with its end states; missing neighbours (at
    /// the stroke's start, or past the newest sample) are the end points themselves.
    @inline(__always)
    private func segment(endingAt end: Int) -> (BezierCurve, DabPoint, DabPoint) {
        let w = window.dabs
        let a = end == 3 ? w.2 : w.1, b = end == 3 ? w.3 : w.2
        let hasBefore = window.count >= (end == 3 ? 3 : 4)
        let before = hasBefore ? (end == 3 ? w.1 : w.0) : a
        let after = end == 3 ? b : w.3
        let segment = ShemanarevSmoothing.segment(before.position, a.position, b.position, after.position,
                                                  smoothness: smoothness)
        return (segment, a, b)
    }
}

/// The last four dabs of a stroke, oldest first, without an array (no allocation, no bounds checks).
struct DabWindow: Sendable {
    static let empty = DabPoint(position: .zero, diameter: 0, color: .black)
    var dabs: (DabPoint, DabPoint, DabPoint, DabPoint) = (empty, empty, empty, empty)
    /// Samples seen so far this stroke (the window holds the last min(count, 4)).
    var count = 0

    mutating func push(_ dab: DabPoint) {
        dabs = (dabs.1, dabs.2, dabs.3, dab)
        count += 1
    }
}
