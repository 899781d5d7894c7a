import CCairo
import QuireDocument
import QuireInk

/// Writes one page as an SVG file of vectors (`PageVectorPlan`, drawn by `PageVectorDrawing`): its size
/// in CSS pixels, which are page pixels (width="816px", viewBox="0 0 816 1056" for a letter page),
/// pictures embedded as data (a JPEG as its own bytes), text boxes as `<text>` (`SVGTextElements`: over
/// everything else on the page, where cairo would draw their glyphs as outlines in their place). Written
/// under a temporary name and renamed into place when complete.
public struct SVGExportWriter {
    public let registry: InkEngineRegistry
    private let pictures: PictureSurfaces
    private let backgrounds: PDFBackgrounds

    public init(registry: InkEngineRegistry = .standard, pictures: @escaping (BlobID) throws -> [UInt8],
                report: @escaping (String) -> Void) {
        self.registry = registry
        self.pictures = PictureSurfaces(bytes: pictures, report: report)
        backgrounds = PDFBackgrounds(bytes: pictures, report: report)
    }

    /// Writes `page` to `path` (`number` names it in messages).
    public func write(_ page: Page, number: Int, to path: String) throws {
        try write(PreparedVectorPage(page, number: number, registry: registry), to: path)
    }

    /// Writes a page prepared beforehand, perhaps on another thread (`PreparedAhead`), to `path`.
    public func write(_ page: PreparedVectorPage, to path: String) throws {
        let file = try PartialFile(path: path)
        let stream = SVGStream(file: file)
        guard let surface = cairo_svg_surface_create_for_stream(SVGStream.cairoWrite, stream.cairoClosure,
                                                                page.size.width, page.size.height) else {
            throw VectorExportError.drawingFailed(path: path, reason: "cairo could not start an SVG")
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            let reason = String(cString: cairo_status_to_string(cairo_surface_status(surface)))
            cairo_surface_destroy(surface)
            throw VectorExportError.drawingFailed(path: path, reason: "cairo could not start an SVG: \(reason)")
        }
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
        guard let context = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw VectorExportError.drawingFailed(path: path, reason: "cairo could not start drawing")
        }
        PageVectorDrawing(context: context, pictures: pictures, backgrounds: backgrounds, drawsText: false).draw(page.plan)
        cairo_show_page(context)
        let status = cairo_status(context)
        cairo_destroy(context)
        cairo_surface_finish(surface)
        let finished = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        pictures.removeAll()
        if finished == CAIRO_STATUS_SUCCESS { _ = stream.finish(inserting: SVGTextElements.markup(for: page.plan.steps)) }
        if let reason = file.writeError { throw VectorExportError.cannotWrite(path: path, reason: reason) }
        for failure in [status, finished] where failure != CAIRO_STATUS_SUCCESS {
            throw VectorExportError.drawingFailed(path: path, reason: String(cString: cairo_status_to_string(failure)))
        }
        try file.commit()
    }
}
