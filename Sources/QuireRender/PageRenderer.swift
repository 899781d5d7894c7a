import CGL
import Foundation
import QuireGeometry
import QuireImageIO
import QuireInk

/// Renders one page as a compositor of the page's items (ink strokes, pictures through four corners,
/// clipped groups), in the page's item order, JotUI-style in layers:
/// - the *baked* layer: every item older than the undo window, in a page-sized texture;
/// - the *ink* layer: the baked layer plus the recent items, what the page shows;
/// - the live stroke, drawn as it arrives (final sprites into the ink layer; its provisional tail on top);
/// - a *view* layer at window resolution, re-rendered from vectors tile by tile after a zoom or pan, so
///   ink is sharp at every zoom while the scaled ink layer shows at once;
/// - the UI overlay, drawn over the window's frame only (never into the page's layers or exports).
/// Each stroke blends by its tool: ink over, a highlighter through a layer of its own joined at its
/// opacity (it never darkens where it crosses itself), an eraser as destination-out. Items are edited by
/// id (insert at a position, remove, replace, move to a position; `RenderedItems`), which is how the app
/// applies an edit and its inverse (undo): each edit redraws only the item's rectangle, from the baked layer plus the recent items touching it, so
/// removing or re-inserting the newest stroke costs the same on a page of ten strokes as of ten
/// thousand; an edit below the baked boundary rebuilds the baked layer in that rectangle from vectors.
/// Finished strokes' sprites stay on the GPU (`SpriteArena`), so none of those redraws uploads them.
/// Drawing an item into a target (its blending, clip, shadow and a group's runs of ink) is
/// `ItemPainter`'s; this decides what is drawn where and when. Needs a current GL 3.3 core context.
public final class PageRenderer {
    public let pageWidth: Int
    public let pageHeight: Int
    public var paperColor = InkColor.white {
        didSet { view?.tiles.markAllStale() }
    }
    /// Rules, grid or dots printed on the paper (under the ink).
    public var paperPattern = PaperPattern.blank {
        didSet { view?.tiles.markAllStale() }
    }
    /// A picture printed on the paper, over its pattern and under every item: a PDF page annotated on.
    /// It is part of the paper, so an eraser takes the ink over it and never it.
    public var paperImage: SceneImage? {
        didSet {
            guard paperImage != oldValue else { return }
            // The one it replaces goes at the next sweep (after the frame), unless an item shows it.
            painter.images.pinned = paperImage?.imageKey
            view?.tiles.markAllStale()
        }
    }
    /// Whether the paper carries a picture that is not here yet (a PDF page still being rendered): the
    /// layers are kept clear for it from the start (`layerBackdrop`), so its arrival redraws none of them.
    public var paperImageExpected = false
    public var deskColor = InkColor(red: 0.56, green: 0.57, blue: 0.6)
    /// Recent items kept out of the baked layer: removing one of them costs only the items near it.
    public var undoWindow = 100
    /// Seconds of work a frame may spend baking, and sharpening view tiles.
    public var bakeBudget = 0.002
    public var sharpenBudget = 0.004

    /// Draws items into a target: the GL renderers and the caches drawing needs.
    let painter: ItemPainter
    let overlayRenderer: OverlayRenderer
    let inkLayer: RenderTarget
    let bakedLayer: RenderTarget

