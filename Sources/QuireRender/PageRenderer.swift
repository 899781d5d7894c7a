import CGL
import QuireGeometry
import QuireImageIO
import QuireInk

/// Renders one page: paper, the ink layer (every finished sprite, accumulated in a texture the way
/// JotUI keeps a backing texture), and the live stroke on top. Each stroke blends by its tool:
/// ink is composited over, a highlighter is drawn into a layer of its own (so it never darkens where
/// it crosses itself) that joins the ink at the stroke's opacity, and an eraser removes ink from the
/// ink layer. The same code draws into a window and into an offscreen framebuffer for export. Needs a
/// current GL 3.3 core context.
public final class PageRenderer {
    public let pageWidth: Int
    public let pageHeight: Int
    public var paperColor = InkColor.white
    public var deskColor = InkColor(red: 0.56, green: 0.57, blue: 0.6)

    private let inkLayer: RenderTarget
    /// A highlighter stroke's own layer while it is drawn, and a scratch copy with its provisional tail.
    private lazy var strokeLayer = try? RenderTarget(width: pageWidth, height: pageHeight)
    private lazy var scratchLayer = try? RenderTarget(width: pageWidth, height: pageHeight)
    private let sprites: SpriteBatchRenderer
    private let quads: QuadRenderer
    private let brushes: BrushLibrary
    private var liveStyle: StrokeRenderStyle?

    /// `brushDirectory` holds the brush PNGs (`Resources/Brushes`); nil draws every brush soft round.
    public init(pageWidth: Int, pageHeight: Int, brushDirectory: String? = nil) throws {
        self.pageWidth = pageWidth
        self.pageHeight = pageHeight
        sprites = try SpriteBatchRenderer()
        quads = try QuadRenderer()
        brushes = BrushLibrary(directory: brushDirectory)
        inkLayer = try RenderTarget(width: pageWidth, height: pageHeight)
        try GLCheck.noError(during: "renderer set-up")
    }

    /// Room around every framebuffer so dabs centred outside it still draw their inside part.
    public var guardBand: Int { Int(sprites.maximumPointSize / 2) + 2 }

    /// Brushes that could not be loaded, and what was drawn instead.
    public var brushProblems: [String] { brushes.problems }

    private var pageRect: Rect { Rect(x: 0, y: 0, width: Double(pageWidth), height: Double(pageHeight)) }
    private var pageDimensions: (width: Double, height: Double) { (Double(pageWidth), Double(pageHeight)) }
    private var pageProjection: PageProjection {
        PageProjection(width: pageWidth, height: pageHeight, pageToFramebuffer: .identity, guardBand: guardBand)
    }

    // MARK: Strokes

    /// Draws a whole finished stroke onto the page.
    public func draw<C: RandomAccessCollection>(stroke strokeSprites: C, style: StrokeRenderStyle)
    where C.Element == Sprite {
        beginLiveStroke(style)
        appendToLiveStroke(strokeSprites)
        endLiveStroke()
    }

    /// Starts a stroke drawn sample by sample; its final sprites come through `appendToLiveStroke`.
    public func beginLiveStroke(_ style: StrokeRenderStyle) {
        if liveStyle != nil { endLiveStroke() }
        liveStyle = style
        if style.blendMode == .highlight { strokeLayer?.clear() }
    }

