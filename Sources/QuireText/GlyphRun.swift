/// A line of text laid out on glyphs held in a `GlyphAtlas`: what `TextRasterizer.render` would draw,
/// as rectangles of atlas pages to copy to whole-pixel places. Drawn at a whole-pixel origin, it covers
/// the very pixels the rasterizer's image of the same line does.
public struct GlyphRun: Sendable {
    /// One glyph: `source` in the page with id `page`, drawn with its upper-left corner at (`x`, `y`)
    /// from the line's upper-left corner. Parts outside the line's box are already cut off, as the
    /// rasterizer's image cuts them.
    public struct Glyph: Equatable, Sendable {
        public var page: Int
        public var source: ShelfPacker.Slot
        public var x: Int
        public var y: Int
    }

    /// The line's box: the size of the image `render` makes for it.
    public var layout: TextRasterizer.Layout
    public var glyphs: [Glyph]
    /// The pages the glyphs lie in, as they were when the run was made.
    public var pages: [GlyphAtlas.Page]
}

extension TextRasterizer {
    /// `text` laid out as `render` lays it out (`size` pixels per em, one line), its glyphs added to
    /// `atlas` where they are not yet there.
    public func run(_ text: String, size: Double) throws -> GlyphRun {
        try run(text, size: size, again: true)
    }

    private func run(_ text: String, size: Double, again: Bool) throws -> GlyphRun {
        let (layout, placed) = try place(text, size: size)
        var glyphs: [GlyphRun.Glyph] = []
        glyphs.reserveCapacity(placed.count)
        var pageIDs: [Int] = []
        for (x, y, glyph) in placed {
            let key = GlyphAtlas.Key(font: fontPath, size: size, glyph: glyph.index)
            guard let entry = atlas.entry(for: key)
                    ?? atlas.add(key, width: glyph.width, rows: glyph.rows, coverage: glyph.coverage) else { continue }
            // Cut to the line's box, as `render` does.
            let left = max(0, -x), top = max(0, -y)
            let right = min(glyph.width, layout.width - x), bottom = min(glyph.rows, layout.height - y)
            guard right > left, bottom > top else { continue }
            let source = ShelfPacker.Slot(x: entry.slot.x + left, y: entry.slot.y + top, width: right - left, height: bottom - top)
            glyphs.append(GlyphRun.Glyph(page: entry.page, source: source, x: x + left, y: y + top))
            if !pageIDs.contains(entry.page) { pageIDs.append(entry.page) }
        }
        // Taken after every glyph is in: a page dropped part way (the atlas emptied itself to make room)
        // is no longer listed, and the run is made once more on the fresh pages. A line with more glyphs
        // than the whole atlas holds keeps only those still there.
        let pages = pageIDs.compactMap { atlas.page(id: $0) }
        if pages.count != pageIDs.count {
            if again { return try run(text, size: size, again: false) }
            let kept = Set(pages.map(\.id))
            glyphs.removeAll { !kept.contains($0.page) }
        }
        return GlyphRun(layout: layout, glyphs: glyphs, pages: pages)
    }

    /// `run` of `text` cut short with an ellipsis where it would be wider than `maximumWidth` pixels.
    public func run(_ text: String, size: Double, maximumWidth: Int) throws -> GlyphRun {
        try run(fitted(text, size: size, maximumWidth: maximumWidth), size: size)
    }
}
