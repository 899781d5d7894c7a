import CGL
import QuireGeometry
import QuireInk

/// Draws the UI overlay over a finished frame, in the order `OverlayPlan` makes: most items straight
/// into the frame, the ones that need a stencil on a scratch layer (the window's own framebuffer may
/// have none) joined over the frame only where they are. A polygon is filled even-odd by stencil fans,
/// a polyline covers each pixel once. Everything is limited to the overlay's bounds, so a small overlay
/// costs a small area.
final class OverlayRenderer {
    private let polygons: PolygonRenderer
    private let quads: QuadRenderer
    private let imageQuads: ImageQuadRenderer
    private let images: ImageTextureCache
    private let colorFields: ColorFieldRenderer
    let texts: OverlayTextRenderer
    /// Text items waiting to be drawn together.
    private var pendingTexts: [OverlayText] = []
    /// Triangle vertices being built, reused from frame to frame.
    private var vertices: [Float] = []
    /// The frame's plan, reused from frame to frame.
    private var plan = OverlayPlan()
    /// The atlas pages the frame's text lies in, reused from frame to frame.
    private var textPages: Set<Int> = []
    /// Scratch pixels the last frame cleared and joined (tests check the layer stays off opaque items).
    private(set) var lastLayerArea = 0.0

    init(polygons: PolygonRenderer, quads: QuadRenderer, imageQuads: ImageQuadRenderer, images: ImageTextureCache,
         colorFields: ColorFieldRenderer, texts: OverlayTextRenderer) {
        self.colorFields = colorFields
        self.texts = texts
        self.polygons = polygons
        self.quads = quads
        self.imageQuads = imageQuads
        self.images = images
    }

    /// Draws `overlay` over `framebuffer`, only within `clip` when given (a partial frame: outside it
    /// the framebuffer still holds the overlay the last frame drew, and drawing it again there would
    /// blend it twice). `scratch` is asked for only when an item needs the layer.
    func draw(_ overlay: [OverlayItem], into framebuffer: GLuint, width: Int, height: Int, scratch: () -> RenderTarget?,
              within clip: Rect? = nil) {
        let window = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let area = OverlayItem.bounds(of: overlay).outsetBy(1).intersection(window).intersection(clip ?? window)
        lastLayerArea = 0
        guard !area.isNull, !area.isEmpty else { return }
        let projection = PageProjection(width: width, height: height, pageToFramebuffer: .identity, guardBand: 0)
        plan.make(for: overlay, within: area)
        lastLayerArea = plan.layerArea
        var layer: RenderTarget?
        /// Whether the scratch (else the frame) is bound, scissored to its batch (else to `area`).
        var onLayer = false
        func bindFrame() {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
            Scissor.set(area, framebufferHeight: height)
            onLayer = false
        }
        bindFrame()
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        var batch = Rect.null, batchReady = false
        for step in plan.steps {
            switch step {
            case let .direct(index):
                if onLayer { bindFrame() }
                drawDirect(overlay[index], projection: projection, area: area, height: height)
            case let .text(index):
                if case let .text(text) = overlay[index] { pendingTexts.append(text) }
            case .drawTexts:
                if onLayer { bindFrame() }
                drawPendingTexts(projection: projection)
            case let .beginLayer(rects):
                if layer == nil { layer = scratch() }
                // No scratch, or none with a stencil: the batch is not drawn.
                batchReady = layer?.bindWithStencil() ?? false
                guard batchReady else { continue }
                onLayer = true
                glClearColor(0, 0, 0, 0)
                glStencilMask(0xff)
                glClearStencil(0)
                glClearDepth(1)
                batch = .null
                for rect in plan.layerRects[rects] {
                    Scissor.set(rect, framebufferHeight: height)
                    // Depth with stencil: a plain fill of the packed word (see RenderTarget.clear).
                    glClear(GLbitfield(GL_COLOR_BUFFER_BIT) | GLbitfield(GL_DEPTH_BUFFER_BIT) | GLbitfield(GL_STENCIL_BUFFER_BIT))
                    batch = batch.union(rect)
                }
                // The batch's items draw only within their own rectangles; a line's stencil is cleared
                // over the scissor, which must cover it.
                Scissor.set(batch, framebufferHeight: height)
            case let .onLayer(index):
                guard batchReady, let layer else { continue }
                if !onLayer {
                    // Text under the batch was drawn into the frame meanwhile.
                    layer.bind()
                    Scissor.set(batch, framebufferHeight: height)
                    onLayer = true
                }
                switch overlay[index] {
                case let .polygon(points, color):
                    fill(points, color: color, projection: projection)
                case let .polyline(points, lineWidth, color):
                    stroke(points, width: lineWidth, color: color, projection: projection)
                case .image, .colorField, .text:
                    break
                }
            case let .joinLayer(rects):
                guard batchReady, let layer else { continue }
                batchReady = false
                glDisable(GLenum(GL_STENCIL_TEST))
                glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
                for rect in plan.layerRects[rects] {
                    // Only the rectangle: a software rasteriser pays for every pixel a quad covers.
                    Scissor.set(rect, framebufferHeight: height)
                    quads.drawLayer(layer.texture, over: rect, projection: projection,
                                    part: Rect(x: rect.minX / window.width, y: rect.minY / window.height,
                                               width: rect.width / window.width, height: rect.height / window.height))
                }
                bindFrame()
            }
        }
        pendingTexts.removeAll(keepingCapacity: true)
        textPages.removeAll(keepingCapacity: true)
        for item in overlay {
            if case let .text(text) = item { for page in text.pages { textPages.insert(page.id) } }
        }
        texts.keepOnly(textPages)
        glDisable(GLenum(GL_STENCIL_TEST))
        Scissor.off()
    }

