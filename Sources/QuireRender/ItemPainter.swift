import CGL
import QuireGeometry
import QuireInk

/// Draws items into a render target through a projection: strokes from their sprites on the GPU
/// (blending by tool), pictures through four corners, clips through the stencil, and groups (scraps)
/// with their shadows and their runs of ink. It knows nothing of the item list, the view or baking, and
/// of the page's layers only that an eraser paints the paper back on them: `PageRenderer` decides what
/// to draw where, and asks this to draw it. It holds the GL renderers and the caches drawing needs
/// (sprites on the GPU, brushes, picture textures, shadow masks, scratch layers).
///
/// Groups (scraps): a clip, the shadow the group casts, and its children, with runs of ink that hold an
/// eraser or a highlighter drawn through a scratch layer of their own (see `SceneGroup`). Scratch
/// layers are sized to the part of the target being drawn that the group covers, not to the target:
/// redrawing a stroke's rectangle on a page of a hundred scraps clears and joins only that rectangle.
final class ItemPainter {
    let pageWidth: Int
    let pageHeight: Int
    let sprites: SpriteBatchRenderer
    let quads: QuadRenderer
    let polygons: PolygonRenderer
    let clips: StencilClip
    let imageQuads: ImageQuadRenderer
    let shadows: ShadowRenderer
    let images: ImageTextureCache
    let brushes: BrushLibrary
    let pool = TexturePool()
    /// Flushes between items of a long redraw, so a software rasterizer works while the rest is queued.
    var rasterizerKick = RasterizerKick()
    /// The page's own layers (ink and baked): an eraser drawn on them paints `layerBackdrop` back.
    let paperLayers: [RenderTarget]
    /// What the page's layers hold under their ink (see `PageRenderer.layerBackdrop`).
    var layerBackdrop: InkColor?
    /// The window's size while a view is shown (which highlighter scratch a target takes).
    var viewSize: (width: Int, height: Int)?

    init(pageWidth: Int, pageHeight: Int, paperLayers: [RenderTarget], brushDirectory: String?) throws {
        self.pageWidth = pageWidth
        self.pageHeight = pageHeight
        self.paperLayers = paperLayers
        sprites = try SpriteBatchRenderer()
        quads = try QuadRenderer()
        polygons = try PolygonRenderer()
        clips = StencilClip(polygons: polygons)
        imageQuads = try ImageQuadRenderer()
        images = ImageTextureCache()
        shadows = try ShadowRenderer()
        brushes = BrushLibrary(directory: brushDirectory)
    }

    var pageProjection: PageProjection {
        PageProjection(width: pageWidth, height: pageHeight, pageToFramebuffer: .identity, guardBand: guardBand)
    }

    /// Room around every framebuffer so dabs centred outside it still draw their inside part.
    var guardBand: Int { Int(sprites.maximumPointSize / 2) + 2 }

    /// Draws `item` into `target`: a stroke from `span`, a group's strokes from `childSpans` in order.
    func render(_ item: RenderItem, span: SpriteSpan, childSpans: inout ArraySlice<SpriteSpan>,
                        into target: RenderTarget, projection: PageProjection) {
        switch item {
        case let .stroke(stroke):
            drawClipped(stroke.clip, in: target, projection: projection) {
                drawSprites(span, style: stroke.style, into: target, projection: projection)
            }
        case let .image(image):
            guard let texture = images.texture(for: image, filtered: image.needsMipmaps(through: projection)) else { return }
            drawClipped(image.clip, in: target, projection: projection) {
                target.bind()
                imageQuads.draw(texture, corners: image.corners, projection: projection, opacity: image.opacity)
            }
        case let .group(group):
            renderGroup(group, childSpans: &childSpans, into: target, projection: projection)
        }
    }

    /// Runs `draw` with drawing into `target` restricted to the inside of `clip` (when there is one).
    func drawClipped(_ clip: BezierPath?, in target: RenderTarget, projection: PageProjection, _ draw: () -> Void) {
        guard let clip else { return draw() }
        guard target.bindWithStencil(), clips.push(clip, projection: projection) else { return }
        draw()
        target.bind()
        clips.pop(projection: projection)
    }

