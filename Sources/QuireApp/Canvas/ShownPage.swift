import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireRender
import QuireStorage
import QuireX11

/// The page the window shows, whole: its model and history (the canvas's editor), the renderer that
/// draws it, the pictures and PDF pages drawn at the zoom, and whether its stored thumbnail is behind.
///
/// Edits go one way: a tool hands its `PageEdit` to the editor, which applies it to the page, queues it
/// for the renderer and saves it to the notebook. Everything that reads the renderer (a frame, a
/// thumbnail, an export) reads it here, after the queued work has reached it, so no caller has to
/// remember to catch the renderer up; pictures arriving, page turns and undo reach it only through here.
final class ShownPage {
    let canvas: CanvasController
    private let session: NotebookSession
    private let say: @Sendable (String) -> Void
    /// Replaced when a page of another paper size is shown (its layers are the page's size).
    private var renderer: PageRenderer
    /// Picture pixels per page pixel the page's pictures are drawn with: follows the zoom.
    private var pictureDetail = 2.0
    /// Pixels per page pixel PDF pages are rendered at: follows the zoom once it has settled.
    private var pdfDetail = SettlingDetail(zoom: 1)
    /// The editor's count of edits when the stored thumbnail was last brought up to date (nil: the
    /// stored one was not current when the page was shown).
    private var thumbnailEdits: Int?
    /// Brush problems said already (each once a run).
    private var reportedProblems: Set<String> = []
    /// The window shows less than the renderer has: work reached it outside a frame (before a
    /// thumbnail, an export, a page turn) or pictures arrived.
    private(set) var owesFrame = true
    /// The next frame must draw the whole window: another page is shown.
    private(set) var owesWholeFrame = true

    /// Thumbnails are a fifth of the page: 163 × 211 for Letter.
    static let thumbnailScale = 0.2

    /// Shows `page`, the first page of the run. Throws when no renderer can be made.
    init(_ page: Page, canvas: CanvasController, session: NotebookSession, say: @escaping @Sendable (String) -> Void) throws {
        self.canvas = canvas
        self.session = session
        self.say = say
        renderer = try PageRenderer(pageWidth: page.size.pixelSize.width, pageHeight: page.size.pixelSize.height,
                                    brushDirectory: ResourceLocator.brushesDirectory)
        canvas.editor.savesTo = session
        try show(page)
    }

    /// Page items → render items, pictures read from the notebook's blobs. Pictures not decoded yet are
    /// asked for and drawn when they arrive (`showArrivedPictures`), so a page of photos opens, and a
    /// pasted photo shows its paper, at once. PDF pages are rendered the same way, at the zoom.
    private var builder: RenderItemBuilder {
        RenderItemBuilder(registry: canvas.registry, pictureDetail: pictureDetail, image: session.pictures.requestImage,
                          pdfDetail: pdfDetail.detail, pdfPage: session.pdfPages.requestImage)
    }

    /// The shown page has ink its stored thumbnail lacks.
    var thumbnailIsStale: Bool { thumbnailEdits != canvas.editor.editCount }

    /// Whether the renderer has more to draw by itself (tiles sharpening, strokes baking).
    var needsAnotherFrame: Bool { renderer.needsAnotherFrame }

    /// When the PDF pages' detail settles after a zoom (monotonic seconds), if one is waiting.
    func pdfDetailDue(now: Double) -> Double? { pdfDetail.due(now: now) }

    /// Shows `page`: its items loaded afresh into the renderer (a new one when the paper size differs)
    /// and the canvas, with its own history, and the page put back where it was in the window.
    /// Throws when no renderer can be made for the page's size: drawing it into layers of another
    /// size would clip its ink.
    func show(_ page: Page) throws {
        let (width, height) = page.size.pixelSize
        if renderer.pageWidth != width || renderer.pageHeight != height {
            renderer = try PageRenderer(pageWidth: width, pageHeight: height, brushDirectory: ResourceLocator.brushesDirectory)
        }
        renderer.paperColor = page.background.paperColor
        renderer.paperPattern = PaperPattern(page.background)
        let (history, startsAfresh) = session.history(of: page)
        canvas.show(page, history: history, startsAfresh: startsAfresh)
        canvas.view = PageView()
        if let saved = session.savedView, saved.pageID == page.id { canvas.view = PageView(restoring: saved.transform) }
        pictureDetail = RenderItemBuilder.detail(forZoom: canvas.view.zoom)
        pdfDetail = SettlingDetail(zoom: canvas.view.zoom)
        // The page shown before may have asked for renders it no longer needs: this page's go first.
        session.pdfPages.dropWaitingRenders()
        renderer.load(page, building: builder)
        owesFrame = true
        owesWholeFrame = true
        let stored = (try? session.store.thumbnail(of: page.id))??.isCurrent == true
        thumbnailEdits = stored ? canvas.editor.editCount : nil
    }

