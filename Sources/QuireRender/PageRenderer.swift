import CGL
import Foundation
import QuireGeometry
import QuireImageIO
import QuireInk

/// Renders one page the JotUI way, in layers:
/// - the *baked* layer: every stroke older than the undo window, in a page-sized texture;
/// - the *ink* layer: the baked layer plus the recent strokes, what the page shows;
/// - the live stroke, drawn as it arrives (final sprites into the ink layer; its provisional tail on top);
/// - a *view* layer at window resolution, re-rendered from vectors tile by tile after a zoom or pan, so
///   ink is sharp at every zoom while the scaled ink layer shows at once.
/// Each stroke blends by its tool: ink over, a highlighter through a layer of its own joined at its
/// opacity (it never darkens where it crosses itself), an eraser as destination-out. Undo redraws only
/// the undone stroke's rectangle: the baked layer there plus the recent strokes touching it, so its
/// cost does not grow with the page; undo past the baked boundary rebuilds that rectangle from vectors.
/// Needs a current GL 3.3 core context.
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
    public var deskColor = InkColor(red: 0.56, green: 0.57, blue: 0.6)
    /// Recent strokes kept out of the baked layer: undoing one of them costs only the strokes near it.
    public var undoWindow = 100
    /// Seconds of work a frame may spend baking, and sharpening view tiles.
    public var bakeBudget = 0.002
    public var sharpenBudget = 0.004

    let sprites: SpriteBatchRenderer
    let quads: QuadRenderer
    let brushes: BrushLibrary
    let pool = TexturePool()
    let inkLayer: RenderTarget
    let bakedLayer: RenderTarget

    /// Every stroke on the page, oldest first, and an index of where they lie.
    public internal(set) var strokes: [SceneStroke] = []
    var grid = StrokeGrid()
    /// Strokes `0..<bakedCount` are wholly in the baked layer.
    public internal(set) var bakedCount = 0
    /// Sprites of `strokes[bakedCount]` already baked, while it is being baked a slice at a time.
    var bakeProgress: Int?
    var redoStack: [SceneStroke] = []

    var liveStyle: StrokeRenderStyle?
    /// The live stroke's final sprites so far.
    var liveSprites: [Sprite] = []

    var view: ViewState?
    /// Scratch for eraser sprites recoloured as paper.
    var paperSprites: [Sprite] = []

    /// `brushDirectory` holds the brush PNGs (`Resources/Brushes`); nil draws every brush soft round.
    public init(pageWidth: Int, pageHeight: Int, brushDirectory: String? = nil) throws {
        self.pageWidth = pageWidth
        self.pageHeight = pageHeight
        sprites = try SpriteBatchRenderer()
        quads = try QuadRenderer()
        brushes = BrushLibrary(directory: brushDirectory)
        inkLayer = try RenderTarget(width: pageWidth, height: pageHeight)
        bakedLayer = try RenderTarget(width: pageWidth, height: pageHeight)
        try GLCheck.noError(during: "renderer set-up")
    }

    /// Room around every framebuffer so dabs centred outside it still draw their inside part.
    public var guardBand: Int { Int(sprites.maximumPointSize / 2) + 2 }
    /// The largest sprite drawn as a point, in framebuffer pixels; larger ones are drawn as quads.
    public var maximumPointSize: Float { sprites.maximumPointSize }
    /// Draws every sprite as an instanced quad, never a point (to compare the two paths).
    public var drawsSpritesAsQuads: Bool {
        get { sprites.forceQuads }
        set { sprites.forceQuads = newValue }
    }

    /// Brushes that could not be loaded, and what was drawn instead.
    public var brushProblems: [String] { brushes.problems }

    /// True while baking or sharpening is unfinished: the window should draw another frame even with
    /// no input.
    public var needsAnotherFrame: Bool {
        strokes.count - bakedCount > undoWindow || !(view?.tiles.allSharp ?? true)
    }

    /// Waits until the GPU has done everything asked so far (benchmarks time whole operations).
    public func finish() {
        glFinish()
    }

    public var canUndo: Bool { !strokes.isEmpty && liveStyle == nil }
    public var canRedo: Bool { !redoStack.isEmpty && liveStyle == nil }

    var pageRect: Rect { Rect(x: 0, y: 0, width: Double(pageWidth), height: Double(pageHeight)) }
    var pageProjection: PageProjection {
        PageProjection(width: pageWidth, height: pageHeight, pageToFramebuffer: .identity, guardBand: guardBand)
    }

    // MARK: Strokes

    /// Adds a finished stroke on top of the page (loading a document, or a stroke drawn elsewhere).
    public func append(_ stroke: SceneStroke) {
        render(stroke, into: inkLayer, projection: pageProjection)
        push(stroke)
        redoStack.removeAll()
        refreshView(pageRect: stroke.bounds)
    }

    /// Draws a whole finished stroke onto the page.
    public func draw<C: RandomAccessCollection>(stroke strokeSprites: C, style: StrokeRenderStyle)
    where C.Element == Sprite {
        append(SceneStroke(sprites: Array(strokeSprites), style: style))
    }

    /// Adds many finished strokes at once (opening a page): everything outside the undo window goes
    /// straight into the baked layer, with no time slicing.
    public func load(_ loaded: [SceneStroke]) {
        // Loading starts a page afresh: whatever was on the renderer goes first.
        if !strokes.isEmpty || liveStyle != nil { clearInk() }
        drawBatched(loaded, into: inkLayer)
        for stroke in loaded { push(stroke) }
        let toBake = max(0, strokes.count - undoWindow) - bakedCount
        if toBake > 0 {
            drawBatched(strokes[bakedCount..<(bakedCount + toBake)], into: bakedLayer)
            bakedCount += toBake
        }
        view?.tiles.markAllStale()
    }

    /// Draws many strokes in order, one upload and one draw for each run of neighbours that blend alike
    /// (ink with the same brush): opening a page costs what GL costs, not a draw call a stroke.
    func drawBatched<C: Collection>(_ batch: C, into target: RenderTarget) where C.Element == SceneStroke {
        var run: [Sprite] = []
        var runStyle: StrokeRenderStyle?
        func flush() {
            guard let style = runStyle, !run.isEmpty else { return }
            render(SceneStroke(sprites: run, style: style), into: target, projection: pageProjection)
            run.removeAll(keepingCapacity: true)
        }
        for stroke in batch {
            if stroke.style.blendMode == .normal, stroke.style == runStyle {
                run.append(contentsOf: stroke.sprites)
                continue
            }
            flush()
            if stroke.style.blendMode == .normal {
                runStyle = stroke.style
                run.append(contentsOf: stroke.sprites)
            } else {
                runStyle = nil
                render(stroke, into: target, projection: pageProjection)
            }
        }
        flush()
    }

    private func push(_ stroke: SceneStroke) {
        strokes.append(stroke)
        grid.append(bounds: stroke.bounds)
    }

    /// Starts a stroke drawn sample by sample; its final sprites come through `appendToLiveStroke`.
    public func beginLiveStroke(_ style: StrokeRenderStyle) {
        if liveStyle != nil { endLiveStroke() }
        liveStyle = style
        liveSprites.removeAll(keepingCapacity: true)
        if style.blendMode == .highlight { liveHighlightLayer?.clear() }
    }

    /// Adds final sprites of the live stroke: ink and eraser act on the ink (and view) layer at once, a
    /// highlighter collects in its own layer until the stroke ends.
    public func appendToLiveStroke<C: RandomAccessCollection>(_ committed: C) where C.Element == Sprite {
        guard let style = liveStyle, !committed.isEmpty else { return }
        liveSprites.append(contentsOf: committed)
        let brush = brushes.texture(for: style.brush)
        switch style.blendMode {
        case .normal, .erase:
            let erasing = style.blendMode == .erase
            inkLayer.bind()
            sprites.draw(committed, projection: pageProjection, brush: brush, blend: erasing ? .erase : .over)
            if erasing {
                // The view layer is opaque (paper and its rules in it): redraw the erased rect.
                refreshView(pageRect: SceneStroke.bounds(of: committed))
            } else if let view, let layer = viewLayer {
                layer.bind()
                sprites.draw(committed, projection: view.projection(guardBand: guardBand), brush: brush, blend: .over)
            }
        case .highlight:
            guard let layer = liveHighlightLayer else { return }
            layer.bind()
            sprites.draw(committed, projection: pageProjection, brush: brush, blend: .maximum)
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    /// Finishes the live stroke and keeps it (a new stroke ends the redo history).
    public func endLiveStroke() {
        guard let style = liveStyle else { return }
        liveStyle = nil
        let stroke = SceneStroke(sprites: liveSprites, style: style)
        liveSprites.removeAll(keepingCapacity: true)
        // Kept first: the view refresh below redraws from the page's strokes, this one included.
        push(stroke)
        redoStack.removeAll()
        if style.blendMode == .highlight, let layer = liveHighlightLayer {
            inkLayer.bind()
            quads.drawLayer(layer.texture, over: pageRect, projection: pageProjection, opacity: style.layerOpacity)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            refreshView(pageRect: stroke.bounds)
        }
    }

    /// Drops the live stroke as if it had never been drawn.
    public func cancelLiveStroke() {
        guard let style = liveStyle else { return }
        liveStyle = nil
        let bounds = SceneStroke.bounds(of: liveSprites)
        liveSprites.removeAll(keepingCapacity: true)
        if style.blendMode != .highlight { redraw(bounds, bakedToo: false) }
    }

    /// Removes all ink and history.
    public func clearInk() {
        liveStyle = nil
        liveSprites.removeAll()
        strokes.removeAll()
        grid = StrokeGrid()
        bakedCount = 0
        bakeProgress = nil
        redoStack.removeAll()
        inkLayer.clear()
        bakedLayer.clear()
        view?.tiles.markAllStale()
    }

    // MARK: Undo and redo

    /// Takes the newest stroke off the page, redrawing only the rectangle it covered.
    @discardableResult
    public func undo() -> Bool {
        guard canUndo, let stroke = strokes.popLast() else { return false }
        grid.removeLast()
        let index = strokes.count
        var bakedToo = false
        if index < bakedCount {
            // Past the baked boundary: the baked layer itself must be rebuilt there from vectors.
            bakedCount = index
            bakedToo = true
        } else if index == bakedCount, bakeProgress != nil {
            bakeProgress = nil
            bakedToo = true
        }
        redraw(stroke.bounds, bakedToo: bakedToo)
        redoStack.append(stroke)
        return true
    }

    /// Puts back the stroke most recently undone.
    @discardableResult
    public func redo() -> Bool {
        guard canRedo, let stroke = redoStack.popLast() else { return false }
        render(stroke, into: inkLayer, projection: pageProjection)
        push(stroke)
        refreshView(pageRect: stroke.bounds)
        return true
    }
}