    /// Every item on the page, oldest first, found by id and by area.
    var list = RenderedItems()
    /// `painter.images.uploadsFromSources` when the items last let go of pixels now on the GPU.
    var uploadsWhenPixelsLetGo = 0
    /// Items given without an id so far (each is named `RenderItemID.unnamed` of its number).
    var unnamedItems = 0
    /// Where the baked layer stands in the page's order.
    var bakedBoundary = BakedBoundary()
    /// Items `0..<bakedCount` are wholly in the baked layer.
    public var bakedCount: Int { bakedBoundary.count }
    /// Sprites of the stroke at `bakedCount` already baked, while it is being baked a slice at a time.
    var bakeProgress: Int? {
        get { bakedBoundary.progress }
        set { bakedBoundary.progress = newValue }
    }
    /// While `batchingRedraws` runs: the rectangles its steps changed (and whether the baked layer must
    /// be redrawn there), drawn once when it ends.
    var pendingRedraws: [(rect: Rect, bakedToo: Bool)]?
    /// Bands of the page the ink and baked layers do not show yet (see `PageRenderer+Bands`).
    var undrawnBands: [Rect] = []
    /// Pages of more pixels than this load into their layers a band at a time (`PageRenderer+Bands`):
    /// 4 MP, four Letter pages; any page smaller draws whole at load, as it always did.
    public var drawsInBandsAbovePixels = 4_000_000
    /// While `batchingRedraws` runs: the changed rectangles reaching past the page, whose desk part
    /// the view redraws when it ends (`refreshDesk`).
    var pendingDeskRefreshes: [Rect] = []
    /// Areas where the baked layer still shows an item as it was: a photo that changed under another
    /// hiding it wholly was not drawn again (`replace`). The next redraw touching one rebuilds it there.
    var staleBakedAreas: [Rect] = []
    /// The item a gesture holds up off the page's layers (see `lift(at:)`), drawn over them each frame.
    var held: HeldItem? {
        didSet { keepSpare(oldValue?.snapshot, unlessIn: held?.snapshot) }
    }
    /// A picture of an item taken ahead of its lift, for the view of its time (see `prepareLift`).
    var preparedLift: (id: RenderItemID, snapshot: HeldItem.Snapshot)? {
        didSet { keepSpare(oldValue?.snapshot, unlessIn: preparedLift?.snapshot) }
    }
    /// The target of the last held item's picture, let go: the next picture of that size is drawn into
    /// it rather than a new one made (a window-sized target cost up to 2 ms of a press's frame). One at
    /// most, and only of up to `spareSnapshotPixels`.
    var spareSnapshotTarget: RenderTarget?
    /// The largest held item's picture whose target is kept for the next (4 M pixels: 32 MB with its
    /// stencil, a 2560×1600 window); a picture of a scrap zoomed larger (up to 4096² pixels, 128 MB)
    /// gives its target back when it is let go.
    public var spareSnapshotPixels = 4 << 20
    /// Areas of the layers redrawn from vectors so far: what a test sees an item put down by.
    public internal(set) var layerAreasRedrawn = 0
    /// Edits that named no item on the page (an id it does not hold, an index out of range): each is
    /// refused, changing nothing, and counted here, never trapped on. Any such edit means the renderer
    /// does not hold the page's items, so the app checks this after applying edits and reports it (and
    /// reloads the page).
    /// Counts over the renderer's life; `load` and `clearInk` do not reset it.
    public internal(set) var refusedEdits = 0
    /// What the latest refused edit asked for ("remove at 7 of 5 items"), for that report.
    public internal(set) var lastRefusedEdit: String?

    /// The stroke being drawn sample by sample, if one is.
    var live = LiveStroke()

    var view: ViewState? {
        didSet { painter.viewSize = view.map { ($0.width, $0.height) } }
    }
    /// Set by a new renderer: the ink and baked layers do not show the items yet. Whatever reads or
    /// draws on the layers first draws them (`drawLayersIfStale`).
    var layersAreStale = true
    /// What the ink and baked layers hold under their ink: the paper's colour (as an 8-bit framebuffer
    /// stores it) when the paper is that one opaque colour, nil (clear) when a pattern or a picture
    /// printed on the paper must show through the ink. Holding the paper, the ink layer is the page as
    /// the view shows it, so the view's copy of a redrawn area is a plain copy: compositing it over the
    /// paper was a tenth of a scissors cut's frame on llvmpipe. An eraser drawn on a layer that holds the
    /// paper paints the paper back (`eraseBlend`), which is what erasing and then compositing over
    /// that paper gives (to 8-bit rounding). A change of paper between the two kinds redraws the
    /// layers, at the next use (`drawLayersIfStale`).
    var layerBackdrop: InkColor? {
        get { painter.layerBackdrop }
        set { painter.layerBackdrop = newValue }
    }
    /// What changed in the window since the last frame, for frames that draw only that.
    var frameDamage = FrameDamage()

