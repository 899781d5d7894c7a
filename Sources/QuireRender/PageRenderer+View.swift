import CGL
import Foundation
import QuireGeometry
import QuireImageIO
import QuireInk

extension PageRenderer {
    var viewLayer: RenderTarget? {
        guard let view else { return nil }
        return painter.pool.target("view", width: view.width, height: view.height)
    }

    /// Draws desk, page and ink into the default framebuffer of a `width × height` window, the page
    /// placed by `pageToWindow` (zoom and pan), with the live stroke's `provisional` sprites on top and
    /// then `overlay` (the UI: selections, handles, the scissors' path) in window pixels, which is never
    /// part of the page. Each frame also bakes and sharpens a little, within their budgets (see
    /// `needsAnotherFrame`). `target` replaces the window (tests and benchmarks draw the view offscreen).
    ///
    /// With `bakes` false the frame bakes nothing: the caller bakes after presenting it
    /// (`bakeBetweenFrames`), so a stroke leaving the undo window never delays the ink a pen just drew.
    ///
    /// With `onlyWhatChanged` the framebuffer is taken to hold the last frame drawn here, and only the
    /// window rectangle changed since (new ink, the live stroke's tail then and now) is drawn, scissored:
    /// that rectangle is returned (null when nothing changed) for the window to present alone. A frame
    /// whose extent is not tracked (first frame, new size or view, tiles still sharpening, a live
    /// highlighter, a held item) is drawn whole, and nil returned, as it is without `onlyWhatChanged`.
    /// An overlay the same as the last frame's is drawn again only inside the changed rectangle; one
    /// that changed adds where it was and where it is to that rectangle.
    @discardableResult
    public func drawView(width: Int, height: Int, pageToWindow: QuireGeometry.AffineTransform, provisional: [Sprite] = [],
                         overlay: [OverlayItem] = [], into target: RenderTarget? = nil,
                         onlyWhatChanged: Bool = false, bakes: Bool = true) -> Rect? {
        defer {
            painter.images.sweep()
            letGoOfUploadedPixels()
        }
        overlayRenderer.keepPictures(of: overlay)
        drawLayersIfStale()
        if bakes { bake(budget: bakeBudget) }
        updateView(width: width, height: height, pageToWindow: pageToWindow)
        if let view, !undrawnBands.isEmpty {
            // The rows the window shows, then (when this frame may do more than draw) one band more.
            drawBands(touching: view.pageRect(ofWindowRect: Rect(x: 0, y: 0, width: Double(width), height: Double(height))))
            if bakes { drawNextBand() }
        }
        sharpen(budget: sharpenBudget)
        guard let view, let viewLayer else { return nil }
        let framebuffer = target?.framebuffer ?? 0

        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        let projection = view.projection(guardBand: guardBand)
        let tail = liveTailBounds(provisional, in: view)
        // A held item (a scrap being dragged or stretched) moves over the page each frame: where it was
        // drawn last and where it is drawn now change (whole frames when that is not known). One held in
        // place (a text box being typed into) notes where it changed itself.
        let carried = held.map { !$0.inPlace } ?? false
        let carriedArea = carried ? heldWindowArea(in: view) : nil
        frameDamage.noteHeld(carriedArea ?? .null)
        let untracked = live.blendMode == .highlight || !view.tiles.allSharp || (carried && carriedArea == nil)
        frameDamage.noteOverlay(overlay)
        let areas = onlyWhatChanged && !untracked
            ? frameDamage.areas(width: width, height: height, pageToWindow: pageToWindow, tail: tail) : nil
        frameDamage.frameDrawn(width: width, height: height, pageToWindow: pageToWindow, tail: tail, untracked: untracked)
        if let areas {
            // Only the changed rectangles: the view layer's pixels there, the held item, the live tail
            // and the overlay on top, the rest of the framebuffer left as the last frame drew it.
            for area in areas {
                let x0 = GLint(area.minX), x1 = GLint(area.maxX)
                let y0 = GLint(height) - GLint(area.maxY), y1 = GLint(height) - GLint(area.minY)
                glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), viewLayer.framebuffer)
                glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), framebuffer)
                glBlitFramebuffer(x0, y0, x1, y1, x0, y0, x1, y1, GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
                glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
                if held != nil { drawLifted(projection: projection, width: width, height: height, target: framebuffer, within: area) }
                glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
                drawLiveStroke(projection: projection, provisional: provisional, target: framebuffer, within: area)
                if !overlay.isEmpty, OverlayItem.bounds(of: overlay).outsetBy(1).intersects(area) {
                    overlayRenderer.draw(overlay, into: framebuffer, width: width, height: height,
                                         scratch: { painter.pool.target("overlay", width: width, height: height) }, within: area)
                }
            }
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            // Presented as one rectangle: the pixels between the areas are the last frame's, as they were.
            return areas.isEmpty ? .null : areas.reduce(Rect.null) { $0.union($1) }
        }
        if view.tiles.allSharp {
            // The settled case, nearly every frame: the view layer holds desk, paper and ink already,
            // so presenting is a plain copy.
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), viewLayer.framebuffer)
            glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), framebuffer)
            glBlitFramebuffer(0, 0, GLint(width), GLint(height), 0, 0, GLint(width), GLint(height),
                              GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        } else {
            glClearColor(deskColor.red, deskColor.green, deskColor.blue, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            drawPaper(projection: projection)
            // Sharp tiles from the view layer, the others from the scaled ink layer until their turn.
            let windowProjection = PageProjection(width: width, height: height, pageToFramebuffer: .identity, guardBand: 0)
            /// `rect` as a fraction of a `width × height` texture: the part of it to sample.
            func part(_ rect: Rect, of width: Int, _ height: Int) -> Rect {
                Rect(x: rect.minX / Double(width), y: rect.minY / Double(height),
                     width: rect.width / Double(width), height: rect.height / Double(height))
            }
            for index in 0..<view.tiles.count {
                let tile = view.windowRect(ofTile: index)
                if view.tiles.isSharp(index) {
                    painter.quads.drawLayer(viewLayer.texture, over: tile, projection: windowProjection, replace: true,
                                    part: part(tile, of: width, height))
                } else {
                    let shown = view.pageRect(ofWindowRect: tile).intersection(pageRect)
                    guard !shown.isNull, !shown.isEmpty else { continue }
                    painter.quads.drawLayer(inkLayer.texture, over: shown, projection: projection,
                                    part: part(shown, of: pageWidth, pageHeight))
                }
            }
        }
        drawLifted(projection: projection, width: width, height: height, target: framebuffer)
        drawLiveStroke(projection: projection, provisional: provisional, target: framebuffer,
                       within: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        if !overlay.isEmpty {
            overlayRenderer.draw(overlay, into: framebuffer, width: width, height: height,
                                 scratch: { painter.pool.target("overlay", width: width, height: height) })
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        return nil
    }

    /// Where the live stroke's tail lands in the window (null without one).
    private func liveTailBounds(_ provisional: [Sprite], in view: ViewState) -> Rect {
        guard live.isDrawing, !provisional.isEmpty else { return .null }
        let bounds = SceneStroke.bounds(of: provisional)
        return bounds.isNull ? .null : view.pageToWindow.apply(bounds)
    }

    /// Notes that the view layer changed over `pageRect` (page pixels): the next frame draws it.
    func noteViewChanged(pageRect: Rect) {
        guard let view, !pageRect.isNull else { return }
        frameDamage.noteViewChanged(view.pageToWindow.apply(pageRect))
    }

    /// Whether the view shows every tile sharp (rendered from vectors at the current zoom).
    public var viewIsSharp: Bool { view?.tiles.allSharp ?? false }

    /// Forgets sharp tiles when the window's size or the view changed.
    private func updateView(width: Int, height: Int, pageToWindow: QuireGeometry.AffineTransform) {
        if let view, view.width == width, view.height == height, view.pageToWindow == pageToWindow { return }
        view = ViewState(width: width, height: height, pageToWindow: pageToWindow)
    }

    /// Re-renders stale tiles from vectors, nearest the centre first, until `budget` seconds are spent
    /// (at least one tile a frame, so sharpening always progresses).
    func sharpen(budget: Double) {
        guard let view, let layer = viewLayer else { return }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(budget * 1e9)
        let projection = view.projection(guardBand: guardBand)
        for index in view.tiles.staleTilesCentreFirst {
            renderView(view.windowRect(ofTile: index), of: view, into: layer, projection: projection)
            self.view?.tiles.markSharp(index)
            if DispatchTime.now().uptimeNanoseconds > deadline { break }
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    /// Renders `windowRect` of the view layer from vectors: desk, patterned paper, then every item
    /// touching it (and the live stroke's final sprites) at the view's zoom. The ink is built on
    /// a transparent scratch layer first, so an eraser removes ink and never the paper's rules.
    /// When the view shows the page pixel for pixel (100 %, panned by whole pixels), the ink layer
    /// holds exactly that ink already and is copied instead: a live eraser over a page of a hundred
    /// scraps then costs a copy of its rectangle a frame, not a redraw of every scrap under it.
    func renderView(_ windowRect: Rect, of view: ViewState, into layer: RenderTarget, projection: PageProjection) {
        frameDamage.noteViewChanged(windowRect)
        if view.showsPagePixelForPixel {
            // The ink layer's pixels are shown here: drawn first where they are not yet.
            drawBands(touching: view.pageRect(ofWindowRect: windowRect))
            if layerBackdrop != nil, coversPageOnly(windowRect, of: view) {
                // The ink layer holds the paper under its ink (`layerBackdrop`): there it is the page as
                // the view shows it, and the view takes a copy of its pixels, with no shading.
                copyPixels(windowRect, of: inkLayer, shiftedBy: view.pageToWindow, into: layer)
                return
            }
            layer.bind()
            Scissor.set(windowRect, framebufferHeight: view.height)
            glClearColor(deskColor.red, deskColor.green, deskColor.blue, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            drawPaper(projection: projection)
            // The page pixel for pixel: each window pixel is one texel of the ink layer.
            painter.quads.drawLayer(inkLayer.texture, over: pageRect, projection: projection, texelForPixel: true)
            Scissor.off()
            return drawOverhangs(windowRect, of: view, into: layer, projection: projection)
        }
        guard let ink = painter.pool.target("view-ink", width: view.width, height: view.height) else { return }
        ink.bind()
        Scissor.set(windowRect, framebufferHeight: view.height)
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        // The page's ink ends at its edge, as the ink layer's does at 100 %; only scraps go past it.
        let onPage = DeskArea.pagePixels(pageOnScreen(in: view)).map { windowRect.intersection($0) } ?? .null
        if !onPage.isNull, !onPage.isEmpty {
            Scissor.set(onPage, framebufferHeight: view.height)
            let pageArea = view.pageRect(ofWindowRect: onPage)
            drawItemsAndLiveStroke(list.indices(touching: pageArea), under: liveEraserPlace, into: ink, projection: projection)
            Scissor.set(windowRect, framebufferHeight: view.height)
        }
        layer.bind()
        glClearColor(deskColor.red, deskColor.green, deskColor.blue, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        drawPaper(projection: projection)
        painter.copyWhole(ink)
        Scissor.off()
        drawOverhangs(windowRect, of: view, into: layer, projection: projection)
    }

    /// Whether every pixel the scissor takes of `windowRect` (rounded out to whole pixels) shows the
    /// page, none the desk beside it.
    private func coversPageOnly(_ windowRect: Rect, of view: ViewState) -> Bool {
        let pixels = Rect(x: windowRect.minX.rounded(.down), y: windowRect.minY.rounded(.down),
                          width: windowRect.maxX.rounded(.up) - windowRect.minX.rounded(.down),
                          height: windowRect.maxY.rounded(.up) - windowRect.minY.rounded(.down))
        let shown = view.pageRect(ofWindowRect: pixels)
        return !shown.isNull && pageRect.contains(Point(shown.minX, shown.minY)) && pageRect.contains(Point(shown.maxX, shown.maxY))
    }

    /// Brings the view layer up to date where the page changed (undo, redo, a finished highlighter):
    /// at once, for just that rectangle, so a change never costs a whole tile.
    func refreshView(pageRect changed: Rect) {
        guard let view, let layer = viewLayer else { return }
        let window = Rect(x: 0, y: 0, width: Double(view.width), height: Double(view.height))
        let area = view.pageToWindow.apply(changed.outsetBy(1)).outsetBy(1).intersection(window)
        guard !area.isNull, !area.isEmpty else { return }
        renderView(area, of: view, into: layer, projection: view.projection(guardBand: guardBand))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    /// Sharpens every tile now (tests, and a view that must be exact at once).
    public func finishSharpening() {
        while !(view?.tiles.allSharp ?? true) { sharpen(budget: 1) }
    }

    /// The live stroke's layer or provisional tail, over the page in framebuffer `target`; in a frame of
    /// the view, only within `within` (window pixels) and, as the stroke's ink ends at the page's edge
    /// once it is on the page, only over the page (a highlighter's layer is the page's already): a
    /// stroke run off the page, or an eraser's paper-coloured tail, never marks the desk.
    private func drawLiveStroke(projection: PageProjection, provisional: [Sprite], target: GLuint, within area: Rect? = nil) {
        let draw = {
            self.live.drawTail(provisional, projection: projection, target: target, painter: self.painter, paper: self.paper,
                               highlightLayer: self.live.blendMode == .highlight ? self.liveHighlightLayer : nil)
        }
        guard let area, let view else { return draw() }
        let shown = live.blendMode == .highlight ? area
            : DeskArea.pagePixels(pageOnScreen(in: view)).map { $0.intersection(area) } ?? .null
        guard !shown.isNull, !shown.isEmpty else { return }
        Scissor.set(shown, framebufferHeight: view.height)
        draw()
        Scissor.off()
    }

    /// The page as a person would see it, at `scale` framebuffer pixels per page pixel: at 1 the ink
    /// layer as it is, at any other scale re-rendered from vectors (sharp, not a scaled bitmap).
    public func renderPageImage(scale: Double = 1) throws -> RGBAImage {
        settleLifted()
        drawLayersIfStale()
        if scale == 1 { drawAllBands() }
        let size = try PageImageSize(pageWidth: Double(pageWidth), pageHeight: Double(pageHeight), scale: scale,
                                 maximumSide: PageImageSize.currentMaximumSide())
        let width = size.width, height = size.height
        let target = try RenderTarget(width: width, height: height)
        let projection = PageProjection(width: width, height: height, pageToFramebuffer: .scale(scale, scale),
                                        guardBand: guardBand)
        target.bind()
        drawPaper(projection: projection)
        if scale == 1 {
            // As the view shows it at 100 %: texel for pixel.
            painter.quads.drawLayer(inkLayer.texture, over: pageRect, projection: projection, texelForPixel: true)
        } else {
            // Ink on its own layer first, so erasers remove ink and not paper.
            guard let ink = painter.pool.target("export-ink", width: width, height: height) else {
                throw RenderError.framebufferIncomplete(status: 0)
            }
            ink.clear()
            drawItems(list.indices, into: ink, projection: projection)
            target.bind()
            painter.copyWhole(ink)
        }
        drawLiveStroke(projection: projection, provisional: [], target: target.framebuffer)
        target.bind()
        glFinish()
        let image = FramebufferReader.read(width: width, height: height)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        try GLCheck.noError(during: "page export")
        return image
    }
}
