import CCairo
import Foundation
import QuireDocument
import QuireGeometry
import QuireText

/// Where a text item is drawn: its origin (the first baseline's start) on the page, turned by `angle`
/// radians and scaled by `scale` (1 for text on the page itself; a scrap's carry it).
struct TextFrame: Equatable, Sendable {
    var origin: Point
    var angle: Double
    var scale: Double
}

/// A text item drawn by cairo as text: the family asked of fontconfig (cairo's own font selection, as
/// the window's FreeType drawing asks), each line at its baseline one line-height (the font's ascent and
/// descent) below the last, the lines broken where the window breaks them (`PageTextFonts`: a wrapped
/// box's lines). In a PDF the glyphs are the embedded font's, so the words can be selected, copied and
/// found.
enum TextDrawing {
    static func draw(_ item: TextItem, frame: TextFrame, on context: OpaquePointer) {
        guard frame.origin.x.isFinite, frame.origin.y.isFinite, frame.angle.isFinite, frame.scale.isFinite, frame.scale > 0 else { return }
        cairo_save(context)
        cairo_translate(context, frame.origin.x, frame.origin.y)
        cairo_rotate(context, frame.angle)
        cairo_scale(context, frame.scale, frame.scale)
        cairo_select_font_face(context, item.fontFamily, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, item.fontSize)
        var extents = cairo_font_extents_t()
        cairo_font_extents(context, &extents)
        let lineHeight = (extents.ascent + extents.descent).rounded()
        cairo_set_source_rgba(context, Double(item.color.red), Double(item.color.green), Double(item.color.blue), Double(item.color.alpha))
        let lines = item.wrapWidth == nil ? TextBlock.lines(of: item.text) : PageTextFonts.shared.layout(of: item)?.lines ?? TextBlock.lines(of: item.text)
        for (index, line) in lines.enumerated() where !line.isEmpty {
            cairo_move_to(context, 0, Double(index) * lineHeight)
            cairo_show_text(context, String(line.replacingOccurrences(of: "\t", with: " ")))
        }
        cairo_restore(context)
    }
}
