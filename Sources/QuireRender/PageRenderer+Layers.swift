import CGL
import QuireGeometry
import QuireInk

extension PageRenderer {
    var liveHighlightLayer: RenderTarget? { painter.pool.target("live-highlight", width: pageWidth, height: pageHeight) }

    /// Draws the page's items `indices` (ascending) into `target` through `projection`, in order, a
    /// run of like strokes a call (`ItemPainter.drawItems`); `skip(i)` sprites of item i are left out (a
    /// stroke half-way through baking). Honours the scissor.
    func drawItems<S: Sequence>(_ indices: S, into target: RenderTarget, projection: PageProjection,
                                skip: (Int) -> Int = { _ in 0 }) where S.Element == Int {
        painter.drawItems(indices, of: list, into: target, projection: projection, skip: skip)
    }

    /// Draws item `index` whole into `target`.
    func render(_ index: Int, into target: RenderTarget, projection: PageProjection) {
        painter.render(list[index], into: target, projection: projection)
    }

    /// Draws the ink and baked layers from the items when they do not show them yet (a new renderer),
    /// or again where they hold a backdrop the paper no longer asks for (see `layerBackdrop`).
    func drawLayersIfStale() {
        guard layersAreStale else {
            if layerBackdrop != paperBackdrop {
                // Set first: the redraw calls this again, and must find nothing more to do.
                layerBackdrop = paperBackdrop
                redraw(pageRect, bakedToo: true)
            }
            return
        }
        layersAreStale = false
        bakeProgress = nil
        clearPageLayers()
        staleBakedAreas.removeAll()
        // The items to bake are drawn once, into the baked layer, and copied into the ink layer, as a
        // redraw does an area: a page of a hundred photo scraps drew each twice before its first frame.
        let toBake = max(0, list.count - undoWindow)
        if toBake > 0 {
            drawItems(0..<toBake, into: bakedLayer, projection: pageProjection)
            bakedBoundary.reset(to: toBake)
            copyArea(pageRect, of: bakedLayer, into: inkLayer)
        }
        drawItems(toBake..<list.count, into: inkLayer, projection: pageProjection)
    }

    /// Where a live eraser goes in the page's order, when it is one and the page has scraps: under the
    /// lowest scrap (the first group with a clip), with the page's ink. Until the pen lifts it takes page
    /// ink only; then its pieces join the scraps it crossed, which erase their own ink (and never their
    /// picture). Nil for any other live stroke: it goes on top.
    var liveEraserPlace: Int? {
        guard live.blendMode == .erase else { return nil }
        return list.entries.firstIndex { entry in
            if case let .group(group) = entry.item { !group.clip.isEmpty } else { false }
        }
    }

    /// Draws the items at `indices` (ascending) and the live stroke where it goes in their order:
    /// `under`, the live eraser's place (`liveEraserPlace`, found by the caller once), else on top.
    func drawItemsAndLiveStroke(_ indices: [Int], under: Int?, into target: RenderTarget, projection: PageProjection,
                                skip: (Int) -> Int = { _ in 0 }) {
        guard let under else {
            drawItems(indices, into: target, projection: projection, skip: skip)
            return drawLiveSprites(into: target, projection: projection)
        }
        let split = indices.firstIndex { $0 >= under } ?? indices.count
        drawItems(indices[..<split], into: target, projection: projection, skip: skip)
        drawLiveSprites(into: target, projection: projection)
        drawItems(indices[split...], into: target, projection: projection, skip: skip)
    }

    /// The live stroke's final sprites (not on the GPU yet), streamed into `target`.
    func drawLiveSprites(into target: RenderTarget, projection: PageProjection) {
        live.drawSprites(into: target, projection: projection, painter: painter)
    }