    /// Draws sprites already on the GPU into `target`, blending by `style`'s tool.
    func drawSprites(_ span: SpriteSpan, style: StrokeRenderStyle, into target: RenderTarget, projection: PageProjection) {
        guard span.count > 0 else { return }
        let brush = brushes.texture(for: style.brush)
        switch style.blendMode {
        case .normal:
            target.bind()
            sprites.draw(span, projection: projection, brush: brush, blend: .over)
        case .erase:
            target.bind()
            sprites.draw(span, projection: projection, brush: brush, blend: eraseBlend(into: target))
        case .highlight:
            // Its own layer first (maximum), then joined to the target at the stroke's opacity.
            // One scratch per kind of target (page layers, the view, an export): the pool replaces it
            // when that target's size changes, so resizing the window leaks nothing. The scratch has a
            // stencil of its own, so any clip applies when joining, not while collecting.
            guard let scratch = highlightScratch(for: target) else { return }
            let outerClips = clips.enterLayer()
            scratch.bind()
            glClearColor(0, 0, 0, 0)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            sprites.draw(span, projection: projection, brush: brush, blend: .maximum)
            target.bind()
            clips.leaveLayer(outerClips)
            copyWhole(scratch, opacity: style.layerOpacity)
        }
    }

    /// How an eraser's sprites act on `target`: on a page layer holding the paper (`layerBackdrop`) they
    /// paint the paper back; anywhere else (a scrap's layer, the view's ink at a zoom, an export) they
    /// take away what is there, the paper being put under afterwards.
    func eraseBlend(into target: RenderTarget) -> SpriteBlend {
        guard let backdrop = layerBackdrop, paperLayers.contains(where: { $0 === target }) else { return .erase }
        return .paint(backdrop)
    }

    /// A scratch layer for a highlighter drawn into `target`: one per kind of target (page layers, the
    /// view, an export), so the pool replaces it when that target's size changes.
    private func highlightScratch(for target: RenderTarget) -> RenderTarget? {
        let role = target.width == pageWidth && target.height == pageHeight ? "page"
            : (target.width == viewSize?.width && target.height == viewSize?.height ? "view" : "other")
        return pool.target("highlight-\(role)", width: target.width, height: target.height)
    }

    /// Draws all of `source` over the bound target of the same size.
    func copyWhole(_ source: RenderTarget, opacity: Float = 1, replace: Bool = false) {
        let identity = PageProjection(width: source.width, height: source.height, pageToFramebuffer: .identity,
                                      guardBand: 0)
        quads.drawLayer(source.texture, over: Rect(x: 0, y: 0, width: Double(source.width), height: Double(source.height)),
                        projection: identity, opacity: opacity, replace: replace, texelForPixel: true)
    }


    /// Draws `group` into `target`, its strokes' sprites taken from `childSpans` in order.
    func renderGroup(_ group: SceneGroup, childSpans: inout ArraySlice<SpriteSpan>, into target: RenderTarget,
                     projection: PageProjection) {
        let outlines = ClipPath.outlines(of: group.clip, pixelScale: projection.pixelScale)
        // Redrawing a few dabs inside the scrap (a live eraser, an undo): no outline to write and no
        // shadow to cast there, only the children to draw.
        let clipped = !drawingWhollyInside(outlines, of: target, projection: projection)
        let outerScissor = clipped ? Scissor.current(framebufferHeight: target.height) : nil
        if clipped {
            guard target.bindWithStencil(), clips.push(outlines: outlines, projection: projection) else {
                // Nothing of it draws, but its strokes' spans are passed over so the siblings after it
                // still find theirs.
                childSpans = childSpans.dropFirst(RenderItem.group(group).strokeCount)
                return
            }
            if let shadow = group.shadow, shadow.isDrawn {
                drawShadow(shadow, outlines: outlines, bounds: ClipPath.bounds(of: group.clip), into: target,
                           projection: projection)
            }
            // The picture and ink draw only inside the outline: scissored to its box, so the rasterizer
            // drops the rest of a picture that a piece of a scrap shows a sliver of, rather than every
            // pixel of it being tested against the stencil.
            Scissor.set(outlineBox(outlines, in: target, projection: projection, within: outerScissor),
                        framebufferHeight: target.height)
        }
        let children = group.children
        // A picture wholly outside the scissor in force is not drawn: a long text box's lines are a
        // hundred pictures, of which a typed key redraws the area of one.
        let scissor = Scissor.current(framebufferHeight: target.height)
        var start = children.startIndex
        while start < children.endIndex {
            guard case .stroke = children[start] else {
                if case let .image(image) = children[start], let scissor, Self.liesOutside(scissor, image.bounds, projection: projection) {
                    start += 1
                    continue
                }
                render(children[start], span: .empty, childSpans: &childSpans, into: target, projection: projection)
                start += 1
                continue
            }
            // A run of strokes: straight in when all of it is plain ink, else through a layer.
            var end = start, needsLayer = false
            while end < children.endIndex, case let .stroke(stroke) = children[end] {
                needsLayer = needsLayer || stroke.style.blendMode != .normal
                end += 1
            }
            if needsLayer {
                drawInkRun(children[start..<end], within: group.clip, childSpans: &childSpans, into: target,
                           projection: projection)
            } else {
                drawPlainInk(children[start..<end], childSpans: &childSpans, into: target, projection: projection)
            }
            start = end
        }
        target.bind()
        if clipped {
            // The pop's fans cover what the push's did: the scissor they were drawn under goes back first.
            Scissor.restore(outerScissor, framebufferHeight: target.height)
            clips.pop(projection: projection)
        }
        rasterizerKick.kickIfDue()
    }

