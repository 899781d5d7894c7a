import CGL
import QuireGeometry
import QuireInk

extension PageRenderer {
    var liveHighlightLayer: RenderTarget? { pool.target("live-highlight", width: pageWidth, height: pageHeight) }

    /// Draws a finished stroke (from sprite `start` on) into `target` through `projection`, blending by
    /// its tool. Honours the scissor in force.
    func render(_ stroke: SceneStroke, from start: Int = 0, into target: RenderTarget, projection: PageProjection) {
        guard start < stroke.sprites.count else { return }
        let part = stroke.sprites[start...]
        let brush = brushes.texture(for: stroke.style.brush)
        switch stroke.style.blendMode {
        case .normal:
            target.bind()
            sprites.draw(part, projection: projection, brush: brush, blend: .over)
        case .erase:
            target.bind()
            sprites.draw(part, projection: projection, brush: brush, blend: .erase)
        case .highlight:
            // Its own layer first (maximum), then joined to the target at the stroke's opacity.
            // One scratch per kind of target (page layers, the view, an export): the pool replaces it
            // when that target's size changes, so resizing the window leaks nothing.
            let role = target.width == pageWidth && target.height == pageHeight ? "page"
                : (target.width == view?.width && target.height == view?.height ? "view" : "other")
            guard let scratch = pool.target("highlight-\(role)", width: target.width, height: target.height) else { return }
            scratch.bind()
            glClearColor(0, 0, 0, 0)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            sprites.draw(part, projection: projection, brush: brush, blend: .maximum)
            target.bind()
            copyWhole(scratch, opacity: stroke.style.layerOpacity)
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    /// `sprites` in the paper's colour, in a buffer reused from call to call (no allocation per frame).
    func asPaper<C: Collection>(_ source: C) -> [Sprite] where C.Element == Sprite {
        paperSprites.removeAll(keepingCapacity: true)
        for var s in source {
            (s.red, s.green, s.blue) = (paperColor.red, paperColor.green, paperColor.blue)
            paperSprites.append(s)
        }
        return paperSprites
    }

    /// Draws all of `source` over the bound target of the same size.
    func copyWhole(_ source: RenderTarget, opacity: Float = 1, replace: Bool = false) {
        let identity = PageProjection(width: source.width, height: source.height, pageToFramebuffer: .identity,
                                      guardBand: 0)
        quads.drawLayer(source.texture, over: Rect(x: 0, y: 0, width: Double(source.width), height: Double(source.height)),
                        projection: identity, opacity: opacity, replace: replace)
    }

    /// Redraws the page inside `rect` from what is kept: the baked layer (itself rebuilt from vectors
    /// when `bakedToo`), then the recent strokes that touch the rect, in order.
    func redraw(_ rect: Rect, bakedToo: Bool) {
        let area = rect.outsetBy(1).intersection(pageRect)
        guard !area.isNull, !area.isEmpty else { return }
        if bakedToo {
            bakedLayer.bind()
            Scissor.set(area, framebufferHeight: pageHeight)
            glClearColor(0, 0, 0, 0)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            for i in grid.strokes(touching: area, below: bakedCount) {
                render(strokes[i], into: bakedLayer, projection: pageProjection)
            }
            if let done = bakeProgress, bakedCount < strokes.count, strokes[bakedCount].style.blendMode != .highlight {
                var partial = strokes[bakedCount]
                partial.sprites = Array(partial.sprites[..<done])
                render(partial, into: bakedLayer, projection: pageProjection)
            }
        }
        inkLayer.bind()
        Scissor.set(area, framebufferHeight: pageHeight)
        copyWhole(bakedLayer, replace: true)
        for i in grid.strokes(touching: area, from: bakedCount) {
            // Sprites of a stroke half-way through baking are in the baked layer already.
            let skip = i == bakedCount && strokes[i].style.blendMode != .highlight ? (bakeProgress ?? 0) : 0
            render(strokes[i], from: skip, into: inkLayer, projection: pageProjection)
        }
        Scissor.off()
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        refreshView(pageRect: area)
    }
}
