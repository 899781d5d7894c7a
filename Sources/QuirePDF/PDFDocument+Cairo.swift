import CCairo
import QuireGeometry

extension PDFDocument {
    /// Draws page `index` onto `context` as poppler's vectors (text stays text, shapes stay shapes),
    /// stretched to fill `rect` in the context's user space: how an imported PDF page becomes the
    /// background of an exported PDF or SVG page without being turned into pixels.
    func draw(page index: Int, in rect: Rect, on context: OpaquePointer) {
        guard pageSizes.indices.contains(index), rect.width > 0, rect.height > 0,
              rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        let size = pageSizes[index]
        cairo_save(context)
        cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(context)
        cairo_translate(context, rect.minX, rect.minY)
        cairo_scale(context, rect.width / size.width, rect.height / size.height)
        withPage(index) { page in poppler_page_render_for_printing(page, context) }
        cairo_restore(context)
    }
}
