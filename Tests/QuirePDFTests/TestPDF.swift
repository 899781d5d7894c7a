import CCairo
import Foundation
import QuirePDF

/// PDFs made by the tests with cairo's PDF surface: pages of given sizes in points, each with a filled
/// rectangle of a known colour at a known place (what rendering is checked against) and a line of text.
enum TestPDF {
    struct Page {
        var width: Double
        var height: Double
        /// In points from the top left, and its fill as 0…1 RGB.
        var box: (x: Double, y: Double, width: Double, height: Double) = (72, 72, 144, 72)
        var color: (Double, Double, Double) = (0.9, 0.1, 0.1)
    }

    /// Writes the pages to a new file in the temporary folder and returns its path.
    static func write(_ pages: [Page], name: String = "test-\(UUID().uuidString).pdf") -> String {
        let path = NSTemporaryDirectory() + name
        let first = pages.first ?? Page(width: 612, height: 792)
        let surface = cairo_pdf_surface_create(path, first.width, first.height)
        let context = cairo_create(surface)
        for (index, page) in pages.enumerated() {
            cairo_pdf_surface_set_size(surface, page.width, page.height)
            cairo_set_source_rgb(context, page.color.0, page.color.1, page.color.2)
            cairo_rectangle(context, page.box.x, page.box.y, page.box.width, page.box.height)
            cairo_fill(context)
            cairo_set_source_rgb(context, 0, 0, 0)
            cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(context, 18)
            cairo_move_to(context, 72, page.height - 72)
            cairo_show_text(context, "Page \(index + 1) — Quire")
            cairo_show_page(context)
        }
        cairo_destroy(context)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        return path
    }

    /// A one-page PDF protected by a user password (`HandWrittenPDF.encrypted`: cairo does not encrypt),
    /// in a new file.
    static func writeEncrypted() -> String {
        let path = NSTemporaryDirectory() + "encrypted-\(UUID().uuidString).pdf"
        FileManager.default.createFile(atPath: path, contents: Data(HandWrittenPDF.encrypted()))
        return path
    }
}