    /// `brushDirectory` holds the brush PNGs (`Resources/Brushes`); nil draws every brush soft round.
    /// The longest page side rendered (`PageSize.maximumSide`): GL_MAX_TEXTURE_SIZE on llvmpipe
    /// (16,384) less room for the guard band on both sides, so the ink layer is one texture and its
    /// viewport is never clamped.
    public static let maximumPageSide = 16000

    /// Refuses a page this GL cannot render, with the limit: the ink layer is one texture of the
    /// page's size, and refused here it is not an incomplete framebuffer or a failed allocation inside
    /// the driver. Export bands (`PageBandRenderer`) are held to the same sides, so whatever the window
    /// shows exports.
    static func checkPageSize(width: Int, height: Int) throws {
        let sides = 1...min(maximumPageSide, PageImageSize.currentMaximumSide())
        guard sides.contains(width), sides.contains(height) else {
            throw PageImageSizeError(message: "a page of \(width)×\(height) px cannot be rendered here; "
                                     + "a page's sides must be from 1 to \(sides.upperBound) px")
        }
    }

    public init(pageWidth: Int, pageHeight: Int, brushDirectory: String? = nil) throws {
        try Self.checkPageSize(width: pageWidth, height: pageHeight)
        self.pageWidth = pageWidth
        self.pageHeight = pageHeight
        inkLayer = try RenderTarget(width: pageWidth, height: pageHeight)
        bakedLayer = try RenderTarget(width: pageWidth, height: pageHeight)
        painter = try ItemPainter(pageWidth: pageWidth, pageHeight: pageHeight, paperLayers: [inkLayer, bakedLayer],
                                  brushDirectory: brushDirectory)
        overlayRenderer = OverlayRenderer(polygons: painter.polygons, quads: painter.quads, imageQuads: painter.imageQuads,
                                          images: painter.images, colorFields: try ColorFieldRenderer(),
                                          texts: try OverlayTextRenderer())
        try GLCheck.noError(during: "renderer set-up")
    }

    /// Room around every framebuffer so dabs centred outside it still draw their inside part.
    public var guardBand: Int { painter.guardBand }
    /// The largest sprite drawn as a point, in framebuffer pixels; larger ones are drawn as painter.quads.
    public var maximumPointSize: Float { painter.sprites.maximumPointSize }
    /// Draws every sprite as an instanced quad, never a point (to compare the two paths).
    public var drawsSpritesAsQuads: Bool {
        get { painter.sprites.forceQuads }
        set { painter.sprites.forceQuads = newValue }
    }

    /// Brushes that could not be loaded, and what was drawn instead.
    public var brushProblems: [String] { painter.brushes.problems }

    /// True while baking or sharpening is unfinished: the window should draw another frame even with
    /// no input.
    public var needsAnotherFrame: Bool {
        list.count - bakedCount > undoWindow || !(view?.tiles.allSharp ?? true) || !undrawnBands.isEmpty
    }

    /// Waits until the GPU has done everything asked so far (benchmarks time whole operations).
    public func finish() {
        glFinish()
    }

