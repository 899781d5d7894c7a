import QuireGeometry

/// A small CPU raster in premultiplied RGBA Float, in page pixels, that grows to hold what is drawn on it.
/// It is the cache-based engine's store and a reference for what the GL renderer must produce (the pixel
/// tests of highlighter and eraser use it); it stamps round dabs with a one-pixel anti-aliased edge
/// rather than brush textures, which only the renderer loads.
public struct InkBitmap: Sendable, Equatable {
    /// Page pixel of the bitmap's first pixel.
    public private(set) var originX = 0
    public private(set) var originY = 0
    public private(set) var width = 0
    public private(set) var height = 0
    /// Premultiplied red, green, blue, alpha per pixel, rows top to bottom.
    public private(set) var pixels: [Float] = []

    /// How a dab combines with what is already there.
    public enum Combine: Sendable {
        /// Source-over: the dab's colour over the bitmap.
        case over
        /// The larger of the two coverages (GL_MAX): a stroke layer that never builds up where it
        /// overlaps itself.
        case maximum
        /// Destination-out: the bitmap loses coverage where the dab is.
        case erase
    }

    /// The largest area the bitmap grows to, in pixels (2^24: 256 MB of Float RGBA, a 4096×4096
    /// square): a stroke with dabs spread wider keeps only what fits, instead of asking for gigabytes.
    public static let maximumPixelCount = 1 << 24

    public init() {}

    /// A bitmap covering `width`×`height` page pixels from (`originX`, `originY`), filled with `fill`
    /// (straight alpha).
    public init(originX: Int, originY: Int, width: Int, height: Int, fill: InkColor = InkColor(red: 0, green: 0, blue: 0, alpha: 0)) {
        self.originX = originX
        self.originY = originY
        self.width = width
        self.height = height
        let a = fill.alpha
        pixels = [Float](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            pixels[4 * i] = fill.red * a
            pixels[4 * i + 1] = fill.green * a
            pixels[4 * i + 2] = fill.blue * a
            pixels[4 * i + 3] = a
        }
    }

