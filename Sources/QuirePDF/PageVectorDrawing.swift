import CCairo
import QuireDocument
import QuireGeometry
import QuireInk

/// Draws a page's steps (`PageVectorPlan`) onto a cairo context whose user space is page pixels. Only
/// cairo calls happen here, and the pictures and imported PDF pages they need, which live in cairo
/// surfaces of the writer's and so are had on its thread.
struct PageVectorDrawing {
    let context: OpaquePointer
    let pictures: PictureSurfaces
    /// Imported PDF pages, drawn as part of the paper (as the renderer does): under all ink, and out of
    /// every eraser's reach.
    let backgrounds: PDFBackgrounds
    /// True: each text box is a marker in its place (`SVGTextMarker`, numbered in the steps' order),
    /// which an SVG's stream swaps for a `<text>` element; false: its glyphs.
    var marksText = false

    func draw(_ plan: PageVectorPlan) {
        var texts = 0
        for step in plan.steps { draw(step, texts: &texts) }
    }

    /// Draws only what lies over the paper, for a page whose paper is an original PDF page kept as it is.
    func drawOverPaper(_ plan: PageVectorPlan) {
        var texts = 0
        for step in plan.stepsOverPaper { draw(step, texts: &texts) }
    }

    /// The text boxes of `steps` in the order their markers are numbered.
    static func texts(of steps: some Sequence<VectorDrawingStep>) -> [(item: TextItem, frame: TextFrame)] {
        steps.compactMap { if case let .text(item, frame) = $0 { (item, frame) } else { nil } }
    }

    /// Draws `step`; `texts` counts the text boxes drawn so far.
    private func draw(_ step: VectorDrawingStep, texts: inout Int) {
        switch step {
        case let .paper(background, width, height):
            PaperDrawing.draw(background, width: width, height: height, on: context)
        case let .pdfBackground(item):
            backgrounds.draw(item, on: context)
        case let .picture(reference, corners):
            pictures.draw(reference, onto: corners, context: context)
        case .save:
            cairo_save(context)
        case .restore:
            cairo_restore(context)
        case .beginGroup:
            cairo_push_group(context)
        case let .endGroup(clips):
            let group = cairo_pop_group(context)
            cairo_save(context)
            clip(toEachOf: clips)
            cairo_set_source(context, group)
            cairo_paint(context)
            cairo_restore(context)
            cairo_pattern_destroy(group)
        case let .clip(path, evenOdd):
            cairo_new_path(context)
            path.add(to: context)
            cairo_set_fill_rule(context, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_clip(context)
            cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        case let .fill(path, color, opacity, cuts):
            cairo_save(context)
            clip(toEachOf: cuts)
            cairo_set_source_rgba(context, Double(color.red), Double(color.green), Double(color.blue), opacity)
            cairo_new_path(context)
            path.add(to: context, grid: Self.grid)
            cairo_fill(context)
            cairo_restore(context)
        case let .stroke(runs, color, opacity):
            stroke(runs, color: color, opacity: opacity)
        case let .text(item, frame):
            if marksText {
                SVGTextMarker.draw(item, frame: frame, index: texts, on: context)
            } else {
                TextDrawing.draw(item, frame: frame, on: context)
            }
            texts += 1
        }
    }

    /// Intersects the clip with each of `paths` (non-zero, on the `grid`), leaving the fill rule non-zero.
    private func clip(toEachOf paths: [BezierPath]) {
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        for path in paths {
            cairo_new_path(context)
            path.add(to: context, grid: Self.grid)
            cairo_clip(context)
        }
    }

    /// How finely stroked lines, outlines and clips are placed, in the surface's units: an eighth of a point (0.17
    /// page pixels; 0.52 pixels at 300 dpi). cairo keeps paths in fixed point of 1/256 and prints them
    /// with three decimals, so a point anywhere prints as "415.035"; one on this grid needs at most three
    /// digits after the point and mostly fewer ("415", "415.5", "415.25"), and the flip to PDF's upward y
    /// (by the page's height, a multiple of 1/4 point for whole page pixels) keeps it there. A page of
    /// handwriting's content stream is 8 % shorter and deflates to 17 % less. A point moves at most
    /// 1/16 point (0.083 page pixels) along each axis, on top of the plan's `PageVectorPlan.tolerance`.
    static let grid = 8.0

    /// The lines are given in the surface's own units (points for PDF), the page's scale applied here:
    /// under any other transform cairo wraps every stroke in a `q … cm … Q` of its own to keep its width
    /// in user units. Widths are rounded to a hundredth of a unit (under 0.014 page pixels), printed in
    /// four digits rather than eight; points to the `grid`.
    private func stroke(_ runs: [VectorInk.WidthRun], color: InkColor, opacity: Double) {
        // Only a plain scale and move is carried over by hand; anything else strokes in user units.
        let onGrid = SurfaceGrid(context, grid: Self.grid)
        let scale = onGrid?.scale ?? 1
        let place = onGrid?.place ?? { $0 }
        cairo_save(context)
        if onGrid != nil { cairo_identity_matrix(context) }
        cairo_set_source_rgba(context, Double(color.red), Double(color.green), Double(color.blue), opacity)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        for run in runs {
            cairo_new_path(context)
            cairo_set_line_width(context, (run.width * scale * 100).rounded() / 100)
            guard let first = run.pieces.first else { continue }
            let start = place(first.p0)
            cairo_move_to(context, start.x, start.y)
            for piece in run.pieces {
                let end = place(piece.p3)
                if piece.degree == 1 {
                    cairo_line_to(context, end.x, end.y)
                } else {
                    let c1 = place(piece.p1), c2 = place(piece.p2)
                    cairo_curve_to(context, c1.x, c1.y, c2.x, c2.y, end.x, end.y)
                }
            }
            cairo_stroke(context)
        }
        cairo_restore(context)
    }
}
