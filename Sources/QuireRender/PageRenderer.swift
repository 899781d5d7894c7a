import CGL
import QuireGeometry
import QuireImageIO
import QuireInk

/// Renders one page: paper, the ink layer (every committed sprite, accumulated in a texture the way
/// JotUI keeps a backing texture), and the live stroke's provisional sprites on top. The same code draws
/// into a window and into an offscreen framebuffer for export. Needs a current GL 3.3 core context.
public final class PageRenderer {
    public let pageWidth: Int
    public let pageHeight: Int
    public var paperColor = InkColor.white
    public var deskColor = InkColor(red: 0.56, green: 0.57, blue: 0.6)

    private let inkLayer: RenderTarget
    private let sprites: SpriteBatchRenderer
    private let quads: QuadRenderer
    private let brush: BrushTexture

    public init(pageWidth: Int, pageHeight: Int) throws {
        self.pageWidth = pageWidth
        self.pageHeight = pageHeight
        sprites = try SpriteBatchRenderer()
        quads = try QuadRenderer()
        brush = BrushTexture.softRound()
        inkLayer = try RenderTarget(width: pageWidth, height: pageHeight)
        try GLCheck.noError(during: "renderer set-up")
    }

    /// Room around every framebuffer so dabs centred outside it still draw their inside part.
    public var guardBand: Int { Int(sprites.maximumPointSize / 2) + 2 }

    private var pageRect: Rect { Rect(x: 0, y: 0, width: Double(pageWidth), height: Double(pageHeight)) }
    private var pageDimensions: (width: Double, height: Double) { (Double(pageWidth), Double(pageHeight)) }

    /// Adds finished sprites to the page's ink layer for good.
    public func commit<C: RandomAccessCollection>(_ committed: C) where C.Element == Sprite {
        guard !committed.isEmpty else { return }
        inkLayer.bind()
        let projection = PageProjection(width: pageWidth, height: pageHeight, pageToFramebuffer: .identity,
                                        guardBand: guardBand)
        sprites.draw(committed, projection: projection, brush: brush)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    /// Removes all ink.
    public func clearInk() {
        inkLayer.clear()
    }

    /// Draws desk, page and ink into the default framebuffer of a `width × height` window, the page
    /// placed by `pageToWindow`, with the live stroke's `provisional` sprites on top.
    public func drawView(width: Int, height: Int, pageToWindow: AffineTransform, provisional: [Sprite] = []) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glClearColor(deskColor.red, deskColor.green, deskColor.blue, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        let projection = PageProjection(width: width, height: height, pageToFramebuffer: pageToWindow,
                                        guardBand: guardBand)
        drawPage(projection: projection, provisional: provisional)
    }

    /// The page as a person would see it, at `scale` framebuffer pixels per page pixel.
    public func renderPageImage(scale: Double = 1) throws -> RGBAImage {
        let width = max(1, Int((Double(pageWidth) * scale).rounded()))
        let height = max(1, Int((Double(pageHeight) * scale).rounded()))
        let target = try RenderTarget(width: width, height: height)
        target.bind()
        let projection = PageProjection(width: width, height: height, pageToFramebuffer: .scale(scale, scale),
                                        guardBand: guardBand)
        drawPage(projection: projection, provisional: [])
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

    private func drawPage(projection: PageProjection, provisional: [Sprite]) {
        quads.draw(pageRect, page: pageDimensions, projection: projection, fill: paperColor)
        quads.draw(pageRect, page: pageDimensions, projection: projection, texture: inkLayer.texture)
        sprites.draw(provisional, projection: projection, brush: brush)
    }
}
