import CCairo
import QuireDocument
import QuireInk

/// The paper as vectors: its colour over the page, then rules, grid lines or dots as the renderer's
/// paper shader draws them (QuireRender's quad fragment shader): lines 1 page pixel wide centred on
/// multiples of the spacing (ruled paper below a top margin of two spacings), dots of radius 1.2 at
/// the grid's crossings, in the line colour at its alpha.
enum PaperDrawing {
    /// The shader's smallest spacing (PaperPattern clamps to it): closer lines would be a grey wash.
    static let minimumSpacing = 4.0
    static let lineHalfWidth = 0.5
    static let dotRadius = 1.2

    static func draw(_ background: PageBackground, width: Double, height: Double, on context: OpaquePointer) {
        set(background.paperColor, on: context)
        cairo_rectangle(context, 0, 0, width, height)
        cairo_fill(context)
        // A spacing that is not a number draws no pattern (the shader's would be undefined).
        guard !background.spacing.isNaN else { return }
        let spacing = max(minimumSpacing, background.spacing)
        set(background.lineColor, on: context)
        switch background.pattern {
        case .blank:
            return
        case .ruled:
            // The shader draws nothing above the margin, so the first rule shows only its lower half.
            let margin = 2 * spacing
            addLines(across: height, from: margin, spacing: spacing) { y in
                let top = max(y - lineHalfWidth, margin)
                cairo_rectangle(context, 0, top, width, y + lineHalfWidth - top)
            }
        case .grid:
            // One path, so a crossing is covered once (the shader takes the larger coverage, not the sum).
            addLines(across: height, from: 0, spacing: spacing) { y in
                cairo_rectangle(context, 0, y - lineHalfWidth, width, 2 * lineHalfWidth)
            }
            addLines(across: width, from: 0, spacing: spacing) { x in
                cairo_rectangle(context, x - lineHalfWidth, 0, 2 * lineHalfWidth, height)
            }
        case .dotted:
            drawDots(width: width, height: height, spacing: spacing, color: background.lineColor, on: context)
            return
        }
        cairo_fill(context)
    }

    /// Calls `add` with each multiple of `spacing` from `start` to `extent` (the page's side, at most
    /// 16,000 pixels over at least 4: a few thousand lines).
    private static func addLines(across extent: Double, from start: Double, spacing: Double, add: (Double) -> Void) {
        guard spacing.isFinite else { return }
        var k = (start / spacing).rounded(.up)
        while k * spacing <= extent + lineHalfWidth {
            add(k * spacing)
            k += 1
        }
    }

    /// At most this many dots are drawn one by one; past it (a poster-sized page, or dots a few pixels
    /// apart) they are a repeating tile, one dot described once however many the page holds.
    static let largestDotCount = 20_000

    /// Dots at every crossing of the grid, the page's edges included (a dot on an edge shows its inner
    /// half, as the shader draws it). One by one, each a zero-length line with round caps (a circle of
    /// the dot's radius in a dozen bytes), so a reader puts each exactly where the PNG has it: as a tile,
    /// poppler renders the tile at a whole number of device pixels and the dots drift from their places
    /// (1.5 pixels at 100 dpi on a Letter page).
    private static func drawDots(width: Double, height: Double, spacing: Double, color: InkColor,
                                 on context: OpaquePointer) {
        guard spacing.isFinite else { return }
        let columns = (width / spacing).rounded(.down) + 1, rows = (height / spacing).rounded(.down) + 1
        guard columns * rows <= Double(largestDotCount) else {
            return drawDotTile(width: width, height: height, spacing: spacing, color: color, on: context)
        }
        cairo_save(context)
        cairo_rectangle(context, 0, 0, width, height)
        cairo_clip(context)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_width(context, 2 * dotRadius)
        for row in 0..<Int(rows) {
            for column in 0..<Int(columns) {
                let x = Double(column) * spacing, y = Double(row) * spacing
                cairo_move_to(context, x, y)
                cairo_line_to(context, x, y)
            }
        }
        cairo_stroke(context)
        cairo_restore(context)
    }

    /// Dots as a repeating tile (a PDF tiling pattern, an SVG pattern). The tile is one spacing square
    /// with the dot at its corner, split over the four corners so the tiles join.
    private static func drawDotTile(width: Double, height: Double, spacing: Double, color: InkColor,
                                    on context: OpaquePointer) {
        var extents = cairo_rectangle_t(x: 0, y: 0, width: spacing, height: spacing)
        guard let tile = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents) else { return }
        defer { cairo_surface_destroy(tile) }
        guard let tileContext = cairo_create(tile) else { return }
        set(color, on: tileContext)
        for corner in [(0.0, 0.0), (spacing, 0), (0, spacing), (spacing, spacing)] {
            cairo_new_sub_path(tileContext)
            cairo_arc(tileContext, corner.0, corner.1, dotRadius, 0, 2 * .pi)
        }
        cairo_fill(tileContext)
        cairo_destroy(tileContext)
        let pattern = cairo_pattern_create_for_surface(tile)
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
        cairo_set_source(context, pattern)
        cairo_rectangle(context, 0, 0, width, height)
        cairo_fill(context)
    }

    static func set(_ color: InkColor, on context: OpaquePointer) {
        cairo_set_source_rgba(context, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
    }
}
