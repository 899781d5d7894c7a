import QuireGeometry
import QuireInk

/// A page of glyph coverage from the interface's glyph atlas: one byte a pixel, row by row. `id` names
/// the page for good (a page dropped is never given another's id), so its pixels under one id only
/// gain glyphs: `version` rises with each, and the renderer re-uploads a page whose version is newer.
public struct GlyphPage: Sendable {
    public let id: Int
    public let version: Int
    public let width: Int
    public let height: Int
    public let coverage: [UInt8]

    public init(id: Int, version: Int, width: Int, height: Int, coverage: [UInt8]) {
        self.id = id
        self.version = version
        self.width = width
        self.height = height
        self.coverage = coverage
    }

    /// Whether the pixels are all there: a page that is not is never uploaded (nor drawn from).
    var isWhole: Bool { width > 0 && height > 0 && coverage.count == width * height }
}

/// One glyph of a text run: the rectangle at (`sourceX`, `sourceY`), `width` × `height`, of the page with
/// id `page`, copied to (`x`, `y`) from the run's origin, pixel for pixel.
public struct OverlayGlyph: Equatable, Sendable {
    public var page: Int
    public var sourceX: Int
    public var sourceY: Int
    public var width: Int
    public var height: Int
    public var x: Int
    public var y: Int

    public init(page: Int, sourceX: Int, sourceY: Int, width: Int, height: Int, x: Int, y: Int) {
        self.page = page
        self.sourceX = sourceX
        self.sourceY = sourceY
        self.width = width
        self.height = height
        self.x = x
        self.y = y
    }
}

/// A line of text drawn from glyph atlas pages: its glyphs' coverage in `color` at `opacity`. The origin
/// (the line box's upper-left corner, window pixels) is rounded to a whole pixel when drawn, so every
/// glyph lands on the pixel grid as it was rasterized: text stays crisp at any interface scale.
public struct OverlayText: Sendable {
    public var origin: Point
    /// The line's box, whole pixels.
    public var width: Int
    public var height: Int
    public var glyphs: [OverlayGlyph]
    /// The pages the glyphs lie in.
    public var pages: [GlyphPage]
    public var color: InkColor
    public var opacity: Float

    public init(origin: Point, width: Int, height: Int, glyphs: [OverlayGlyph], pages: [GlyphPage], color: InkColor,
                opacity: Float = 1) {
        self.origin = origin
        self.width = width
        self.height = height
        self.glyphs = glyphs
        self.pages = pages
        self.color = color
        self.opacity = opacity
    }

    /// The whole window pixel the origin is drawn at.
    var pixelOrigin: Point { Point(origin.x.rounded(), origin.y.rounded()) }

    /// The window area the glyphs cover; null for an origin that is not finite.
    var bounds: Rect {
        guard origin.x.isFinite, origin.y.isFinite, abs(origin.x) < 1e9, abs(origin.y) < 1e9 else { return .null }
        let o = pixelOrigin
        return glyphs.reduce(Rect.null) { box, glyph in
            box.union(Rect(x: o.x + Double(glyph.x), y: o.y + Double(glyph.y), width: Double(glyph.width), height: Double(glyph.height)))
        }
    }
}
