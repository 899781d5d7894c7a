import QuireGeometry

/// SpiralKit's quad-curve interpolation: a quadratic from the midpoint of one pair of samples to the
/// midpoint of the next, pulled by the sample between them. Smooth and cheap, but it cuts corners: the
/// curve passes through the midpoints, not the samples. The line from the last midpoint to the newest
/// sample is provisional, so the pen never leads the ink; the stroke ends on its last sample.
public struct QuadMidpointEngine: InkDrawEngine {
    public static let identifier = "quad-midpoint"
    public var identifier: String { Self.identifier }

    public private(set) var styling: any InkStylingProvider
    public private(set) var data = InkStrokeData()
    private var inker: SegmentInker
    private var window = DabWindow()
    /// Where the committed curve ends: the last midpoint (or the first sample).
    private var committedEnd = DabWindow.empty
    private var provisional: [Sprite] = []

    public init(styling: any InkStylingProvider) {
        self.styling = styling
        inker = SegmentInker(brush: styling.brush)
    }

    public init(style: StrokeStyle, effects: [any InkEffectsEngine]) {
        self.init(styling: InkStyling(style: style, effects: effects))
    }

    public mutating func begin(_ sample: InputSample, into update: inout StrokeUpdate) {
        update.clear()
        data.removeAll()
        styling.resetEffects()
        window = DabWindow()
        provisional.removeAll(keepingCapacity: true)
        let dab = styling.dab(for: sample)
        data.append(sample)
        window.push(dab)
        committedEnd = dab
        inker.start(at: dab, into: &update.committed)
        data.commit(update.committed)
    }

    public mutating func add(_ sample: InputSample, into update: inout StrokeUpdate) {
        guard window.count > 0 else { return begin(sample, into: &update) }
        update.clear()
        data.append(sample)
        window.push(styling.dab(for: sample))
        if window.count >= 3 {
            let control = window.dabs.2
            let mid = control.interpolated(to: window.dabs.3, 0.5)
            let segment = BezierCurve(quad: committedEnd.position, control.position, mid.position)
            inker.ink(segment, from: committedEnd, to: mid, into: &update.committed)
            committedEnd = mid
        }
        data.commit(update.committed)
        provisional.removeAll(keepingCapacity: true)
        // Until the next sample, the stroke runs straight on to the newest one.
        let newest = window.dabs.3
        inker.inkProvisionally(BezierCurve(line: committedEnd.position, newest.position),
                               from: committedEnd, to: newest, into: &provisional)
        update.provisional.append(contentsOf: provisional)
    }

    public mutating func end(into update: inout StrokeUpdate) {
        update.clear()
        if window.count >= 2 {
            let newest = window.dabs.3
            inker.ink(BezierCurve(line: committedEnd.position, newest.position), from: committedEnd, to: newest,
                      into: &update.committed)
            data.commit(update.committed)
        }
        provisional.removeAll(keepingCapacity: true)
        data.strokeFinalized()
        styling.resetEffects()
        window = DabWindow()
    }

    public mutating func cancel() {
        data.removeAll()
        provisional.removeAll(keepingCapacity: true)
        styling.resetEffects()
        window = DabWindow()
    }

    public func draw(_ dirtyRect: Rect, into sprites: inout [Sprite]) {
        appendSprites(data.sprites, touching: dirtyRect, into: &sprites)
        appendSprites(provisional, touching: dirtyRect, into: &sprites)
    }
}
