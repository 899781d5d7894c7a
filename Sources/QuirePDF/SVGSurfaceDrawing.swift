import CCairo

/// One SVG drawn with cairo, sized in CSS pixels, its bytes handed to `write` as cairo makes them: what
/// the SVG export (a file) and the clipboard (memory) share. The drawing's and the finishing's statuses
/// come back in that order, for the caller to judge after its own clean-up (a file's write error first).
enum SVGSurfaceDrawing {
    /// `path` names the SVG in messages; `draw` is given the cairo context.
    static func draw(width: Double, height: Double, write: cairo_write_func_t, closure: UnsafeMutableRawPointer, path: String,
                     _ draw: (OpaquePointer) throws -> Void) throws -> [cairo_status_t] {
        guard let surface = cairo_svg_surface_create_for_stream(write, closure, width, height) else {
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
        do {
            try draw(context)
        } catch {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
            throw error
        }
        cairo_show_page(context)
        let status = cairo_status(context)
        cairo_destroy(context)
        cairo_surface_finish(surface)
        let finished = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        return [status, finished]
    }

    /// Throws for the first status that is not success.
    static func check(_ statuses: [cairo_status_t], path: String) throws {
        for failure in statuses where failure != CAIRO_STATUS_SUCCESS {
            throw VectorExportError.drawingFailed(path: path, reason: String(cString: cairo_status_to_string(failure)))
        }
    }
}
