import Foundation
import QuireDocument
import QuireImageIO
import QuirePDF
import QuireStorage

/// The PDF pages a notebook's pages show as backgrounds, rendered by poppler at the size they are drawn
/// (page pixels × the detail asked for: the zoom in the window, the scale in an export) and kept while
/// in use: by blob, page and rendered size, at most `budget` bytes, the pages rendered longest ago going
/// first. Only pages that are asked for are rendered, so a notebook of a 300-page PDF opens at the cost
/// of its first page. A PDF that cannot be read (a damaged blob) or a page it lacks is reported once and
/// draws nothing: the page shows its paper.
///
/// The window asks with `requestImage`, which never waits: poppler reads the PDF and renders on another
/// thread (a dense page takes tens to hundreds of milliseconds), and `takeArrived` hands the result over
/// for the window to draw; meanwhile the nearest size of that page already held is drawn, scaled, or
/// nothing (the paper). Exports ask with `image`, which renders at once.
public final class PDFPageCache {
    /// A PDF page at one rendered size.
    public struct Key: Hashable, Sendable {
        public var blob: BlobID
        public var page: Int
        public var width: Int
        public var height: Int
    }

    private let store: NotebookStore
    private let report: (String) -> Void
    /// The most pixels and the longest side one rendered page may have: beyond them a page is rendered
    /// at the largest detail within them (shown a little soft at a deep zoom rather than not at all).
    private let maximumPixels: Int
    private let maximumSide: Int
    private var rendered: RecentImages<Key>
    /// Oldest first.
    private var unreadable: Set<BlobID> = []
    private var pending: Set<Key> = []
    private let finished = FinishedImages<PDFPageCache.Key>()
    private let documents: PDFShelf
    /// One poppler render at a time: a document's renders are serialised by its own lock anyway, and a
    /// second thread rendering would take the core the pen's frames are drawn on.
    /// Below the window's priority, as pictures decode.
    private let renderers = BackgroundWorkers(name: "quire-pdf", count: 1)

    /// The window's limit: 16 M pixels a page (64 MB), a Letter page at a 4× zoom.
    public static let windowMaximumPixels = 16 << 20
    /// An export's: 64 M pixels (256 MB), a Letter page at 900 dpi.
    public static let exportMaximumPixels = 64 << 20

    public init(store: NotebookStore, budget: Int = 384 << 20, maximumPixels: Int = windowMaximumPixels,
                maximumSide: Int = 8192, report: @escaping (String) -> Void) {
        self.store = store
        rendered = RecentImages(budget: budget)
        self.maximumPixels = max(1, min(maximumPixels, PDFDocument.maximumRenderPixels))
        self.maximumSide = max(1, min(maximumSide, PDFDocument.maximumRenderSide))
        self.report = report
        documents = PDFShelf(store: store)
    }

    /// Bytes of rendered pixels held.
    public var heldBytes: Int { rendered.bytes }

    /// Whether renders asked for by `requestImage` are under way or not yet taken.
    public var isRendering: Bool { !pending.isEmpty }

    /// The size `item` is rendered at for `detail` image pixels per page pixel, within the limits; nil
    /// when the item's rect is not a finite, positive area.
    public func renderSize(of item: PDFPageItem, detail: Double) -> (width: Int, height: Int)? {
        let width = item.rect.width, height = item.rect.height
        guard width.isFinite, height.isFinite, width > 0, height > 0, detail.isFinite, detail > 0 else { return nil }
        let fit = min(detail, Double(maximumSide) / max(width, height), (Double(maximumPixels) / (width * height)).squareRoot())
        return (max(1, Int((width * fit).rounded())), max(1, Int((height * fit).rounded())))
    }

    /// The page `item` shows, rendered for `detail`; rendered now if it is not held.
    public func image(_ item: PDFPageItem, detail: Double) -> RGBAImage? {
        guard let key = key(item, detail: detail) else { return nil }
        if let known = rendered.use(key) { return known }
        guard !unreadable.contains(item.document) else { return nil }
        do {
            return rendered.keep(try documents.render(key), as: key)
        } catch {
            refuse(item.document, error)
            return nil
        }
    }

