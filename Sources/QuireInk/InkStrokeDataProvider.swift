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
        self.sprites.append(contentsOf: sprites)
        for s in sprites { bounds = bounds.union(s.bounds) }
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