    /// Shows the current page again as the notebook holds it (after it refused a change).
    func reload() {
        do {
            try show(try session.loadCurrentPage())
        } catch {
            say("quire: \(FileSystemReason.text(for: error))")
        }
    }

    /// Before the notebook changes under the page (a page turn, another notebook, pages added, a list
    /// shown): the stroke still being drawn is finished and saved on this page, its thumbnail brought up
    /// to date, and where it sits in the window kept.
    func leave() {
        canvas.finishGesture()
        refreshThumbnail()
        session.viewChanged(canvas.pageToWindow)
    }

    /// Carries out a change of page or notebook (`change` returns whether the page shown changed) and
    /// shows the page current after it; returns false when it failed (said).
    @discardableResult
    func change(_ change: () throws -> Bool) -> Bool {
        leave()
        do {
            if try change() {
                try show(try session.loadCurrentPage())
                session.viewChanged(canvas.pageToWindow)
            }
            return true
        } catch {
            say("quire: \(FileSystemReason.text(for: error))")
            return false
        }
    }

    /// Renders the page small (GL, here) and has the autosave queue compress and store it, when the
    /// stored one is behind.
    func refreshThumbnail() {
        guard thumbnailIsStale, !session.isReadOnly else { return }
        thumbnailEdits = canvas.editor.editCount
        guard let image = try? pageImage(scale: Self.thumbnailScale) else { return }
        session.saveThumbnail(of: canvas.page.id) { try PNG.encode(image, speed: .fast) }
    }

    /// The whole page as the window shows it, with everything drawn so far.
    func pageImage(scale: Double = 1) throws -> RGBAImage {
        try caughtUpRenderer().renderPageImage(scale: scale)
    }

    /// Draws the page into the window: what changed since the last frame (`onlyWhatChanged`) or all
    /// of it, with `overlay` over it. Returns the window rect drawn when only part of it was; `marks`
    /// get when the renderer had caught up and when it had drawn.
    func draw(width: Int, height: Int, overlay: [OverlayItem], onlyWhatChanged: Bool, marks: inout FramePhases.Marks) -> Rect? {
        let renderer = caughtUpRenderer()
        marks.caughtUp = MonotonicClock.seconds()
        owesFrame = false
        owesWholeFrame = false
        defer { marks.drawn = MonotonicClock.seconds() }
        return renderer.drawView(width: width, height: height, pageToWindow: canvas.pageToWindow,
                                 provisional: canvas.provisionalSprites, overlay: overlay,
                                 onlyWhatChanged: onlyWhatChanged, bakes: false)
    }

    /// Baking (strokes leaving the undo window) changes nothing on screen: done after presenting.
    func bakeBetweenFrames() {
        renderer.bakeBetweenFrames()
    }

    /// Draws again the items showing pictures that finished decoding or PDF pages that finished
    /// rendering; after a zoom that wants pictures sharper (or allows them smaller), asks for every
    /// picture at the new detail, and once the zoom has settled, every PDF page.
    func showArrivedPictures(now: Double) {
        var redrawn = session.pictures.takeArrived().union(session.pdfPages.takeArrived())
        let zoom = canvas.view.zoom
        let detail = RenderItemBuilder.detail(forZoom: zoom)
        if detail != pictureDetail {
            pictureDetail = detail
            redrawn.formUnion(canvas.page.items.blobs)
        }
        if pdfDetail.observe(zoom: zoom, now: now) {
            redrawn.formUnion(canvas.page.items.blobs)
        }
        guard !redrawn.isEmpty else { return }
        let renderer = caughtUpRenderer()
        renderer.paperImage = builder.paperImage(of: canvas.page)
        for (index, item) in canvas.page.items.enumerated() where !item.blobs.isDisjoint(with: redrawn) {
            renderer.replace(RenderItemID(item.id), near: index, with: builder.renderItem(item))
        }
        owesFrame = true
    }

    /// The renderer with the canvas's queued stroke work handed to it, in order: the only way to it.
    private func caughtUpRenderer() -> PageRenderer {
        // Taking the work marks the canvas drawn: the frame that shows it is owed here instead.
        if canvas.needsRedraw { owesFrame = true }
        if !renderer.perform(canvas.takeRenderWork(), building: builder) {
            say("quire: the drawing fell out of step with the page (\(renderer.lastRefusedEdit ?? "an edit was refused")); "
                + "it is drawn again from the page")
            renderer.load(canvas.page, building: builder)
        }
        for problem in renderer.brushProblems where !reportedProblems.contains(problem) {
            reportedProblems.insert(problem)
            say("quire: warning: \(problem)")
        }
        return renderer
    }
}
