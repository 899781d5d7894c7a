import CCairo
import QuireDocument
import QuireGeometry
import QuireInk

/// Draws one page as vectors onto a cairo context whose user space is page pixels: the paper, then the
/// items bottom first as the renderer stacks them — ink as filled outlines, erasers as clips on what
/// was drawn before them, scraps as their pictures and ink clipped by their outlines, placed pictures
/// through their corners.
///
/// Scraps cast no shadow here. The renderer's shadow is a 3-pixel blur under the paper's edge, a depth
/// cue for a desk on screen; PDF and SVG have no blur, so it could only be a bitmap (the pure-vector
/// page would become part picture) or a stack of translucent rings that prints as a grey outline round
/// every photo. Handed-in and printed pages show the scrap as flat paper instead.
struct PageVectorDrawing {
    let context: OpaquePointer
    let registry: InkEngineRegistry
    let pictures: PictureSurfaces
    /// Imported PDF pages, drawn as part of the paper (as the renderer does): under all ink, and out of
    /// every eraser's reach.
    let backgrounds: PDFBackgrounds
    /// How far outlines may stray from the true ink, in page pixels: a tenth of a pixel at 96 dpi, under
    /// a device pixel at 600 dpi. Finer costs file size and time (cairo formats and compresses every
    /// point) for nothing a printer or a screen at 100 % can show.
    var tolerance = 0.1

    func draw(_ page: Page) {
        let width = page.size.width, height = page.size.height
        PaperDrawing.draw(page.background, width: width, height: height, on: context)
        for item in page.items {
            if case let .pdfPage(pdf) = item.content { backgrounds.draw(pdf, on: context) }
        }
        let area = Rect(x: 0, y: 0, width: width, height: height).outsetBy(1)
        // On the page an eraser takes whatever was drawn on the page before it (the renderer's page
        // layer, with the paper put under it afterwards).
        drawLayer(page.items[...], through: nil, area: area)
    }

    /// Items of one layer, bottom first, each eraser clipping out of everything before it in `items`.
    /// Clips nest: the last eraser's is set first, then each earlier one's inside it, so after drawing
    /// what lies under the first eraser, restoring drops exactly that eraser's clip.
    private func drawLayer(_ items: ArraySlice<PageItem>, through map: Homography?, area: Rect) {
        var erasers: [(index: Int, pieces: [VectorInk.ConvexPiece])] = []
        var under = Rect.null
        for index in items.indices {
            let item = items[index]
            guard let stroke = item.stroke, blendMode(of: stroke) == .erase else {
                under = under.union(item.bounds)
                continue
            }
            // An eraser over nothing drawn before it changes nothing: no clip to write.
            guard stroke.bounds.intersects(under) else { continue }
            let ink = registry.vectorInk(for: stroke.samples, style: stroke.style)
            erasers.append((index, ink.convexPieces(tolerance: tolerance)))
        }
        for eraser in erasers.reversed() {
            cairo_save(context)
            EraserClip.clipOutside(eraser.pieces, through: map, within: area, on: context)
        }
        var next = items.startIndex
        for eraser in erasers {
            for item in items[next..<eraser.index] { drawItem(item, through: map, area: area) }
            cairo_restore(context)
            next = eraser.index + 1
        }
        // (Erasers among these, and those over nothing, draw nothing: `drawStroke` passes them by.)
        for item in items[next...] { drawItem(item, through: map, area: area) }
    }

    private func blendMode(of stroke: Stroke) -> InkBlendMode {
        registry.makeEngine(for: stroke.style).renderStyle.blendMode
    }

    private func drawItem(_ item: PageItem, through map: Homography?, area: Rect) {
        switch item.content {
        case let .stroke(stroke):
            drawStroke(stroke, through: map)
        case let .scrap(scrap):
            drawScrap(scrap, through: map, area: area)
        case let .image(placed):
            var corners = placed.corners
            if let map {
                guard let carried = map.apply(to: placed.corners) else { return }
                corners = carried
            }
            pictures.draw(placed.image, onto: corners, context: context)
        case .pdfPage:
            // Drawn with the paper, before any layer (`draw`).
            return
        case .text:
            // Text has no renderer yet either: it draws nothing on screen or in any export.
            return
        }
    }

    /// Ink as filled outlines (non-zero): plain ink a run of near-equal colour at a time, at the opacity
    /// its overlapping dabs reach; a highlighter's whole outline once at its layer's opacity, as the
    /// renderer joins its own layer, so it never darkens where it crosses itself. Erasers are clips
    /// (`drawLayer`) and draw nothing themselves.
    private func drawStroke(_ stroke: Stroke, through map: Homography?) {
        var engine = registry.makeEngine(for: stroke.style)
        let render = engine.renderStyle
        guard render.blendMode != .erase else { return }
        let ink = engine.vectorInk(for: stroke.samples, style: stroke.style)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        let highlight = render.blendMode == .highlight
        func opacity(_ color: InkColor, _ width: Double) -> Double {
            highlight ? Double(render.layerOpacity) : InkRun.shownOpacity(color.alpha, width: width, brush: stroke.style.brush)
        }
        // A highlighter is one colour, filled whole once: cutting it into runs would let them overlap
        // where it crosses itself. Other translucent ink is cut square where its runs meet.
        for run in InkRun.runs(of: ink, translucent: { !highlight && opacity($0, $1) < 0.995 }) {
            let shown = opacity(run.color, run.width)
            guard shown > 0 else { continue }
            if map == nil, !highlight, shown >= 0.995, run.cuts.isEmpty, stroked(run.ink, color: run.color, opacity: shown) {
                continue
            }
            var outline = Self.shape(of: run.ink, tolerance: tolerance)
            if let map {
                guard let carried = map.apply(to: outline, tolerance: tolerance) else { continue }
                outline = carried
            }
            guard !outline.isEmpty, outline.isFinite else { continue }
            cairo_save(context)
            if !run.cuts.isEmpty { clip(to: run.cuts, around: run.ink.centerLine.bounds.outsetBy(run.width + 2), through: map) }
            cairo_set_source_rgba(context, Double(run.color.red), Double(run.color.green), Double(run.color.blue), shown)
            cairo_new_path(context)
            outline.add(to: context)
            cairo_fill(context)
            cairo_restore(context)
        }
    }