    /// Bytes of finished strokes' sprites sent to the GPU so far: each stroke goes up once, when it
    /// joins the page; redraws, baking and sharpening send nothing.
    public var strokeBytesUploaded: Int { painter.sprites.arena.uploadedBytes }
    /// Bytes of GPU buffers set aside for finished strokes' sprites now: 16 bytes a sprite of a
    /// one-colour unrotated stroke, 32 of any other, plus at most one partly filled 1 MiB buffer and the
    /// holes removed strokes left (reused first).
    public var strokeBytesReserved: Int { painter.sprites.arena.reservedBytes }
    /// Bytes of sprites streamed that are not yet a finished stroke (the live stroke and its tail).
    public var liveBytesUploaded: Int { painter.sprites.streamedBytes }
    /// Pictures uploaded as textures so far (once per image key while any item shows it).
    public var imageUploads: Int { painter.images.uploads }
    /// Picture textures alive now.
    public var imageTextureCount: Int { painter.images.count }
    /// Glyph atlas pages held as textures for the overlay's text.
    public var glyphPageTextureCount: Int { overlayRenderer.texts.pageTextureCount }
    /// Draw calls the overlay's text has taken so far (one per atlas page for each batch of text).
    public var overlayTextDrawCalls: Int { overlayRenderer.texts.drawCalls }
    /// GPU bytes of those picture textures (mipmaps included), idle ones kept for their source included.
    public var imageTextureBytes: Int { painter.images.bytes }
    /// GPU bytes of the picture textures no item shows, kept while their source has room.
    public var idleImageTextureBytes: Int { painter.images.idleBytes }

    /// Once pictures from a source were uploaded, the page's items let go of their pixels where that
    /// source can give them again: the texture holds the picture, and the source's copy went when it
    /// was made. Other uploads (a text line a key redrew) leave the items unwalked.
    func letGoOfUploadedPixels() {
        guard painter.images.uploadsFromSources != uploadsWhenPixelsLetGo else { return }
        uploadsWhenPixelsLetGo = painter.images.uploadsFromSources
        for index in list.indices {
            if let bare = list[index].item.lettingGoOfPixels(where: painter.images.holds) { list.setItem(bare, at: index) }
        }
    }
    /// GPU bytes of the page's layers and the scratch layers kept for reuse (view, highlighters,
    /// scraps' shadows and ink).
    public var layerBytes: Int { inkLayer.bytes + bakedLayer.bytes + painter.pool.bytes }

    var pageRect: Rect { Rect(x: 0, y: 0, width: Double(pageWidth), height: Double(pageHeight)) }
    var pageProjection: PageProjection { painter.pageProjection }

    // MARK: The live stroke

    /// Whether a stroke is being drawn sample by sample.
    public var hasLiveStroke: Bool { live.isDrawing }

    /// Starts a stroke drawn sample by sample; its final sprites come through `appendToLiveStroke`.
    public func beginLiveStroke(_ style: StrokeRenderStyle) {
        if live.isDrawing { endLiveStroke() }
        live.begin(style)
        if style.blendMode == .highlight { liveHighlightLayer?.clear() }
    }

