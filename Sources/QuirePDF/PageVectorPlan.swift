import Glibc
import QuireDocument
import QuireGeometry
import QuireInk

/// One page as the steps that draw it as vectors (`VectorDrawingStep`), worked out without cairo: the
/// paper, then the items bottom first as the renderer stacks them — ink as filled outlines or stroked
/// curves, what lies under erasers in groups clipped to outside them, scraps as their pictures and ink
/// clipped by their outlines, placed pictures through their corners. `PageVectorDrawing` replays the steps.
///
/// Scraps cast no shadow here. The renderer's shadow is a 3-pixel blur under the paper's edge, a depth
/// cue for a desk on screen; PDF and SVG have no blur, so it could only be a bitmap (the pure-vector
/// page would become part picture) or a stack of translucent rings that prints as a grey outline round
/// every photo. Handed-in and printed pages show the scrap as flat paper instead.
struct PageVectorPlan: Sendable {
    /// How far outlines may stray from the true ink, in page pixels: a tenth of a pixel at 96 dpi, under
    /// a device pixel at 600 dpi. Finer costs file size and time (cairo formats and compresses every
    /// point) for nothing a printer or a screen at 100 % can show.
    static let tolerance = 0.1

    private(set) var steps: [VectorDrawingStep] = []
    /// How many of `steps`, at the start, draw the paper and the PDF pages on it: the rest lie over them.
    private(set) var paperSteps = 0
    private let registry: InkEngineRegistry
    private let tolerance: Double

    init(_ page: Page, registry: InkEngineRegistry, tolerance: Double = Self.tolerance) {
        self.registry = registry
        self.tolerance = tolerance
        let width = page.size.width, height = page.size.height
        steps.append(.paper(page.background, width: width, height: height))
        for item in page.items {
            if case let .pdfPage(pdf) = item.content { steps.append(.pdfBackground(pdf)) }
        }
        paperSteps = steps.count
        let area = Rect(x: 0, y: 0, width: width, height: height).outsetBy(1)
        // On the page an eraser takes whatever was drawn on the page before it (the renderer's page
        // layer, with the paper put under it afterwards).
        addLayer(page.items[...], through: nil, area: area)
    }

    /// How many groups of what lies under erasers the page has (each painted clipped to outside them).
    var erasedGroups: Int { steps.reduce(0) { if case .beginGroup = $1 { $0 + 1 } else { $0 } } }

    /// The steps over the paper: the ink, scraps and pictures.
    var stepsOverPaper: ArraySlice<VectorDrawingStep> { steps[paperSteps...] }

    /// A group of what lies under erasers: where it ends in the layer (at its last eraser) and the
    /// clips outside its erasers (`EraserClip`).
    private struct ErasedGroup {
        var end: Int
        var clips: [BezierPath]
    }

    /// Items of one layer, bottom first, each eraser taking its shape out of everything before it in
    /// `items`. What lies under an eraser is drawn into a group (cairo's push_group: a form XObject in
    /// PDF, a `<g>` in SVG) painted clipped to outside the eraser, and the groups nest: the first
    /// group is painted into the second's, and so on, so ink between two erasers is taken by the later
    /// one only. Each stroke is then written once, as it would be unerased (stroked lines and curves for
    /// plain ink), and each eraser once, as its clip: the file grows with the ink plus the erasers.
    /// (A clip per eraser round each stroke under it wrote that stroke again for every eraser; taking the
    /// erasers' shapes out of each outline made every erased stroke an outline in many pieces, about 5×
    /// the size and 4× the time of Xournal++'s export of the same strokes.)
    ///
    /// One group serves several erasers when nothing drawn between them reaches the earlier ones:
    /// clipping that ink to outside them as well changes none of it. So erasing here, writing on
    /// elsewhere and erasing again is one group, not one each (each costs a form, its resources and a
    /// compression stream of its own: about 400 bytes).
    private mutating func addLayer(_ items: ArraySlice<PageItem>, through map: Homography?, area: Rect) {
        // Most layers have no eraser: their items are drawn as they come, each stroke's ink worked out
        // and let go in turn. A layer with erasers works out every stroke's ink first, to know what each
        // eraser reaches, and keeps it until the stroke is drawn.
        guard items.contains(where: { $0.stroke.map { blendMode(of: $0) == .erase } ?? false }) else {
            for item in items { addItem(item, through: map, area: area) }
            return
        }
        var groups: [ErasedGroup] = []
        // The erasers not yet closed into a group: their clips, what they reach, the last one's place.
        var pending: (clips: [BezierPath], reaches: [Rect], last: Int)?
        var inks: [Int: VectorInk] = [:]
        var under = Rect.null
        for index in items.indices {
            let item = items[index]
            guard let stroke = item.stroke else {
                Self.close(&pending, into: &groups, ifReaching: item.bounds)
                under = under.union(item.bounds)
                continue
            }
            let ink = Self.drawnWidth(registry.vectorInk(for: stroke.samples, style: stroke.style))
            guard blendMode(of: stroke) == .erase else {
                inks[index] = ink
                Self.close(&pending, into: &groups, ifReaching: ink.bounds)
                under = under.union(ink.bounds)
                continue
            }
            // An eraser over nothing drawn before it changes nothing.
            guard ink.bounds.intersects(under) else { continue }
            var shape = Self.shape(of: ink, tolerance: tolerance)
            if let map {
                guard let carried = map.apply(to: shape, tolerance: tolerance) else { continue }
                shape = carried
            }
            guard !shape.isEmpty, shape.isFinite else { continue }
            let clips = EraserClip.outside(shape, within: area, tolerance: tolerance) {
                EraserClip.clipsOutside(ink.convexPieces(tolerance: tolerance), through: map, within: area)
            }
            var joined = pending ?? (clips: [], reaches: [], last: index)
            joined.clips += clips
            joined.reaches.append(ink.bounds)
            joined.last = index
            pending = joined
        }
        Self.close(&pending, into: &groups, ifReaching: nil)
        steps += Array(repeating: .beginGroup, count: groups.count)
        var next = groups.startIndex
        for index in items.indices {
            if next < groups.endIndex, groups[next].end == index {
                steps.append(.endGroup(clippedTo: groups[next].clips))
                next += 1
            } else {
                addItem(items[index], ink: inks.removeValue(forKey: index), through: map, area: area)
            }
        }
    }

