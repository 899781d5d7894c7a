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
    private var pictureDetail = 1.0
    /// Pixels per page pixel PDF pages are rendered at: follows the zoom once it has settled.
    private var pdfDetail = SettlingDetail(zoom: 1)
    /// The page's photo scraps drawn from their thumbnails: those the window shows nothing of
    /// (`PictureSight`), worked out again once the view and the page have stood still for `sightSettle`
    /// seconds; while a page of photos opens, every one whose picture is not known yet.
    private var thumbnailPictures: Set<ItemID> = []
    /// What `thumbnailPictures` was last worked out for, and whether it changed since.
    private var sightFor = Sight(edits: -1, pageToWindow: .identity)
    private var sightChangedAt = 0.0
    private var sightStale = false
    static let sightSettle = 0.25
    /// When pictures last arrived (monotonic seconds), and how long after it more are gathered.
    private var lastArrivals = -Double.infinity
    static let arrivalGathering = 0.1
    private struct Sight: Equatable {
        var edits: Int
        var pageToWindow: AffineTransform
    }
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
        // Pictures come as `requestPicture` gives them (held by their textures once uploaded).
        var builder = RenderItemBuilder(registry: canvas.registry, pictureDetail: pictureDetail, pdfDetail: pdfDetail.detail,
                                        pdfPage: session.pdfPages.requestImage)
        builder.shownPicture = session.pictures.requestPicture
        builder.thumbnailPictures = thumbnailPictures
        builder.scrapMemo = scrapMemo
        return builder
    }
    /// The scrap last built for a change in what it carries, for the next such change.
    private let scrapMemo = ScrapBuildMemo()

    /// Bytes of the page's pictures held decoded on the CPU, and as textures.
    var pictureMemory: (decoded: Int, textures: Int, idle: Int) {
        (session.pictures.heldBytes, renderer.imageTextureBytes, renderer.idleImageTextureBytes)
    }

    /// When the photos' sharpness is due to be worked out again (monotonic seconds), if it waits.
    func sightDue(now: Double) -> Double? {
        sightStale ? max(0, sightChangedAt + Self.sightSettle - now) : nil
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
        // A page of photos opens on thumbnails: which of them show is known once their pictures are.
        let scraps = Self.pictureScraps(of: page)
        thumbnailPictures = thumbnails(of: scraps, besides: scraps.filter { !$0.value.allSatisfy(session.pictures.isKnown) }.keys)
        sightFor = currentSight
        sightStale = false
        // The page shown before may have asked for renders it no longer needs: this page's go first.
        session.pdfPages.dropWaitingRenders()
        renderer.load(page, building: builder)
        // A large page opens drawing only what the window will show (the rest comes a band a frame).
        renderer.drawBands(touching: canvas.windowInPageSpace)
        owesFrame = true
        owesWholeFrame = true
        let stored = (try? session.store.thumbnail(of: page.id))??.isCurrent == true
        thumbnailEdits = stored ? canvas.editor.editCount : nil
    }

    /// An endless page made `size` where it is shown: saved, drawn into a renderer of the new size from
    /// the page's items, its view and history kept. False (said) when no renderer can be made that big.
    @discardableResult
    func grow(to size: PageSize) -> Bool {
        let (width, height) = size.pixelSize
        let grown: PageRenderer
        do {
            grown = try PageRenderer(pageWidth: width, pageHeight: height, brushDirectory: ResourceLocator.brushesDirectory)
        } catch {
            say("quire: the page cannot grow to \(width)×\(height) px here: \(error)")
            return false
        }
        canvas.editor.resize(to: size)
        session.growPage(canvas.page.id, to: size)
        // What the canvas queued for the old renderer is in the page the new one loads.
        _ = canvas.takeRenderWork()
        grown.paperColor = canvas.page.background.paperColor
        grown.paperPattern = PaperPattern(canvas.page.background)
        // Loaded while the old renderer still holds the pictures' textures: the new one takes their
        // pixels from the cache (decoded again at once) rather than showing the photos blank until
        // their decodes arrive.
        grown.load(canvas.page, building: builder)
        renderer = grown
        owesFrame = true
        owesWholeFrame = true
        return true
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
        // The window's size sets how much picture memory it keeps (another notebook's cache too).
        session.pictures.budget = PictureCache.budget(forWindowWidth: width, height: height)
        let renderer = caughtUpRenderer(forFrame: true)
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
        // While more are decoding, arrivals are taken a few times a second rather than one by one: each
        // redraws its scrap's area with everything under it, and a pile of a hundred photos arriving
        // one at a time was a hundred redraws of a hundred layers.
        let gathering = session.pictures.isDecoding && now - lastArrivals < Self.arrivalGathering
        let arrived = gathering ? [] : session.pictures.takeArrived()
        if !arrived.isEmpty { lastArrivals = now }
        var redrawn = arrived.union(session.pdfPages.takeArrived())
        let resighted = resight(now: now, picturesArrived: !arrived.isEmpty)
        let zoom = canvas.view.zoom
        let detail = RenderItemBuilder.detail(forZoom: zoom)
        // Text is drawn at the pictures' detail too: a new detail draws it again, sharp at the zoom.
        var textRedrawn = false
        if detail != pictureDetail {
            pictureDetail = detail
            redrawn.formUnion(canvas.page.items.blobs)
            textRedrawn = true
        }
        if pdfDetail.observe(zoom: zoom, now: now) {
            redrawn.formUnion(canvas.page.items.blobs)
        }
        guard !redrawn.isEmpty || !resighted.isEmpty || textRedrawn else { return }
        let renderer = caughtUpRenderer()
        renderer.paperImage = builder.paperImage(of: canvas.page)
        // Top first: a photo drawn hides those under it, whose redraw then finds nothing to show.
        for (index, item) in canvas.page.items.enumerated().reversed()
        where resighted.contains(item.id) || !item.blobs.isDisjoint(with: redrawn) || (textRedrawn && item.holdsText) {
            renderer.replace(RenderItemID(item.id), near: index, with: builder.renderItem(item))
        }
        owesFrame = true
    }

    private var currentSight: Sight { Sight(edits: canvas.editor.editCount, pageToWindow: canvas.pageToWindow) }

    /// Works out again which photos are drawn from thumbnails, once the view and the page have stood
    /// still for `sightSettle` seconds or pictures arrived (their opacity now known), and only when every
    /// photo's picture is known (one not decoded yet hides nothing, so a pile half decoded would ask for
    /// every picture at its full detail). Returns the scraps that changed: drawn again at their new size.
    private func resight(now: Double, picturesArrived: Bool) -> Set<ItemID> {
        if currentSight != sightFor {
            sightFor = currentSight
            sightChangedAt = now
            sightStale = true
        }
        guard picturesArrived || (sightStale && now - sightChangedAt >= Self.sightSettle) else { return [] }
        let scraps = Self.pictureScraps(of: canvas.page)
        guard scraps.values.allSatisfy({ $0.allSatisfy(session.pictures.isKnown) }) else { return [] }
        sightStale = false
        let thumbnails = thumbnails(of: scraps, besides: [])
        defer { thumbnailPictures = thumbnails }
        return thumbnails.symmetricDifference(thumbnailPictures)
    }

    /// Of the page's photo scraps `scraps` (`pictureScraps`), those the window shows nothing of, and
    /// `others` besides.
    private func thumbnails(of scraps: [ItemID: Set<BlobID>], besides others: some Sequence<ItemID>) -> Set<ItemID> {
        let seen = PictureSight.seen(canvas.page.items, in: canvas.windowInPageSpace, isOpaque: session.pictures.isKnownOpaque)
        return Set(scraps.keys).subtracting(seen).union(others)
    }

    /// The page's own photo scraps, with the pictures each shows.
    private static func pictureScraps(of page: Page) -> [ItemID: Set<BlobID>] {
        var scraps: [ItemID: Set<BlobID>] = [:]
        for item in page.items {
            if case let .scrap(scrap) = item.content, scrap.image != nil { scraps[item.id] = item.blobs }
        }
        return scraps
    }

    /// The renderer with the canvas's queued stroke work handed to it, in order: the only way to it.
    /// For a frame (`forFrame`), a pick-up may wait for the next one (`RenderQueue.takeForFrame`).
    private func caughtUpRenderer(forFrame: Bool = false) -> PageRenderer {
        // Taking the work marks the canvas drawn: the frame that shows it is owed here instead.
        if canvas.needsRedraw { owesFrame = true }
        if !renderer.perform(forFrame ? canvas.takeRenderWorkForFrame() : canvas.takeRenderWork(), building: builder) {
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

extension PageItem {
    /// Whether it is text, or a scrap carrying text: drawn again when the text's detail changes.
    var holdsText: Bool {
        switch content {
        case .text: true
        case let .scrap(scrap): scrap.items.contains { $0.holdsText }
        default: false
        }
    }
}