    /// Draws `strokes` (a run of a group's plain ink) in order, their sprites taken from `childSpans`:
    /// neighbours alike in style whose sprites lie side by side on the GPU (a scrap's ink goes up
    /// together) draw in one call, as the page's own ink does (`PageRenderer.drawItems`). A stroke wholly outside
    /// the scissor in force is not sent: a redraw that takes a sliver of a scrap beside the one that
    /// changed (a cut takes the rows above and below) would have every sprite of its ink set up and
    /// then dropped.
    private func drawPlainInk(_ strokes: ArraySlice<RenderItem>, childSpans: inout ArraySlice<SpriteSpan>,
                              into target: RenderTarget, projection: PageProjection) {
        var run = SpriteRun()
        func draw(_ finished: (SpriteSpan, StrokeRenderStyle)?) {
            if let (span, style) = finished { drawSprites(span, style: style, into: target, projection: projection) }
        }
        let scissor = Scissor.current(framebufferHeight: target.height)
        for child in strokes {
            let span = childSpans.popFirst() ?? .empty
            guard case let .stroke(stroke) = child, stroke.clip == nil else {
                draw(run.take())
                var none = ArraySlice<SpriteSpan>()
                render(child, span: span, childSpans: &none, into: target, projection: projection)
                continue
            }
            guard span.count > 0 else { continue }
            if let scissor, Self.liesOutside(scissor, stroke.bounds, projection: projection) { continue }
            draw(run.add(span, style: stroke.style))
        }
        draw(run.take())
    }

    /// Whether `bounds` (page pixels, finite) lie wholly outside `scissor` (framebuffer pixels), a pixel
    /// to spare: the scissor takes whole pixels, rounded outward. False for bounds it cannot judge.
    static func liesOutside(_ scissor: Rect, _ bounds: Rect, projection: PageProjection) -> Bool {
        let shown = projection.pageToFramebuffer.apply(bounds)
        guard !shown.isNull, shown.minX.isFinite, shown.minY.isFinite, shown.maxX.isFinite, shown.maxY.isFinite else {
            return false
        }
        return !shown.outsetBy(1).intersects(scissor)
    }

    /// The framebuffer pixels `outlines` (page pixels) can touch, a pixel beyond, within `scissor` (the
    /// one in force; nil: the whole target).
    private func outlineBox(_ outlines: [[Point]], in target: RenderTarget, projection: PageProjection,
                            within scissor: Rect?) -> Rect {
        var box = Rect.null
        for outline in outlines { for point in outline { box = box.union(point) } }
        let whole = Rect(x: 0, y: 0, width: Double(target.width), height: Double(target.height))
        let shown = box.isNull ? .null : projection.pageToFramebuffer.apply(box).outsetBy(1).intersection(whole)
        return scissor.map { shown.intersection($0) } ?? shown
    }

    /// Whether the scissor in force lies wholly inside the even-odd region of `outlines` (page
    /// pixels), with a pixel to spare; false when nothing is scissored (a whole layer drawn).
    private func drawingWhollyInside(_ outlines: [[Point]], of target: RenderTarget, projection: PageProjection) -> Bool {
        guard let scissor = Scissor.current(framebufferHeight: target.height),
              let toPage = projection.pageToFramebuffer.inverted else { return false }
        return ClipPath.contains(toPage.apply(scissor.outsetBy(1)), outlines: outlines)
    }

    /// Draws `strokes` (a run of a group's strokes) into a transparent layer, then joins it over
    /// `target` inside the group's clip (pushed already): an eraser in the run removes that run's ink
    /// and nothing under it.
    private func drawInkRun(_ strokes: ArraySlice<RenderItem>, within clip: BezierPath,
                            childSpans: inout ArraySlice<SpriteSpan>, into target: RenderTarget,
                            projection: PageProjection) {
        let spans = childSpans.prefix(strokes.count)
        childSpans = childSpans.dropFirst(strokes.count)
        let inked = strokes.reduce(Rect.null) { $0.union($1.bounds) }.intersection(ClipPath.bounds(of: clip))
        drawThroughLayer(covering: inked, of: target, projection: projection, draw: { layer, local in
            var none = ArraySlice<SpriteSpan>()
            for (stroke, span) in zip(strokes, spans) {
                render(stroke, span: span, childSpans: &none, into: layer, projection: local)
            }
        })
    }

