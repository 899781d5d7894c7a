import QuireGeometry

/// A data provider, the SpiralKit way: where an engine keeps the stroke it is drawing. Stroke-based
/// providers keep samples and sprites; cache-based ones (`InkCacheDataProvider`) also keep a bitmap.
public protocol InkStrokeDataProvider: Sendable {
    /// The samples of the stroke being drawn, in order.
    var samples: [InputSample] { get }
    /// The committed (final) sprites of the stroke being drawn.
    var sprites: [Sprite] { get }
    /// Bounds of the committed sprites (their full diameters), or `.null`.
    var bounds: Rect { get }
    mutating func append(_ sample: InputSample)
    mutating func commit(_ sprites: [Sprite])
    /// The stroke is complete; the provider may compact or hand it on.
    mutating func strokeFinalized()
    /// Forgets the stroke (a new one begins, or it was cancelled).
    mutating func removeAll()
}

/// A provider that also keeps a bitmap of the committed ink: the stroke's own layer, to be composited
/// by the renderer, or drawn from instead of re-stamping thousands of sprites.
public protocol InkCacheDataProvider: InkStrokeDataProvider {
    var cacheBitmap: InkBitmap { get set }
}

/// The built-in stroke data: samples and sprites in arrays that keep their capacity between strokes.
public struct InkStrokeData: InkStrokeDataProvider {
    public private(set) var samples: [InputSample] = []
    public private(set) var sprites: [Sprite] = []
    public private(set) var bounds: Rect = .null

    public init() {}

    public mutating func append(_ sample: InputSample) { samples.append(sample) }

    public mutating func commit(_ sprites: [Sprite]) {
        guard !sprites.isEmpty else { return }
        self.sprites.append(contentsOf: sprites)
        // Min/max over plain Floats: this runs for every sprite, and Rect unions would dominate it.
        var x0 = Float.infinity, y0 = Float.infinity, x1 = -Float.infinity, y1 = -Float.infinity
        for s in sprites {
            let r = s.diameter / 2
            x0 = min(x0, s.x - r); y0 = min(y0, s.y - r)
            x1 = max(x1, s.x + r); y1 = max(y1, s.y + r)
        }
        bounds = bounds.union(Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0)))
    }

    public mutating func strokeFinalized() {}

    public mutating func removeAll() {
        samples.removeAll(keepingCapacity: true)
        sprites.removeAll(keepingCapacity: true)
        bounds = .null
    }
}

/// Stroke data plus the stroke's own layer as a bitmap (see `InkBitmap.stamp`).
public struct InkCacheData: InkCacheDataProvider {
    public private(set) var strokeData = InkStrokeData()
    public var cacheBitmap = InkBitmap()

    public init() {}

    public var samples: [InputSample] { strokeData.samples }
    public var sprites: [Sprite] { strokeData.sprites }
    public var bounds: Rect { strokeData.bounds }
    public mutating func append(_ sample: InputSample) { strokeData.append(sample) }
    public mutating func commit(_ sprites: [Sprite]) { strokeData.commit(sprites) }
    public mutating func strokeFinalized() { strokeData.strokeFinalized() }

    public mutating func removeAll() {
        strokeData.removeAll()
        cacheBitmap = InkBitmap()
    }
}

extension Sprite {
    /// The square the dab covers (a rotated brush stays inside its diameter's circle).
    public var bounds: Rect {
        let r = Double(diameter) / 2
        return Rect(x: Double(x) - r, y: Double(y) - r, width: 2 * r, height: 2 * r)
    }
}
