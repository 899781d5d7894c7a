import QuireGeometry
import QuireInk
import QuireRender
import QuireText

extension OverlayItem {
    /// `run` drawn from the glyph atlas with its box's upper-left corner at `origin` (window pixels,
    /// rounded to a whole pixel when drawn), in `color` (straight alpha) at `opacity`.
    static func text(_ run: GlyphRun, at origin: Point, color: (r: UInt8, g: UInt8, b: UInt8, a: UInt8),
                     opacity: Double = 1) -> OverlayItem {
        .text(OverlayText(
            origin: origin, width: run.layout.width, height: run.layout.height,
            glyphs: run.glyphs.map {
                OverlayGlyph(page: $0.page, sourceX: $0.source.x, sourceY: $0.source.y, width: $0.source.width,
                             height: $0.source.height, x: $0.x, y: $0.y)
            },
            pages: run.pages.map { GlyphPage(id: $0.id, version: $0.version, width: $0.width, height: $0.height, coverage: $0.coverage) },
            color: InkColor(red: Float(color.r) / 255, green: Float(color.g) / 255, blue: Float(color.b) / 255, alpha: Float(color.a) / 255),
            opacity: Float(opacity)))
    }
}