    /// Draws the shadow of the clip with `outlines` (within `bounds`), outside it: the clip is pushed
    /// already, as the innermost level of `target`'s stencil (see `ShadowRenderer`).
    private func drawShadow(_ shadow: SceneShadow, outlines: [[Point]], bounds outline: Rect, into target: RenderTarget,
                            projection: PageProjection) {
        guard let bit = clips.innermostBit,
              let key = ShadowRenderer.maskKey(for: shadow, outlines: outlines, bounds: outline, projection: projection,
                                               framebufferWidth: target.width, framebufferHeight: target.height) else { return }
        shadows.draw(key, bit: bit, framebufferWidth: target.width, framebufferHeight: target.height)
        clips.restoreTest()
    }

    /// Starts working out on another core the masks of the shadows `item` casts (a scrap, and any
    /// scrap inside it), as the ink layer's redraw will draw them: called as a batch of edits puts
    /// items in (`batchingRedraws`), when the rasterizer has nothing to do yet and a core is free. A
    /// scissors cut makes ten pieces, and their masks, worked out one by one as each piece was drawn,
    /// held up the drawing by about a millisecond.
    func prepareShadowMasks(for item: RenderItem) {
        guard case let .group(group) = item else { return }
        if let shadow = group.shadow, shadow.isDrawn, !group.clip.isEmpty {
            let projection = pageProjection
            let outlines = ClipPath.outlines(of: group.clip, pixelScale: projection.pixelScale)
            if let key = ShadowRenderer.maskKey(for: shadow, outlines: outlines, bounds: ClipPath.bounds(of: group.clip),
                                                projection: projection, framebufferWidth: pageWidth,
                                                framebufferHeight: pageHeight) {
                shadows.masks.prepare(key)
            }
        }
        for child in group.children { prepareShadowMasks(for: child) }
    }

    /// Draws through a transparent scratch layer the part of `pageArea` that `target` shows within the
    /// scissor box in force: `draw` renders into the layer through the projection given (the target's,
    /// moved to the layer's corner) with none of the target's clips applying; then the layer is drawn
    /// over its place in `target` (premultiplied over), the target's clips applying again.
    private func drawThroughLayer(covering pageArea: Rect, of target: RenderTarget, projection: PageProjection,
                                  draw: (RenderTarget, PageProjection) -> Void) {
        let scissor = Scissor.current(framebufferHeight: target.height)
        var shown = projection.pageToFramebuffer.apply(pageArea)
            .intersection(Rect(x: 0, y: 0, width: Double(target.width), height: Double(target.height)))
        if let scissor { shown = shown.intersection(scissor) }
        // Finite before any Int conversion: a NaN area would trap there.
        guard !shown.isNull, !shown.isEmpty, shown.minX.isFinite, shown.minY.isFinite, shown.maxX.isFinite,
              shown.maxY.isFinite else { return }
        let x0 = Int(shown.minX.rounded(.down)), y0 = Int(shown.minY.rounded(.down))
        let width = Int(shown.maxX.rounded(.up)) - x0, height = Int(shown.maxY.rounded(.up)) - y0
        guard width > 0, height > 0,
              let layer = pool.target("group-layer-\(clips.depth)", atLeast: width, height) else { return }
        let local = PageProjection(width: layer.width, height: layer.height,
                                   pageToFramebuffer: projection.pageToFramebuffer.concatenating(
                                       .translation(Double(-x0), Double(-y0))),
                                   guardBand: projection.guardBand)
        let outerClips = clips.enterLayer()
        layer.bind()
        let used = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        Scissor.set(used, framebufferHeight: layer.height)
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        draw(layer, local)
        clips.leaveLayer(outerClips)
        Scissor.restore(scissor, framebufferHeight: target.height)
        target.bind()
        let whole = PageProjection(width: target.width, height: target.height, pageToFramebuffer: .identity, guardBand: 0)
        let part = Rect(x: 0, y: 0, width: Double(width) / Double(layer.width), height: Double(height) / Double(layer.height))
        quads.drawLayer(layer.texture, over: Rect(x: Double(x0), y: Double(y0), width: Double(width), height: Double(height)),
                        projection: whole, part: part, texelForPixel: true)
    }
}