    /// Ends the erasers still open in a group of their own, at the last of them, when what is about to
    /// be drawn (`bounds`, in the layer's coordinates) reaches any of them; always when `bounds` is nil.
    private static func close(_ pending: inout (clips: [BezierPath], reaches: [Rect], last: Int)?,
                              into groups: inout [ErasedGroup], ifReaching bounds: Rect?) {
        guard let open = pending else { return }
        if let bounds, !open.reaches.contains(where: { $0.intersects(bounds) }) { return }
        groups.append(ErasedGroup(end: open.last, clips: open.clips))
        pending = nil
    }

    private func blendMode(of stroke: Stroke) -> InkBlendMode {
        registry.makeEngine(for: stroke.style).renderStyle.blendMode
    }

    /// `ink`: the stroke's, where the layer has worked it out already.
    private mutating func addItem(_ item: PageItem, ink: VectorInk? = nil, through map: Homography?, area: Rect) {
        switch item.content {
        case let .stroke(stroke):
            addStroke(stroke, ink: ink, through: map)
        case let .scrap(scrap):
            addScrap(scrap, through: map, area: area)
        case let .image(placed):
            var corners = placed.corners
            if let map {
                guard let carried = map.apply(to: placed.corners) else { return }
                corners = carried
            }
            steps.append(.picture(placed.image, onto: corners))
        case .pdfPage:
            // Drawn with the paper, before any layer (`init`).
            return
        case let .text(text):
            guard PageItem.Content.text(text).problem == nil, !text.text.isEmpty else { return }
            guard let map else {
                steps.append(.text(text, frame: TextFrame(origin: text.origin, angle: text.angle, scale: 1)))
                return
            }
            // On a scrap: placed by the map's local frame at the text's origin, its baseline turned with it.
            guard let frame = map.localFrame(at: text.origin) else { return }
            let baseline = frame.u * cos(text.angle) + frame.v * sin(text.angle)
            steps.append(.text(text, frame: TextFrame(origin: frame.origin, angle: atan2(baseline.y, baseline.x), scale: frame.scale)))
        case let .custom(custom):
            guard let drawn = custom.content as? any VectorCustomItem else { return }
            addCustom(drawn, through: map)
        }
    }

    /// A custom item's parts (`VectorCustomItem`), carried through `map`.
    private mutating func addCustom(_ item: any VectorCustomItem, through map: Homography?) {
        for part in item.vectorParts(tolerance: tolerance) {
            switch part {
            case let .filled(path, color, opacity):
                guard let carried = map.map({ $0.apply(to: path, tolerance: tolerance) }) ?? path, !carried.isEmpty, carried.isFinite,
                      opacity.isFinite, opacity > 0 else { continue }
                // Even-odd, as the renderer clips a filled shape (`RenderItemBuilder.filled`).
                steps += [.save, .clip(carried, evenOdd: true),
                          .fill(carried, color: color, opacity: min(1, opacity), cuts: []), .restore]
            case let .ink(stroke):
                addStroke(stroke, through: map)
            }
        }
    }

