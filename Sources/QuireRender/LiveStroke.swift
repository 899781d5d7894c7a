import CGL
import QuireGeometry
import QuireInk

/// The stroke being drawn, sample by sample: its style, its final sprites so far (streamed, not yet on
/// the GPU: they go up once, when it ends), and how those and its provisional tail are drawn. Where its
/// sprites go in the page's layers as they arrive is `PageRenderer`'s (`appendToLiveStroke`).
struct LiveStroke {
    /// The style of the stroke being drawn; nil when none is.
    private(set) var style: StrokeRenderStyle?
    /// Its final sprites so far. Emptied keeping their room from stroke to stroke: no regrowing.
    private(set) var sprites: [Sprite] = []
    /// Scratch for an eraser's tail recoloured as paper, reused from frame to frame.
    private var paperSprites: [Sprite] = []

    var isDrawing: Bool { style != nil }
    var blendMode: InkBlendMode? { style?.blendMode }
    /// Whether its ink lands in the page's layers as it arrives (a highlighter's collects apart).
    var inksLayers: Bool { blendMode.map { $0 != .highlight } ?? false }

    /// Starts a stroke in `style`.
    mutating func begin(_ style: StrokeRenderStyle) {
        self.style = style
        sprites.removeAll(keepingCapacity: true)
    }

    mutating func append<C: Collection>(_ committed: C) where C.Element == Sprite {
        sprites.append(contentsOf: committed)
    }

    /// Ends the stroke: its style and final sprites are given to `keep` before they are let go.
    mutating func end(_ keep: (StrokeRenderStyle, [Sprite]) -> Void) {
        guard let style else { return }
        self.style = nil
        keep(style, sprites)
        sprites.removeAll(keepingCapacity: true)
    }

    /// Ends the stroke with nothing kept, giving back (for the layers to redraw) its style and where its
    /// final sprites lay; nil when none was being drawn.
    mutating func cancel() -> (style: StrokeRenderStyle, bounds: Rect)? {
        guard let style else { return nil }
        self.style = nil
        let bounds = SceneStroke.bounds(of: sprites)
        sprites.removeAll(keepingCapacity: true)
        return (style, bounds)
    }

    /// Forgets the stroke and the room its sprites took.
    mutating func forget() {
        style = nil
        sprites.removeAll()
    }

    /// Its final sprites streamed into `target` (a highlighter's collect in a layer of their own instead).
    func drawSprites(into target: RenderTarget, projection: PageProjection, painter: ItemPainter) {
        guard let style, style.blendMode != .highlight, !sprites.isEmpty else { return }
        target.bind()
        painter.sprites.draw(sprites, projection: projection, brush: painter.brushes.texture(for: style.brush),
                             blend: style.blendMode == .erase ? painter.eraseBlend(into: target) : .over)
    }

    /// Its provisional tail over the page in framebuffer `target`, or, for a highlighter, its whole
    /// layer (`highlightLayer`, page-sized) with the tail joined to it, at the stroke's opacity.
    mutating func drawTail(_ provisional: [Sprite], projection: PageProjection, target: GLuint, painter: ItemPainter,
                           paper: PagePaper, highlightLayer: RenderTarget?) {
        guard let style else { return }
        let brush = painter.brushes.texture(for: style.brush)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target)
        switch style.blendMode {
        case .normal:
            painter.sprites.draw(provisional, projection: projection, brush: brush, blend: .over)
        case .erase:
            // Erasing reveals paper, so the eraser's tail is shown as paper; on paper printed with a
            // picture (a PDF page) a plain-coloured tail would cover the print, so the tail is left out
            // and the erasing shows a batch of samples later, as the stroke itself.
            guard paper.image == nil else { return }
            painter.sprites.draw(asPaper(provisional, color: paper.color), projection: projection, brush: brush, blend: .over)
        case .highlight:
            guard var layer = highlightLayer else { return }
            if !provisional.isEmpty,
               let scratch = painter.pool.target("live-highlight-tail", width: painter.pageWidth, height: painter.pageHeight) {
                // The tail joins the stroke's layer (by maximum, as the stroke does) in a scratch copy,
                // so the whole live stroke shows at one opacity.
                scratch.bind()
                painter.copyWhole(layer, replace: true)
                painter.sprites.draw(provisional, projection: painter.pageProjection, brush: brush, blend: .maximum)
                layer = scratch
            }
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target)
            let page = Rect(x: 0, y: 0, width: Double(painter.pageWidth), height: Double(painter.pageHeight))
            painter.quads.drawLayer(layer.texture, over: page, projection: projection, opacity: style.layerOpacity)
        }
    }

    /// `source` in the paper's colour, in a buffer reused from call to call (no allocation per frame).
    private mutating func asPaper(_ source: [Sprite], color: InkColor) -> [Sprite] {
        paperSprites.removeAll(keepingCapacity: true)
        for var s in source {
            (s.red, s.green, s.blue) = (color.red, color.green, color.blue)
            paperSprites.append(s)
        }
        return paperSprites
    }
}
