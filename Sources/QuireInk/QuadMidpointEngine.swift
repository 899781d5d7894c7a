import QuireGeometry

/// SpiralKit's quad-curve interpolation: a quadratic from the midpoint of one pair of samples to the
/// midpoint of the next, pulled by the sample between them. Smooth and cheap, but it cuts corners: the
/// curve passes through the midpoints, not the samples. The line from the last midpoint to the newest
/// sample is provisional, so the pen never leads the ink; the stroke ends on its last sample.
public struct QuadMidpointEngine: InkDrawEngine {
    public static let identifier = "quad-midpoint"
    public var identifier: String { Self.identifier }

    private var stroke: InkStrokeState
    private var window = DabWindow()
    /// Where the committed curve ends: the last midpoint (or the first sample).
    private var committedEnd = DabWindow.empty

    public init(styling: any InkStylingProvider) {
        stroke = InkStrokeState(styling: styling)
    }

    public init(style: StrokeStyle, effects: [any InkEffectsEngine]) {
        self.init(styling: InkStyling(style: style, effects: effects))
    }

    public var styling: any InkStylingProvider { stroke.styling }
    public var data: InkStrokeData { stroke.data }

    public mutating func begin(_ sample: InputSample, into update: inout StrokeUpdate) {
        // A sample no engine may use starts nothing: the next usable one begins the stroke.
        guard let sample = sample.checkedForInk else { update.clear(); return cancel() }
        let dab = stroke.begin(sample, into: &update)
        window = DabWindow()
        window.push(dab)
        committedEnd = dab
        stroke.start(at: dab, into: &update)
    }

    public mutating func add(_ sample: InputSample, into update: inout StrokeUpdate) {
        guard window.count > 0 else { return begin(sample, into: &update) }
        guard let sample = sample.checkedForInk else { return update.clear() }
        window.push(stroke.add(sample, into: &update))
        if window.count >= 3 {
            let control = window.dabs.2
            let mid = control.interpolated(to: window.dabs.3, 0.5)
            let segment = BezierCurve(quad: committedEnd.position, control.position, mid.position)
            stroke.inker.ink(segment, from: committedEnd, to: mid, into: &update.committed)
            committedEnd = mid
        }
        stroke.commit(update)
        // Until the next sample, the stroke runs straight on to the newest one.
        let newest = window.dabs.3
        stroke.showProvisionally(BezierCurve(line: committedEnd.position, newest.position),
                                 from: committedEnd, to: newest, into: &update)
    }

    public mutating func end(into update: inout StrokeUpdate) {
        update.clear()
        if window.count >= 2 {
            let newest = window.dabs.3
            stroke.inker.ink(BezierCurve(line: committedEnd.position, newest.position), from: committedEnd,
                             to: newest, into: &update.committed)
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

    /// The quadratics (raised to cubics) and the closing line the sprites were walked along.
    public mutating func vectorInk(for samples: [InputSample], style: StrokeStyle) -> VectorInk {
        recordingCenterLine(of: samples, style: style, inker: \.stroke.inker)
    }
}