    /// Ink as filled outlines (non-zero): plain ink a run of near-equal colour at a time, at the opacity
    /// its overlapping dabs reach; a highlighter's whole outline once at its layer's opacity, as the
    /// renderer joins its own layer, so it never darkens where it crosses itself. Erasers draw nothing
    /// themselves: what they take is clipped away round the groups under them (`addLayer`).
    private mutating func addStroke(_ stroke: Stroke, ink known: VectorInk? = nil, through map: Homography?) {
        var engine = registry.makeEngine(for: stroke.style)
        let render = engine.renderStyle
        guard render.blendMode != .erase else { return }
        let ink = known ?? Self.drawnWidth(engine.vectorInk(for: stroke.samples, style: stroke.style))
        let highlight = render.blendMode == .highlight
        // A highlighter is drawn as the renderer draws it: a layer of its own, solid within, shown at
        // the layer's opacity; so it is one colour, filled whole once (cut into runs, they would overlap
        // where it crosses itself). Other translucent ink is cut square where its runs meet.
        let shown: (InkColor, Double) -> Double = highlight
            ? { _, _ in 1 }
            : { InkRun.shownOpacity($0.alpha, width: $1, brush: stroke.style.brush) }
        for run in InkRun.runs(of: ink, shown: shown) {
            let shown = highlight ? Double(render.layerOpacity) : run.opacity
            guard shown > 0 else { continue }
            if map == nil, !highlight, shown >= InkRun.opaque, run.cuts.isEmpty,
               let curves = Self.strokedRuns(of: run.ink, tolerance: tolerance) {
                steps.append(.stroke(curves, color: run.color, opacity: shown))
                continue
            }
            var outline = Self.shape(of: run.ink, tolerance: tolerance)
            if let map {
                guard let carried = map.apply(to: outline, tolerance: tolerance) else { continue }
                outline = carried
            }
            guard !outline.isEmpty, outline.isFinite else { continue }
            let cuts = run.cuts.isEmpty ? [] : cutPaths(run.cuts, around: run.ink.centerLine.bounds.outsetBy(run.width + 2), through: map)
            steps.append(.fill(outline, color: run.color, opacity: shown, cuts: cuts))
        }
    }

    /// `ink` as wide as vectors draw it: a soft brush narrower than its dabs (`Brush.vectorWidthFraction`),
    /// so a hard edge has the weight and the half-dark edge of the sprites' fading rim.
    static func drawnWidth(_ ink: VectorInk) -> VectorInk {
        let fraction = ink.style.brush.vectorWidthFraction
        guard fraction != 1 else { return ink }
        var narrowed = ink
        for index in narrowed.nodes.indices { narrowed.nodes[index].width *= fraction }
        return narrowed
    }

    /// Opaque round ink on the page as lines and curves to stroke at their widths
    /// (`VectorInk.widthRuns`), the way a PDF draws pens: a cubic per several steps where the filled
    /// outline needs three or more points a step, so cairo has far fewer numbers to print and compress.
    /// Nil for ink that is not round, draws no length, or strays off the finite: its outline is filled
    /// instead.
    private static func strokedRuns(of ink: VectorInk, tolerance: Double) -> [VectorInk.WidthRun]? {
        guard ink.style.brush.footprint == .disc else { return nil }
        let runs = ink.widthRuns(tolerance: tolerance)
        func finite(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }
        guard !runs.isEmpty, runs.allSatisfy({ run in
            run.width.isFinite && run.pieces.allSatisfy { finite($0.p0) && finite($0.p1) && finite($0.p2) && finite($0.p3) }
        }) else {
            return nil
        }
        return runs
    }

    /// The ink's area to fill (non-zero): the outline of round dabs, or for a nib that is not round (the
    /// chisel of markers and highlighters) the area it sweeps (`VectorInk.sweptOutline`).
    static func shape(of ink: VectorInk, tolerance: Double) -> BezierPath {
        ink.style.brush.footprint == .disc ? ink.outline(tolerance: tolerance) : ink.sweptOutline(tolerance: tolerance)
    }

    /// The half planes to clip to: for each cut, the side its direction points to, within `area` (the
    /// run's own coordinates), carried through `map`.
    private func cutPaths(_ cuts: [InkRun.Cut], around area: Rect, through map: Homography?) -> [BezierPath] {
        let reach = area.width + area.height
        return cuts.compactMap { cut in
            let across = cut.direction.perpendicular * reach, ahead = cut.direction * reach
            let corners = [cut.point + across, cut.point + across + ahead, cut.point - across + ahead, cut.point - across]
            let path = BezierPath(polygon: corners)
            guard let map else { return path }
            return map.apply(to: path, tolerance: tolerance)
        }
    }

    /// A scrap: clipped by its outline (even-odd, as the renderer's stencil), its picture, then its own
    /// items in its coordinates carried onto the page, a run of ink at a time (an eraser on a scrap
    /// takes that scrap's ink drawn before it in the run, never its picture).
    private mutating func addScrap(_ scrap: Scrap, through map: Homography?, area: Rect) {
        let toPage = map.map { scrap.transform.concatenating($0) } ?? scrap.transform
        guard let outline = toPage.apply(to: scrap.outline, tolerance: tolerance), !outline.isEmpty, outline.isFinite else {
            return
        }
        steps.append(.save)
        steps.append(.clip(outline, evenOdd: true))
        if let picture = scrap.image, let corners = toPage.apply(to: Quadrilateral(picture.rect)) {
            steps.append(.picture(picture.reference, onto: corners))
        }
        let inside = area.intersection(outline.bounds.outsetBy(1))
        var start = scrap.items.startIndex
        while start < scrap.items.endIndex {
            var end = start + 1
            if scrap.items[start].stroke != nil {
                while end < scrap.items.endIndex, scrap.items[end].stroke != nil { end += 1 }
            }
            addLayer(scrap.items[start..<end], through: toPage, area: inside)
            start = end
        }
        steps.append(.restore)
    }
}