    /// Keeps the overlay's pictures uploaded through a frame that draws none or only some of them (a
    /// partial frame whose rectangle misses them): the next frame that draws them finds them there.
    func keepPictures(of overlay: [OverlayItem]) {
        for item in overlay {
            if case let .image(key, _, _, _) = item { images.keepForOverlay(key) }
        }
    }

    /// An item drawn straight into the frame (bound, blending over, scissored to `area`).
    private func drawDirect(_ item: OverlayItem, projection: PageProjection, area: Rect, height: Int) {
        switch item {
        case let .polygon(points, color):
            guard let rect = OverlayItem.uprightRectangle(points) else { return }
            if color.alpha >= 1, rect.isWholePixels {
                // An opaque rectangle on whole pixels covers exactly them with its colour: a scissored
                // clear, which a software rasteriser does as a fill of memory rather than a shader run
                // and a blend per pixel (the sorter's full-window background).
                Scissor.set(rect.intersection(area), framebufferHeight: height)
                glClearColor(color.red, color.green, color.blue, 1)
                glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
                Scissor.set(area, framebufferHeight: height)
            } else {
                quads.fill(rect, projection: projection, color: color)
            }
        case let .image(key, image, rect, opacity):
            // Overlay coordinates are framebuffer pixels (the projection is the identity).
            let exact = rect.minX == rect.minX.rounded() && rect.minY == rect.minY.rounded()
                && rect.width == Double(image.width) && rect.height == Double(image.height)
            guard let texture = images.texture(for: key, image: image, inOverlay: true, filtered: !exact) else { return }
            imageQuads.draw(texture, in: rect, projection: projection, opacity: opacity,
                            replace: opacity >= 1 && images.isOpaque(key), texelForPixel: exact)
        case let .colorField(field, rect):
            colorFields.draw(field, in: rect, projection: projection)
        case .polyline, .text:
            break
        }
    }

    private func drawPendingTexts(projection: PageProjection) {
        guard !pendingTexts.isEmpty else { return }
        texts.draw(pendingTexts, projection: projection)
        pendingTexts.removeAll(keepingCapacity: true)
    }

    /// Even-odd fill: fans invert stencil bit 0 (as a clip level does, `StencilClip.invert`), then one
    /// cover quad paints where it is odd and clears it.
    private func fill(_ points: [Point], color: InkColor, projection: PageProjection) {
        guard points.count >= 3 else { return }
        vertices.removeAll(keepingCapacity: true)
        PolygonRenderer.appendFans(of: [points], to: &vertices)
        guard vertices.count >= 6 else { return }
        StencilClip.invert(bit: 0, under: vertices, polygons: polygons, projection: projection)
        let b = points.reduce(Rect.null) { $0.union($1) }
        vertices.removeAll(keepingCapacity: true)
        appendQuad(Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY))
        glStencilFunc(GLenum(GL_NOTEQUAL), 0, 0xff)
        glStencilOp(GLenum(GL_ZERO), GLenum(GL_ZERO), GLenum(GL_ZERO))
        polygons.drawTriangles(vertices, projection: projection, color: color)
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_KEEP))
        glDisable(GLenum(GL_STENCIL_TEST))
    }

    /// A quad per segment, square ends (each pushed out half the width); the stencil lets each pixel be
    /// covered once, then is cleared in the line's bounds.
    private func stroke(_ points: [Point], width: Double, color: InkColor, projection: PageProjection) {
        vertices.removeAll(keepingCapacity: true)
        let half = width / 2
        for (a, b) in zip(points, points.dropFirst()) {
            let length = a.distance(to: b)
            guard length > 1e-9 else { continue }
            let d = Point((b.x - a.x) / length * half, (b.y - a.y) / length * half)
            let n = Point(-d.y, d.x)
            let (a0, b0) = (Point(a.x - d.x, a.y - d.y), Point(b.x + d.x, b.y + d.y))
            appendQuad(Point(a0.x + n.x, a0.y + n.y), Point(b0.x + n.x, b0.y + n.y),
                       Point(b0.x - n.x, b0.y - n.y), Point(a0.x - n.x, a0.y - n.y))
        }
        guard !vertices.isEmpty else { return }
        glEnable(GLenum(GL_STENCIL_TEST))
        glStencilMask(0xff)
        glStencilFunc(GLenum(GL_EQUAL), 0, 0xff)
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_INCR))
        polygons.drawTriangles(vertices, projection: projection, color: color)
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_KEEP))
        glDisable(GLenum(GL_STENCIL_TEST))
        // The scissor still bounds the whole overlay: clearing it there clears this line's marks.
        glClear(GLbitfield(GL_STENCIL_BUFFER_BIT))
    }

    /// Two triangles, a-b-c and a-c-d, written straight into `vertices` (no array per quad).
    private func appendQuad(_ a: Point, _ b: Point, _ c: Point, _ d: Point) {
        add(a); add(b); add(c)
        add(a); add(c); add(d)
    }

    private func add(_ p: Point) {
        vertices.append(Float(p.x))
        vertices.append(Float(p.y))
    }
}
