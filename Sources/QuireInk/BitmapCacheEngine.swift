import QuireGeometry

/// A cache-based engine, the SpiralKit way: it draws like the Shemanarev engine, and also stamps each
/// committed sprite into its data provider's bitmap (the stroke's own layer, see `InkBitmap`), so a
/// redraw of the stroke is one bitmap instead of all its sprites. `draw(_:into:)` therefore hands back
/// only the provisional sprites; the committed ink is in `data.cacheBitmap`.
public struct BitmapCacheEngine: InkDrawEngine {
    public static let identifier = "bitmap-cache"
    public var identifier: String { Self.identifier }

    private var curve: ShemanarevEngine
    public private(set) var data = InkCacheData()
    private var provisional: [Sprite] = []

    public init(style: StrokeStyle, effects: [any InkEffectsEngine]) {
        curve = ShemanarevEngine(style: style, effects: effects)
    }

    public var styling: any InkStylingProvider { curve.styling }

    /// The layer combines by maximum coverage for highlighter and eraser (a mask, applied by blend mode
    /// when composited) and source-over for ordinary ink.
    private var combine: InkBitmap.Combine { curve.renderStyle.blendMode == .normal ? .over : .maximum }

    public mutating func begin(_ sample: InputSample, into update: inout StrokeUpdate) {
        data.removeAll()
        curve.begin(sample, into: &update)
        cache(update)
    }

    public mutating func add(_ sample: InputSample, into update: inout StrokeUpdate) {
        curve.add(sample, into: &update)
        cache(update)
    }

    public mutating func end(into update: inout StrokeUpdate) {
        curve.end(into: &update)
        cache(update)
        data.strokeFinalized()
    }

    public mutating func cancel() {
        curve.cancel()
        data.removeAll()
        provisional.removeAll(keepingCapacity: true)
    }

    public func draw(_ dirtyRect: Rect, into sprites: inout [Sprite]) {
        appendSprites(provisional, touching: dirtyRect, into: &sprites)
    }

    /// The Shemanarev engine's curves (the bitmap is only a cache of the same sprites).
    public mutating func vectorInk(for samples: [InputSample], style: StrokeStyle) -> VectorInk {
        curve.vectorInk(for: samples, style: style)
    }

    private mutating func cache(_ update: StrokeUpdate) {
        for sample in curve.data.samples.dropFirst(data.samples.count) { data.append(sample) }
        data.commit(update.committed)
        let combine = combine
        for s in update.committed { data.cacheBitmap.stamp(s, combine: combine) }
        provisional.removeAll(keepingCapacity: true)
        provisional.append(contentsOf: update.provisional)
    }
}
