import QuireGeometry

/// The bookkeeping every curve engine shares, held once: the styling that inks each sample, the segment
/// inker, the stroke data (samples and committed sprites) and the provisional sprites, with the
/// begin/commit/end/cancel/draw steps that keep them in step. An engine keeps only its own curve state
/// (its window of samples, its smoothing) and calls these. Public so an engine from outside the module
/// can do the same.
public struct InkStrokeState: Sendable {
    public var styling: any InkStylingProvider
    public var inker: SegmentInker
    public private(set) var data = InkStrokeData()
    /// The sprites drawn provisionally since the last sample; replaced with each sample.
    public private(set) var provisional: [Sprite] = []

    public init(styling: any InkStylingProvider) {
        self.styling = styling
        inker = SegmentInker(brush: styling.brush)
    }

    /// Forgets any stroke and styles the first sample of a new one; the caller may adjust the dab before
    /// `start(at:into:)` draws it.
    public mutating func begin(_ sample: InputSample, into update: inout StrokeUpdate) -> DabPoint {
        update.clear()
        data.removeAll()
        provisional.removeAll(keepingCapacity: true)
        styling.resetEffects()
        data.append(sample)
        return styling.dab(for: sample)
    }

    /// The stroke's first dab, committed.
    public mutating func start(at dab: DabPoint, into update: inout StrokeUpdate) {
        inker.start(at: dab, into: &update.committed)
        data.commit(update.committed)
    }

    /// Takes the next sample and returns its ink; `update` is emptied for what the engine draws next.
    public mutating func add(_ sample: InputSample, into update: inout StrokeUpdate) -> DabPoint {
        update.clear()
        data.append(sample)
        return styling.dab(for: sample)
    }

    /// Keeps what the engine put in `update.committed` as final.
    public mutating func commit(_ update: StrokeUpdate) {
        data.commit(update.committed)
    }

    /// Draws `segment` provisionally (the spacing state is left as it was) in place of the last
    /// provisional sprites, and hands them out in `update`.
    public mutating func showProvisionally(_ segment: BezierCurve, from a: DabPoint, to b: DabPoint,
                                           into update: inout StrokeUpdate) {
        provisional.removeAll(keepingCapacity: true)
        inker.inkProvisionally(segment, from: a, to: b, into: &provisional)
        update.provisional.append(contentsOf: provisional)
    }

    /// Remembers `sprites` as the provisional set (an engine that redraws everything provisionally).
    public mutating func showProvisionally(_ sprites: [Sprite]) {
        provisional.removeAll(keepingCapacity: true)
        provisional.append(contentsOf: sprites)
    }

    /// The stroke is complete (its last sprites already committed).
    public mutating func finish() {
        provisional.removeAll(keepingCapacity: true)
        data.strokeFinalized()
        styling.resetEffects()
    }

    public mutating func cancel() {
        data.removeAll()
        provisional.removeAll(keepingCapacity: true)
        styling.resetEffects()
    }

    /// Committed, then provisional sprites that touch `dirtyRect`.
    public func draw(_ dirtyRect: Rect, into sprites: inout [Sprite]) {
        appendSprites(data.sprites, touching: dirtyRect, into: &sprites)
        appendSprites(provisional, touching: dirtyRect, into: &sprites)
    }
}
