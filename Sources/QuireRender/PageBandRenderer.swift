import CGL
import QuireGeometry
import QuireImageIO
import QuireInk

/// Page images for export at any size (PNG export at any dpi): rendered from vectors a band at a time,
/// each band in tiles within the GL limits (`ExportTiling`), read back into a `PixelBufferRing` slot as
/// whole image rows. One tile target is kept (in the pool) and reused for every tile of every page.
///
/// It holds a page's items and paper and nothing of the window's: no page-sized ink and baked layers
/// (an export at another scale draws from vectors, so drawing them at 1× would be wasted, as would
/// their memory), no view, no live stroke, no item held up. Drawing an item is `ItemPainter`'s, as it is
/// for the window's `PageRenderer`. Needs a current GL 3.3 core context.
public final class PageBandRenderer {
    public let pageWidth: Int
    public let pageHeight: Int
    public var paperColor: InkColor {
        get { paper.color }
        set { paper.color = newValue }
    }
    /// Rules, grid or dots printed on the paper (under the ink).
    public var paperPattern: PaperPattern {
        get { paper.pattern }
        set { paper.pattern = newValue }
    }
    /// A picture printed on the paper (a PDF page): under every item, never taken by an eraser.
    public var paperImage: SceneImage? {
        get { paper.image }
        set {
            paper.image = newValue
            painter.images.pinned = newValue?.imageKey
        }
    }

    private var paper = PagePaper()
    private let painter: ItemPainter
    private var list = RenderedItems()
    /// Whether a page item is an eraser stroke: with none, ink goes straight onto the paper.
    private var hasErasers = false

    /// `brushDirectory` holds the brush PNGs (`Resources/Brushes`); nil draws every brush soft round.
    /// Pages within `PageRenderer`'s limits, so whatever the window shows exports.
    public init(pageWidth: Int, pageHeight: Int, brushDirectory: String? = nil) throws {
        try PageRenderer.checkPageSize(width: pageWidth, height: pageHeight)
        self.pageWidth = pageWidth
        self.pageHeight = pageHeight
        painter = try ItemPainter(pageWidth: pageWidth, pageHeight: pageHeight, paperLayers: [], brushDirectory: brushDirectory)
        try GLCheck.noError(during: "export renderer set-up")
    }

    /// Room around every framebuffer so dabs centred outside it still draw their inside part.
    public var guardBand: Int { painter.guardBand }

    private var pageRect: Rect { Rect(x: 0, y: 0, width: Double(pageWidth), height: Double(pageHeight)) }

    /// Takes `items` as the page's, in order, in place of the last page's: their sprites go to the GPU
    /// in one upload; pictures the last page showed and this one does not go now.
    public func load(_ items: [RenderItem]) {
        list.removeAll()
        painter.forgetAllEntries()
        for entry in painter.entries(for: items, id: { .unnamed($0 + 1) }) { list.append(entry) }
        painter.images.sweep()
        hasErasers = list.entries.contains { entry in
            if case let .stroke(stroke) = entry.item { stroke.style.blendMode == .erase } else { false }
        }
        itemsAreGray = items.allSatisfy(Self.isGray)
    }

    /// Whether every pixel of the page's image will be gray (red, green and blue equal): gray paper,
    /// rules and ink, and no picture. Blending treats the three channels alike, so gray in is gray out,
    /// exactly; an export can then store the page gray before seeing its pixels, a band at a time.
    public var drawsOnlyGray: Bool {
        itemsAreGray && paper.image == nil && Self.isGray(paper.color)
            && (paper.pattern.kind == .blank || Self.isGray(paper.pattern.lineColor))
    }
    private var itemsAreGray = true

    private static func isGray(_ color: InkColor) -> Bool {
        color.red == color.green && color.green == color.blue
    }

    private static func isGray(_ item: RenderItem) -> Bool {
        switch item {
        case let .stroke(stroke):
            // An eraser takes ink away whatever its colour.
            return stroke.style.blendMode == .erase || stroke.sprites.allSatisfy { $0.red == $0.green && $0.green == $0.blue }
        case .image:
            return false
        case let .group(group):
            // A scrap's shadow is black.
            return group.children.allSatisfy(isGray)
        }
    }

    /// Renders rows `band` of the page's image at `scale` (`tiling` says the image's size and columns)
    /// and reads them into `slot`, which must hold `band.count × tiling.width × 4` bytes: whole image
    /// rows, the band's bottom row first (GL's order), premultiplied. On a page with erasers, ink is
    /// drawn first on a clear tile and the paper under it ("destination over"), so erasers remove ink
    /// and never the paper, with no second layer or copy; without, straight onto the paper. The slot is
    /// read asynchronously where it is a pixel buffer (`ring.map`).
    public func readBand(_ band: Range<Int>, of tiling: ExportTiling, scale: Double, into slot: PixelBufferRing.Slot,
                         ring: PixelBufferRing) throws {
        let rows = band.count
        for column in tiling.columns {
            // Kept from tile to tile and page to page; rounded up no further than the tile limit, so
            // its viewport (with the guard band) stays within GL's.
            guard let target = painter.pool.target("export-tile", atLeast: column.count, rows, limit: tiling.tileLimit) else {
                throw RenderError.framebufferIncomplete(status: 0)
            }
            // The tile is the target's upper-left corner (page y down); in GL's rows, its top rows.
            let pageToTile = QuireGeometry.AffineTransform.scale(scale, scale)
                .concatenating(.translation(-Double(column.lowerBound), -Double(band.lowerBound)))
            let projection = PageProjection(width: target.width, height: target.height, pageToFramebuffer: pageToTile,
                                            guardBand: guardBand)
            let tile = Rect(x: 0, y: 0, width: Double(column.count), height: Double(rows))
            target.bind()
            Scissor.set(tile, framebufferHeight: target.height)
            // Ink blends "over" (associatively) except an eraser's "destination out", which must not
            // take the paper: with no eraser on the page the ink goes straight onto the paper; with one,
            // onto a clear tile with the paper put under it afterwards. (Scraps erase within layers of
            // their own.) Opaque paper only: "under" needs what is drawn to keep its alpha.
            let paperFirst = !hasErasers && paper.color.alpha >= 1
            if paperFirst {
                glClearColor(paper.color.red, paper.color.green, paper.color.blue, 1)
                glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
                if paper.pattern != .blank {
                    painter.quads.fill(pageRect, projection: projection, color: paper.color, paper: paper.pattern)
                }
                paper.drawImage(with: painter, projection: projection)
            } else {
                glClearColor(0, 0, 0, 0)
                glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            }
            let wholePage = column.count == tiling.width && rows == tiling.height
            if wholePage {
                painter.drawItems(list.indices, of: list, into: target, projection: projection)
            } else {
                // Only the items whose cells meet the tile's part of the page (outset for rounding).
                let area = Rect(x: Double(column.lowerBound) / scale, y: Double(band.lowerBound) / scale,
                                width: Double(column.count) / scale, height: Double(rows) / scale).outsetBy(2)
                painter.drawItems(list.indices(touching: area), of: list, into: target, projection: projection)
            }
            if !paperFirst {
                target.bind()
                Scissor.set(tile, framebufferHeight: target.height)
                paper.draw(with: painter, over: pageRect, projection: projection, behind: true)
            }
            Scissor.off()
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), target.framebuffer)
            ring.read(x: 0, y: target.height - rows, width: column.count, height: rows, into: slot,
                      offset: column.lowerBound * 4, rowLength: tiling.width)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        }
        try GLCheck.noError(during: "page export")
    }
}