    /// Adds final sprites of the live stroke: ink and eraser act on the ink (and view) layer at once, a
    /// highlighter collects in its own layer until the stroke ends.
    public func appendToLiveStroke<C: RandomAccessCollection>(_ committed: C) where C.Element == Sprite {
        guard let style = live.style, !committed.isEmpty else { return }
        drawLayersIfStale()
        live.append(committed)
        let brush = painter.brushes.texture(for: style.brush)
        switch style.blendMode {
        case .normal, .erase:
            let erasing = style.blendMode == .erase
            let bounds = SceneStroke.bounds(of: committed)
            if erasing, let under = liveEraserPlace,
               list.indices(touching: bounds, from: under).contains(where: { index in
                   if case .group = list[index].item { true } else { false }
               }) {
                // Over a scrap: the live eraser goes in under the scraps, so the rect is drawn again in
                // order rather than erased on top (which would take the scrap's picture too).
                redraw(bounds, bakedToo: false)
                return
            }
            inkLayer.bind()
            painter.sprites.draw(committed, projection: pageProjection, brush: brush,
                         blend: erasing ? painter.eraseBlend(into: inkLayer) : .over)
            if erasing {
                // The view layer is opaque (paper and its rules in it): redraw the erased rect.
                refreshView(pageRect: bounds)
            } else if let view, let layer = viewLayer {
                // Over the page only: the ink ends at its edge, as the ink layer does.
                let page = DeskArea.pagePixels(pageOnScreen(in: view)) ?? .null
                layer.bind()
                Scissor.set(page, framebufferHeight: view.height)
                painter.sprites.draw(committed, projection: view.projection(guardBand: guardBand), brush: brush, blend: .over)
                Scissor.off()
                noteViewChanged(pageRect: bounds)
                // Past the edge it shows over the scraps hanging there (`drawOverhangs`).
                refreshDesk(around: bounds)
            }
        case .highlight:
            guard let layer = liveHighlightLayer else { return }
            layer.bind()
            painter.sprites.draw(committed, projection: pageProjection, brush: brush, blend: .maximum)
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    /// Finishes the live stroke and keeps it as the page's last item, named `id` (one of its own when
    /// nil); its sprites go to the GPU once.
    public func endLiveStroke(id: RenderItemID? = nil) {
        var ended: (style: StrokeRenderStyle, stroke: SceneStroke)?
        live.end { style, sprites in
            // The sprites go to the GPU and are kept only there (read back if the item is asked for);
            // the live buffer stays for the next stroke instead of being given away and regrown.
            let stroke = SceneStroke(spritesKeptElsewhere: SceneStroke.bounds(of: sprites), style: style)
            let span = painter.sprites.arena.store(sprites)
            // Kept first: the view refresh below redraws from the page's items, this one included.
            list.append(RenderedItems.Entry(id: id ?? nextUnnamedID(), item: .stroke(stroke), span: span, childSpans: [],
                                            spritesOnGPUOnly: true))
            ended = (style, stroke)
        }
        if let (style, stroke) = ended, style.blendMode == .highlight, let layer = liveHighlightLayer {
            inkLayer.bind()
            painter.quads.drawLayer(layer.texture, over: pageRect, projection: pageProjection, opacity: style.layerOpacity)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            refreshView(pageRect: stroke.bounds)
        }
    }

    /// Drops the live stroke as if it had never been drawn.
    public func cancelLiveStroke() {
        guard let (style, bounds) = live.cancel() else { return }
        if style.blendMode != .highlight { redraw(bounds, bakedToo: false) }
    }

    /// Forgets every item, the live stroke and a held item, leaving the layers' pixels as they are (and
    /// no band owed to items that are gone).
    func forgetItems() {
        undrawnBands = []
        held = nil
        preparedLift = nil
        live.forget()
        list.removeAll()
        painter.forgetAllEntries()
        bakedBoundary.reset()
    }

    /// Removes every item and the live stroke.
    public func clearInk() {
        forgetItems()
        layersAreStale = false
        clearPageLayers()
        view?.tiles.markAllStale()
    }

    /// The paper: its colour and pattern, then the picture printed on it (`paperImage`), under every item.
    var paper: PagePaper { PagePaper(color: paperColor, pattern: paperPattern, image: paperImage) }

    /// Draws the paper into the bound target over what is there, or, `behind`, under it.
    func drawPaper(projection: PageProjection, behind: Bool = false) {
        paper.draw(with: painter, over: pageRect, projection: projection, behind: behind)
    }

    /// What the page layers should hold under their ink for the paper as it is now (see `layerBackdrop`).
    var paperBackdrop: InkColor? {
        paperPattern == .blank && paperImage == nil && !paperImageExpected && paperColor.alpha >= 1
            ? paperColor.quantizedTo8Bits : nil
    }

    /// Empties the ink and baked layers down to the backdrop the paper asks for now.
    func clearPageLayers() {
        layerBackdrop = paperBackdrop
        inkLayer.clear(to: layerBackdrop)
        bakedLayer.clear(to: layerBackdrop)
    }
}
