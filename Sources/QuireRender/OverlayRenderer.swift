import CGL
import QuireGeometry
import QuireInk

/// Draws the UI overlay over a finished frame. Shapes go through a window-sized scratch layer with a
/// stencil (the window's own framebuffer may have none): a polygon is filled even-odd by stencil fans,
/// a polyline covers each pixel once; the scratch is then joined over the frame. Everything is limited
/// to the overlay's bounds, so a small overlay costs a small area.
final class OverlayRenderer {
    private let polygons: PolygonRenderer
    private let quads: QuadRenderer
    private let imageQuads: ImageQuadRenderer
    private let images: ImageTextureCache
    private let colorFields: ColorFieldRenderer
    let texts: OverlayTextRenderer
    /// Text items waiting to be drawn together, and the area they cover.
    private var pendingTexts: [OverlayText] = []
    private var pendingBounds = Rect.null
    /// Triangle vertices being built, reused from frame to frame.
    private var vertices: [Float] = []

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
    /// blend it twice).
    func draw(_ overlay: [OverlayItem], into framebuffer: GLuint, width: Int, height: Int, scratch: RenderTarget,
              within clip: Rect? = nil) {
        let window = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let area = OverlayItem.bounds(of: overlay).outsetBy(1).intersection(window).intersection(clip ?? window)
        guard !area.isNull, !area.isEmpty else { return }
        let projection = PageProjection(width: width, height: height, pageToFramebuffer: .identity, guardBand: 0)
        // Polygons are filled through the stencil (even-odd).
        scratch.bindWithStencil()
        Scissor.set(area, framebufferHeight: height)
        glClearColor(0, 0, 0, 0)
        glStencilMask(0xff)
        glClearStencil(0)
        glClearDepth(1)
        // Depth with stencil: a plain fill of the packed word (see RenderTarget.clear).
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT) | GLbitfield(GL_DEPTH_BUFFER_BIT) | GLbitfield(GL_STENCIL_BUFFER_BIT))
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        for item in overlay where !item.bounds.isNull {
            // Text is gathered and drawn in one call per atlas page: before anything that covers
            // part of it, so the order of overlapping items stays as given.
            if case let .text(text) = item {
                pendingTexts.append(text)
                pendingBounds = pendingBounds.union(item.bounds)
                continue
            }
            if item.bounds.intersects(pendingBounds) { drawPendingTexts(projection: projection) }
            switch item {
            case let .polygon(points, color):
                fill(points, color: color, projection: projection)
            case let .polyline(points, lineWidth, color):
                stroke(points, width: lineWidth, color: color, projection: projection)
            case let .image(key, image, rect, opacity):
                guard let texture = images.texture(for: key, image: image, inOverlay: true) else { continue }
                scratch.bind()
                imageQuads.draw(texture, corners: Quadrilateral(rect), projection: projection, opacity: opacity)
            case let .colorField(field, rect):
                colorFields.draw(field, in: rect, projection: projection)
            case .text:
                break
            }
        }
        drawPendingTexts(projection: projection)
        texts.keepOnly(Set(overlay.flatMap { item -> [Int] in
            if case let .text(text) = item { return text.pages.map(\.id) }
            return []
        }))
        glDisable(GLenum(GL_STENCIL_TEST))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        quads.drawLayer(scratch.texture, over: window, projection: projection)
        Scissor.off()
    }

    private func drawPendingTexts(projection: PageProjection) {
        guard !pendingTexts.isEmpty else { return }
        texts.draw(pendingTexts, projection: projection)
        pendingTexts.removeAll(keepingCapacity: true)
        pendingBounds = .null
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