    /// Opaque round ink on the page as lines and curves stroked at their width (`VectorInk.widthRuns`),
    /// the way a PDF draws pens: a cubic per several steps where the filled outline needs three or more
    /// points a step, so cairo has far fewer numbers to print and compress. False (nothing drawn)
    /// for ink that is not round or draws no length: its outline is filled instead.
    ///
    /// The lines are given in the surface's own units (points for PDF), the page's scale applied here:
    /// under any other transform cairo wraps every stroke in a `q … cm … Q` of its own to keep its width
    /// in user units. Widths are rounded to a hundredth of a unit (under 0.014 page pixels), printed in
    /// four digits rather than eight.
    private func stroked(_ ink: VectorInk, color: InkColor, opacity: Double) -> Bool {
        guard ink.style.brush.footprint == .disc else { return false }
        let runs = ink.widthRuns(tolerance: tolerance)
        func finite(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }
        guard !runs.isEmpty, runs.allSatisfy({ run in
            run.width.isFinite && run.pieces.allSatisfy { finite($0.p0) && finite($0.p1) && finite($0.p2) && finite($0.p3) }
        }) else {
            return false
        }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        // Only a plain scale and move is carried over by hand; anything else strokes in user units.
        let plain = matrix.xy == 0 && matrix.yx == 0 && matrix.xx == matrix.yy && matrix.xx > 0
        let scale = plain ? matrix.xx : 1
        cairo_save(context)
        if plain { cairo_identity_matrix(context) }
        cairo_set_source_rgba(context, Double(color.red), Double(color.green), Double(color.blue), opacity)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        for run in runs {
            cairo_new_path(context)
            cairo_set_line_width(context, (run.width * scale * 100).rounded() / 100)
            func place(_ point: Point) -> Point {
                plain ? Point(point.x * scale + matrix.x0, point.y * scale + matrix.y0) : point
            }
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
        return true
    }

    /// The ink's area to fill (non-zero): the outline of round dabs, or for a nib that is not round (the
    /// chisel of markers and highlighters) the union of the hulls it sweeps, every one wound alike.
    static func shape(of ink: VectorInk, tolerance: Double) -> BezierPath {
        guard ink.style.brush.footprint != .disc else { return ink.outline(tolerance: tolerance) }
        var path = BezierPath()
        for piece in ink.convexPieces(tolerance: tolerance) { path.append(piece.path) }
        return path
    }

    /// Clips to the side of each cut its direction points to, within `area` (the run's own
    /// coordinates), carried through `map`.
    private func clip(to cuts: [InkRun.Cut], around area: Rect, through map: Homography?) {
        let reach = area.width + area.height
        for cut in cuts {
            let across = cut.direction.perpendicular * reach, ahead = cut.direction * reach
            let corners = [cut.point + across, cut.point + across + ahead, cut.point - across + ahead, cut.point - across]
            var path = BezierPath(polygon: corners)
            if let map {
                guard let carried = map.apply(to: path, tolerance: tolerance) else { continue }
                path = carried
            }
            cairo_new_path(context)
            path.add(to: context)
            cairo_clip(context)
        }
    }

    /// A scrap: clipped by its outline (even-odd, as the renderer's stencil), its picture, then its own
    /// items in its coordinates carried onto the page, a run of ink at a time (an eraser on a scrap
    /// takes that scrap's ink drawn before it in the run, never its picture).
    private func drawScrap(_ scrap: Scrap, through map: Homography?, area: Rect) {
        let toPage = map.map { scrap.transform.concatenating($0) } ?? scrap.transform
        guard let outline = toPage.apply(to: scrap.outline, tolerance: tolerance), !outline.isEmpty, outline.isFinite else {
            return
        }
        cairo_save(context)
        cairo_new_path(context)
        outline.add(to: context)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_clip(context)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        if let picture = scrap.image, let corners = toPage.apply(to: Quadrilateral(picture.rect)) {
            pictures.draw(picture.reference, onto: corners, context: context)
        }
        let inside = area.intersection(outline.bounds.outsetBy(1))
        var start = scrap.items.startIndex
        while start < scrap.items.endIndex {
            var end = start + 1
            if scrap.items[start].stroke != nil {
                while end < scrap.items.endIndex, scrap.items[end].stroke != nil { end += 1 }
            }
            drawLayer(scrap.items[start..<end], through: toPage, area: inside)
            start = end
        }
        cairo_restore(context)
    }
}