    /// Adds final sprites of the live stroke: ink and eraser act on the ink layer at once, a
    /// highlighter collects in its own layer until the stroke ends.
    public func appendToLiveStroke<C: RandomAccessCollection>(_ committed: C) where C.Element == Sprite {
        guard let style = liveStyle, !committed.isEmpty else { return }
        let brush = brushes.texture(for: style.brush)
        switch style.blendMode {
        case .normal:
            inkLayer.bind()
            sprites.draw(committed, projection: pageProjection, brush: brush, blend: .over)
        case .erase:
            inkLayer.bind()
            sprites.draw(committed, projection: pageProjection, brush: brush, blend: .erase)
        case .highlight:
            guard let layer = strokeLayer else { return }
            layer.bind()
            sprites.draw(committed, projection: pageProjection, brush: brush, blend: .maximum)
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    /// Finishes the live stroke: a highlighter's layer joins the ink at the stroke's opacity.
    public func endLiveStroke() {
        guard let style = liveStyle else { return }
        liveStyle = nil
        if style.blendMode == .highlight, let layer = strokeLayer {
            inkLayer.bind()
            quads.draw(pageRect, page: pageDimensions, projection: pageProjection, texture: layer.texture,
                       opacity: style.layerOpacity)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        }
    }

    /// Removes all ink.
    public func clearInk() {
        liveStyle = nil
        inkLayer.clear()
    }

    // MARK: Showing the page

    /// Draws desk, page and ink into the default framebuffer of a `width × height` window, the page
    /// placed by `pageToWindow`, with the live stroke's `provisional` sprites on top.
    public func drawView(width: Int, height: Int, pageToWindow: AffineTransform, provisional: [Sprite] = []) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glClearColor(deskColor.red, deskColor.green, deskColor.blue, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        let projection = PageProjection(width: width, height: height, pageToFramebuffer: pageToWindow,
                                        guardBand: guardBand)
        drawPage(projection: projection, provisional: provisional, target: 0)
    }

    /// The page as a person would see it, at `scale` framebuffer pixels per page pixel.
    public func renderPageImage(scale: Double = 1) throws -> RGBAImage {
        let width = max(1, Int((Double(pageWidth) * scale).rounded()))
        let height = max(1, Int((Double(pageHeight) * scale).rounded()))
        let target = try RenderTarget(width: width, height: height)
        let projection = PageProjection(width: width, height: height, pageToFramebuffer: .scale(scale, scale),
                                        guardBand: guardBand)
        drawPage(projection: projection, provisional: [], target: target.framebuffer)
        target.bind()
        glFinish()
        let image = FramebufferReader.read(width: width, height: height)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        try GLCheck.noError(during: "page export")
        return image
    }

    /// Reads the default framebuffer's back buffer (read it before swapping: Mesa's software path
    /// returns zeros for the front buffer after a swap).
    public func readWindowPixels(width: Int, height: Int) -> RGBAImage {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glReadBuffer(GLenum(GL_BACK))
        return FramebufferReader.read(width: width, height: height)
    }

    /// Paper, ink, then the live stroke, into framebuffer `target` through `projection`.
    private func drawPage(projection: PageProjection, provisional: [Sprite], target: GLuint) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target)
        quads.draw(pageRect, page: pageDimensions, projection: projection, fill: paperColor)
        quads.draw(pageRect, page: pageDimensions, projection: projection, texture: inkLayer.texture)
        guard let style = liveStyle else { return }
        let brush = brushes.texture(for: style.brush)
        switch style.blendMode {
        case .normal:
            sprites.draw(provisional, projection: projection, brush: brush, blend: .over)
        case .erase:
            // Erasing the ink layer reveals paper, so the eraser's tail is shown as paper.
            let paper = provisional.map { s -> Sprite in
                var p = s
                (p.red, p.green, p.blue) = (paperColor.red, paperColor.green, paperColor.blue)
                return p
            }
            sprites.draw(paper, projection: projection, brush: brush, blend: .over)
        case .highlight:
            guard var layer = strokeLayer else { return }
            if !provisional.isEmpty, let scratch = scratchLayer {
                // The provisional tail joins the stroke's layer (by maximum, as the stroke does) in a
                // scratch copy, so the whole live stroke shows at one opacity.
                scratch.bind()
                quads.draw(pageRect, page: pageDimensions, projection: pageProjection, texture: layer.texture,
                           replace: true)
                sprites.draw(provisional, projection: pageProjection, brush: brush, blend: .maximum)
                layer = scratch
            }
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target)
            quads.draw(pageRect, page: pageDimensions, projection: projection, texture: layer.texture,
                       opacity: style.layerOpacity)
        }
    }
}