    /// The page if it is held at that size; else it is rendered on another thread, to be handed over by
    /// `takeArrived`, and meanwhile the held size of it nearest the one wanted is returned, or nil.
    public func requestImage(_ item: PDFPageItem, detail: Double) -> RGBAImage? {
        guard let key = key(item, detail: detail) else { return nil }
        if let known = rendered.use(key) { return known }
        guard !unreadable.contains(item.document) else { return nil }
        let stopgap = rendered.all.filter { $0.key.blob == key.blob && $0.key.page == key.page }
            .min { abs(log(Double($0.key.width) / Double(key.width))) < abs(log(Double($1.key.width) / Double(key.width))) }?.value
        guard !pending.contains(key) else { return stopgap }
        pending.insert(key)
        let generation = documents.generation
        renderers.add { [finished, documents] in
            guard documents.generation == generation else { return finished.add(key, .failure(SkippedRender())) }
            finished.add(key, Result { try documents.render(key) })
        }
        return stopgap
    }

    /// The PDFs whose pages finished rendering since the last call, now held (or reported, when they
    /// could not be rendered): the window redraws the items that show them.
    public func takeArrived() -> Set<BlobID> {
        var arrived: Set<BlobID> = []
        for (key, result) in finished.take() {
            pending.remove(key)
            switch result {
            case let .success(image):
                rendered.keep(image, as: key)
                arrived.insert(key.blob)
            case .failure(is SkippedRender):
                break
            case let .failure(error):
                refuse(key.blob, error)
                arrived.insert(key.blob)
            }
        }
        return arrived
    }

    /// Drops renders asked for but not yet started (the window turned to another page): the pages
    /// shown next are not kept waiting behind pages nobody looks at any more.
    /// Never waits: a render already started finishes (and is kept), the others are skipped; a page
    /// asked for again afterwards (the same page shown again) is asked for anew.
    public func dropWaitingRenders() {
        documents.advanceGeneration()
        pending.removeAll()
    }

    /// Holds renders back from starting (tests: a page turn's skipping is then exact, whatever the
    /// machine's speed); renders resume when set back to false.
    var rendersPaused: Bool {
        get { renderers.isPaused }
        set { renderers.isPaused = newValue }
    }

    /// Waits for every render under way (tests, benchmarks).
    public func waitForRenders() {
        renderers.waitUntilIdle()
    }

    private func key(_ item: PDFPageItem, detail: Double) -> Key? {
        guard item.pageIndex >= 0, let size = renderSize(of: item, detail: detail) else { return nil }
        return Key(blob: item.document, page: item.pageIndex, width: size.width, height: size.height)
    }

    private func refuse(_ id: BlobID, _ error: Error) {
        guard unreadable.insert(id).inserted else { return }
        report("quire: a PDF page in \(store.path) cannot be shown (its page shows blank paper): \(error)")
    }
}

/// The notebook's PDFs opened by poppler, on whichever thread renders: each read from its blob once and
/// kept while in use (the few opened last; a document holds its whole file), shared under a lock.
private final class PDFShelf: @unchecked Sendable {
    private let store: NotebookStore
    private let lock = NSLock()
    private var open: [(blob: BlobID, document: PDFDocument)] = []
    private var currentGeneration = 0
    private let generationLock = NSLock()
    static let kept = 4

    /// Advanced when the renders asked for so far are no longer wanted; each render asked for notes the
    /// generation it was asked in, and is skipped when that has passed.
    /// Under a lock of its own: the window reads it while a render may hold `lock` for a while.
    var generation: Int {
        generationLock.lock()
        defer { generationLock.unlock() }
        return currentGeneration
    }

    func advanceGeneration() {
        generationLock.lock()
        currentGeneration += 1
        generationLock.unlock()
    }

    init(store: NotebookStore) {
        self.store = store
    }

    func render(_ key: PDFPageCache.Key) throws -> RGBAImage {
        let document = try self.document(key.blob)
        guard document.pageSizes.indices.contains(key.page) else {
            throw PDFError.noSuchPage(name: "PDF \(key.blob.rawValue.prefix(12))", page: key.page + 1, pages: document.pageCount)
        }
        let points = document.pageSizes[key.page]
        let image = try document.render(page: key.page, scale: Double(key.width) / points.width)
        return image
    }

    /// Opening is under the lock too: two renders of one new PDF read and parse it once.
    private func document(_ blob: BlobID) throws -> PDFDocument {
        lock.lock()
        defer { lock.unlock() }
        if let index = open.firstIndex(where: { $0.blob == blob }) {
            let entry = open.remove(at: index)
            open.append(entry)
            return entry.document
        }
        let document = try PDFDocument(bytes: try store.blob(blob), name: "PDF \(blob.rawValue.prefix(12))")
        open.append((blob, document))
        if open.count > Self.kept { open.removeFirst() }
        return document
    }
}

/// A render asked for before `dropWaitingRenders`, not done.
private struct SkippedRender: Error {}

