import QuireDocument
import QuireImageIO
import QuireInk
import QuireRender

/// Renders stored pages offscreen (PNG export, thumbnails): each item redrawn from its vectors (ink by
/// the engine its style names), on the page's paper colour. Keeps one `PageRenderer` for the last page size,
/// so a 500-page export compiles its shaders once. Needs a current GL context (the window's, or a
/// `HeadlessGLContext`) on the calling thread, for its whole life.
public final class PageImageRenderer {
    private let brushDirectory: String?
    private let builder: RenderItemBuilder
    private var renderer: PageRenderer?

    public init(brushDirectory: String? = ResourceLocator.brushesDirectory, builder: RenderItemBuilder = RenderItemBuilder()) {
        self.brushDirectory = brushDirectory
        self.builder = builder
    }

    /// The page as an image, `scale` image pixels per page pixel.
    public func image(of page: Page, scale: Double = 1) throws -> RGBAImage {
        let (width, height) = page.size.pixelSize
        let renderer: PageRenderer
        if let existing = self.renderer, existing.pageWidth == width, existing.pageHeight == height {
            renderer = existing
            renderer.clearInk()
        } else {
            self.renderer = nil
            renderer = try PageRenderer(pageWidth: width, pageHeight: height, brushDirectory: brushDirectory)
            self.renderer = renderer
        }
        renderer.paperColor = page.background.paperColor
        renderer.paperPattern = PaperPattern(page.background)
        renderer.load(page, building: builder)
        return try renderer.renderPageImage(scale: scale)
    }
}