    /// Premultiplied RGBA at page pixel (`x`, `y`); transparent outside the bitmap.
    public func pixel(_ x: Int, _ y: Int) -> (red: Float, green: Float, blue: Float, alpha: Float) {
        let bx = x - originX, by = y - originY
        guard bx >= 0, by >= 0, bx < width, by < height else { return (0, 0, 0, 0) }
        let i = 4 * (by * width + bx)
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Grows (in 64-pixel steps, keeping what is drawn) to cover `rect`.
    public mutating func grow(toCover rect: Rect) {
        guard !rect.isNull else { return }
        let x0 = Int((rect.minX).rounded(.down)), y0 = Int((rect.minY).rounded(.down))
        let x1 = Int((rect.maxX).rounded(.up)), y1 = Int((rect.maxY).rounded(.up))
        if width > 0, x0 >= originX, y0 >= originY, x1 <= originX + width, y1 <= originY + height { return }
        func down(_ v: Int) -> Int { v >= 0 ? v / 64 * 64 : -((-v + 63) / 64 * 64) }
        let nx0 = down(width > 0 ? min(x0, originX) : x0), ny0 = down(height > 0 ? min(y0, originY) : y0)
        let nx1 = down((width > 0 ? max(x1, originX + width) : x1) + 63)
        let ny1 = down((height > 0 ? max(y1, originY + height) : y1) + 63)
        guard (nx1 - nx0) * (ny1 - ny0) <= Self.maximumPixelCount else { return }
        var grown = InkBitmap(originX: nx0, originY: ny0, width: nx1 - nx0, height: ny1 - ny0)
        for y in 0..<height {
            let from = 4 * (y * width), to = 4 * ((y + originY - ny0) * grown.width + (originX - nx0))
            for k in 0..<(4 * width) { grown.pixels[to + k] = pixels[from + k] }
        }
        self = grown
    }

    /// Stamps one round dab: coverage 1 inside the radius, falling linearly to 0 across a pixel at the
    /// edge, times the sprite's alpha. The bitmap grows to hold it.
    public mutating func stamp(_ sprite: Sprite, combine: Combine) {
        // Only a dab at a place and size the page could hold is stamped: converting anything else to
        // pixel indices would trap or overflow.
        let reach = Float(InkLimits.maximumCoordinate * 2)
        guard sprite.x.isFinite, sprite.y.isFinite, sprite.diameter.isFinite, abs(sprite.x) <= reach,
              abs(sprite.y) <= reach, abs(sprite.diameter) <= reach else { return }
        let r = Double(sprite.diameter) / 2
        grow(toCover: sprite.bounds.outsetBy(1))
        let cx = Double(sprite.x), cy = Double(sprite.y)
        let x0 = Int((cx - r - 0.5).rounded(.down)), x1 = Int((cx + r + 0.5).rounded(.up))
        let y0 = Int((cy - r - 0.5).rounded(.down)), y1 = Int((cy + r + 0.5).rounded(.up))
        let a = sprite.alpha
        // A dab the bitmap could not grow to hold (past `maximumPixelCount`) stamps only what overlaps.
        let rows = max(y0, originY)..<max(max(y0, originY), min(y1 + 1, originY + height))
        let columns = max(x0, originX)..<max(max(x0, originX), min(x1 + 1, originX + width))
        for y in rows {
            for x in columns {
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                let coverage = Float(min(1, max(0, r + 0.5 - (dx * dx + dy * dy).squareRoot()))) * a
                guard coverage > 0 else { continue }
                let i = 4 * ((y - originY) * width + (x - originX))
                switch combine {
                case .over:
                    let keep = 1 - coverage
                    pixels[i] = sprite.red * coverage + pixels[i] * keep
                    pixels[i + 1] = sprite.green * coverage + pixels[i + 1] * keep
                    pixels[i + 2] = sprite.blue * coverage + pixels[i + 2] * keep
                    pixels[i + 3] = coverage + pixels[i + 3] * keep
                case .maximum:
                    if coverage > pixels[i + 3] {
                        pixels[i] = sprite.red * coverage
                        pixels[i + 1] = sprite.green * coverage
                        pixels[i + 2] = sprite.blue * coverage
                        pixels[i + 3] = coverage
                    }
                case .erase:
                    let keep = 1 - coverage
                    for k in 0..<4 { pixels[i + k] *= keep }
                }
            }
        }
    }

    /// Draws a whole stroke the way the renderer must: `.normal` sprite by sprite over the bitmap;
    /// `.highlight` into a layer of its own by maximum coverage, then that layer over the bitmap at the
    /// layer opacity; `.erase` destination-out.
    public mutating func draw(_ sprites: [Sprite], style: StrokeRenderStyle) {
        switch style.blendMode {
        case .normal:
            for s in sprites { stamp(s, combine: .over) }
        case .erase:
            for s in sprites { stamp(s, combine: .erase) }
        case .highlight:
            var layer = InkBitmap()
            for s in sprites { layer.stamp(s, combine: .maximum) }
            composite(layer, opacity: style.layerOpacity)
        }
    }

    /// `layer` over this bitmap, scaled by `opacity` (premultiplied source-over).
    public mutating func composite(_ layer: InkBitmap, opacity: Float) {
        guard layer.width > 0 else { return }
        grow(toCover: Rect(x: Double(layer.originX), y: Double(layer.originY),
                           width: Double(layer.width), height: Double(layer.height)))
        for y in 0..<layer.height {
            for x in 0..<layer.width {
                let j = 4 * (y * layer.width + x)
                let sa = layer.pixels[j + 3] * opacity
                guard sa > 0 else { continue }
                let i = 4 * ((y + layer.originY - originY) * width + (x + layer.originX - originX))
                let keep = 1 - sa
                for k in 0..<3 { pixels[i + k] = layer.pixels[j + k] * opacity + pixels[i + k] * keep }
                pixels[i + 3] = sa + pixels[i + 3] * keep
            }
        }
    }
}