    /// Clears the scissored part of the bound page layer to what it holds under its ink.
    func clearToBackdrop() {
        InkColor.setClearColor(layerBackdrop)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// Copies the pixels of `area` (rounded out to whole pixels, as the scissor is) from `source` into
    /// `target` of the same size, as they are: a blit, which the driver does as a copy of memory, where
    /// drawing the layer as a textured quad shades every pixel (on llvmpipe the copy under each area a
    /// cut redraws cost about a millisecond that way). Leaves `target` bound.
    func copyArea(_ area: Rect, of source: RenderTarget, into target: RenderTarget) {
        copyPixels(area, of: source, shiftedBy: .identity, into: target)
    }

    /// Copies the pixels of `source` that `shift` (a move by whole pixels) takes to `area` of `target`
    /// (y down, rounded out to whole pixels, within both), as `copyArea` does.
    func copyPixels(_ area: Rect, of source: RenderTarget, shiftedBy shift: QuireGeometry.AffineTransform, into target: RenderTarget) {
        let x0 = Int(area.minX.rounded(.down)), x1 = Int(area.maxX.rounded(.up))
        let y0 = Int(area.minY.rounded(.down)), y1 = Int(area.maxY.rounded(.up))
        let dx = Int(shift.tx), dy = Int(shift.ty)
        // GL's rows run bottom-up, each target from its own height.
        func sourceRow(_ y: Int) -> GLint { GLint(source.height - (y - dy)) }
        func targetRow(_ y: Int) -> GLint { GLint(target.height - y) }
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), source.framebuffer)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), target.framebuffer)
        glBlitFramebuffer(GLint(x0 - dx), sourceRow(y1), GLint(x1 - dx), sourceRow(y0),
                          GLint(x0), targetRow(y1), GLint(x1), targetRow(y0),
                          GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        target.bind()
    }

    /// Whether item `index` is a plain stroke (no clip, not a highlighter): the only kind baked a slice
    /// at a time straight into the baked layer.
    func bakesInSlices(_ index: Int) -> Bool {
        guard case let .stroke(stroke) = list[index].item else { return false }
        return stroke.clip == nil && stroke.style.blendMode != .highlight
    }

    /// Redraws the page inside `rect` from what is kept: the baked layer (itself rebuilt from vectors
    /// when `bakedToo`), then the recent items that touch the rect, in order, then the live stroke.
    func redraw(_ rect: Rect, bakedToo: Bool) {
        drawLayersIfStale()
        refreshDesk(around: rect)
        var area = rect.outsetBy(1).intersection(pageRect)
        guard !area.isNull, !area.isEmpty else { return }
        var bakedToo = bakedToo
        // Where the baked layer was left behind under a photo hiding it (`replace`), it is brought up to
        // date before anything there is shown from it again.
        while let stale = staleBakedAreas.firstIndex(where: area.intersects) {
            area = area.union(staleBakedAreas.remove(at: stale)).intersection(pageRect)
            bakedToo = true
        }
        // Bands not drawn yet wholly inside an area redrawn from vectors are drawn by it.
        if bakedToo, !undrawnBands.isEmpty { noteBandsDrawn(within: area) }
        if pendingRedraws != nil {
            pendingRedraws!.append((area, bakedToo))
            return
        }
        redraw(areas: [(area, bakedToo)])
    }

    /// Redraws `areas` (within the page, no two sharing a pixel) as `redraw` does each, a step at a
    /// time for all of them: the baked layer rebuilt where asked, then every area's copy of it (a blit,
    /// which on llvmpipe waits for the layers' drawing to finish: once, not once an area), then every
    /// area's recent items, then the view. The rasterizer works on one area's drawing while the next
    /// is being asked for, where an area at a time left it idle at each copy.
    /// `refreshesView` false leaves the view as it is: bands drawn for the first time
    /// (`PageRenderer+Bands`), which no sharp tile of the view was taken from.
    func redraw(areas: [(rect: Rect, bakedToo: Bool)], refreshesView: Bool = true) {
        layerAreasRedrawn += areas.count
        for area in areas where area.bakedToo {
            bakedLayer.bind()
            Scissor.set(area.rect, framebufferHeight: pageHeight)
            clearToBackdrop()
            drawItems(shown(list.indices(touching: area.rect, below: bakedCount), in: area.rect), into: bakedLayer,
                      projection: pageProjection)
            if let done = bakeProgress, bakedCount < list.count, bakesInSlices(bakedCount),
               case let .stroke(stroke) = list[bakedCount].item {
                painter.drawSprites(list[bakedCount].span.slice(0..<done), style: stroke.style, into: bakedLayer,
                            projection: pageProjection)
            }
        }
        Scissor.off()
        let under = liveEraserPlace
        // The scraps a live eraser must stay under are in the baked layer: the areas from vectors.
        let fromVectors = under.map { $0 < bakedCount } ?? false
        if !fromVectors {
            // Copied exactly to each area's pixels (rounded out as the scissor is), so no scissor.
            for area in areas { copyArea(area.rect, of: bakedLayer, into: inkLayer) }
        }
        inkLayer.bind()
        let baked = bakedCount, progress = bakeProgress ?? 0
        // Sprites of a stroke half-way through baking are in the baked layer already.
        let halfBaked = baked < list.count && bakesInSlices(baked) ? progress : 0
        for area in areas {
            Scissor.set(area.rect, framebufferHeight: pageHeight)
            if fromVectors {
                clearToBackdrop()
                drawItemsAndLiveStroke(list.indices(touching: area.rect), under: under, into: inkLayer,
                                       projection: pageProjection)
            } else {
                drawItemsAndLiveStroke(shown(list.indices(touching: area.rect, from: baked), in: area.rect), under: under,
                                       into: inkLayer, projection: pageProjection, skip: { $0 == baked ? halfBaked : 0 })
            }
            painter.rasterizerKick.kickIfDue()
            inkLayer.bind()
        }
        Scissor.off()
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        if refreshesView { for area in areas { refreshView(pageRect: area.rect) } }
    }

    /// Notes that the baked layer is behind in `rect`, joined with any stale area it meets: the list
    /// holds areas that do not overlap, so a photo changing again and again under another adds none.
    func markBakedLayerStale(_ rect: Rect) {
        var area = rect
        while let overlapping = staleBakedAreas.firstIndex(where: area.intersects) {
            area = area.union(staleBakedAreas.remove(at: overlapping))
        }
        staleBakedAreas.append(area)
    }

    /// Of `indices` (ascending), those from the topmost item hiding `rect` wholly (`OpaqueCover`) up:
    /// what shows there.
    private func shown(_ indices: [Int], in rect: Rect) -> [Int] {
        let first = OpaqueCover.firstShown(indices, in: rect, item: { list[$0].item }, isOpaque: painter.images.isOpaque)
        return first == 0 ? indices : Array(indices[first...])
    }

    /// Runs `steps` (inserts, removals, replacements) with their redraws held back, then redraws each
    /// changed area once: a scissors cut puts ten pieces in place of five scraps, and fifteen redraws of
    /// overlapping rectangles, each clearing and recompositing its area, cost fifteen times one.
    /// Overlapping rectangles are drawn as their union; distant ones stay apart.
    public func batchingRedraws(_ steps: () -> Void) {
        guard pendingRedraws == nil else { return steps() }
        pendingRedraws = []
        // Pictures taken out and put back within the steps (a scrap and its pieces) keep their textures.
        painter.images.beginHolding()
        steps()
        painter.images.endHolding()
        // A pixel more round each, as a redraw of each on its own gave (`redraw` adds one, and these
        // had theirs already).
        var areas = pendingRedraws!.compactMap { area -> (rect: Rect, bakedToo: Bool)? in
            let rect = area.rect.outsetBy(1).intersection(pageRect)
            return rect.isNull || rect.isEmpty ? nil : (rect, area.bakedToo)
        }
        pendingRedraws = nil
        var merged: [(rect: Rect, bakedToo: Bool)] = []
        while let next = areas.popLast() {
            var area = next
            // Swallow every rectangle this one meets or comes within a pixel of (so no two share a
            // pixel once rounded out), again until none is left that it meets.
            var grew = true
            while grew {
                grew = false
                for k in merged.indices.reversed() where merged[k].rect.outsetBy(1).intersects(area.rect) {
                    area = (area.rect.union(merged[k].rect), area.bakedToo || merged[k].bakedToo)
                    merged.remove(at: k)
                    grew = true
                }
            }
            merged.append(area)
        }
        if !merged.isEmpty { redraw(areas: merged) }
        let deskRefreshes = pendingDeskRefreshes
        pendingDeskRefreshes = []
        for rect in deskRefreshes { refreshDesk(around: rect) }
        painter.shadows.masks.dropPrepared()
    }
}
