import CCairo
import Foundation

/// Small real PDFs written with cairo's PDF surface, for tests and benchmarks outside this target (which
/// cannot reach cairo): pages of given sizes in points, each with a filled rectangle of a known colour at
/// a known place (what a rendering is checked against), a stroked circle and a line of text.
public enum SamplePDF {
    public struct Page: Sendable {
        public var width: Double
        public var height: Double
        /// The filled rectangle, in points from the page's top left.
        public var box: (x: Double, y: Double, width: Double, height: Double)
        /// Its fill, 0…1 RGB.
        public var color: (red: Double, green: Double, blue: Double)

        public init(width: Double, height: Double, box: (x: Double, y: Double, width: Double, height: Double) = (72, 72, 144, 72),
                    color: (red: Double, green: Double, blue: Double) = (0.9, 0.1, 0.1)) {
            self.width = width
            self.height = height
            self.box = box
            self.color = color
        }
    }

    /// Writes `pages` as a PDF at `path` (replacing any file there). Throws when cairo cannot write it.
    public static func write(_ pages: [Page], to path: String) throws {
        let first = pages.first ?? Page(width: 612, height: 792)
        guard let surface = cairo_pdf_surface_create(path, first.width, first.height) else {
            throw PDFError.renderFailed(name: path, page: 1, reason: "cairo made no PDF surface")
        }
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)
        for (index, page) in pages.enumerated() {
            cairo_pdf_surface_set_size(surface, page.width, page.height)
            cairo_set_source_rgb(context, page.color.red, page.color.green, page.color.blue)
            cairo_rectangle(context, page.box.x, page.box.y, page.box.width, page.box.height)
            cairo_fill(context)
            cairo_set_source_rgb(context, 0.1, 0.1, 0.1)
            cairo_set_line_width(context, 2)
            cairo_arc(context, page.width - 60, 60, 30, 0, 2 * Double.pi)
            cairo_stroke(context)
            cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(context, 14)
            cairo_move_to(context, 24, page.height - 24)
            cairo_show_text(context, "Page \(index + 1) of \(pages.count) - Quire sample")
            cairo_show_page(context)
        }
        let status = cairo_status(context)
        cairo_destroy(context)
        cairo_surface_finish(surface)
        let finished = cairo_surface_status(surface)
        for problem in [status, finished] where problem != CAIRO_STATUS_SUCCESS {
            throw PDFError.renderFailed(name: path, page: pages.count, reason: String(cString: cairo_status_to_string(problem)))
        }
    }
}
