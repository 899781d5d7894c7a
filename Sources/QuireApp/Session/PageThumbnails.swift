import Foundation
import QuireDocument
import QuireImageIO
import QuireStorage

/// The page sorter's thumbnails: the PNGs the notebook stores for its pages (`NotebookStore.thumbnail`),
/// read and decoded on other threads, never the drawing thread's, and kept within a byte budget (the
/// ones looked at longest ago go first; a 500-page notebook's would be 70 MB). `request` names the pages
/// wanted now, nearest first: pages no longer wanted by the time a worker reaches them are passed over,
/// so a fast scroll does not leave a queue of rows scrolled past. Public for the benchmark.
public final class PageThumbnails {
    /// What a card shows.
    enum Thumbnail: Equatable {
        case image(RGBAImage)
        /// The page has no thumbnail of its current ink (never drawn on, or changed since), or it could
        /// not be read: its card shows the page's number.
        case none
    }

    private let store: NotebookStore
    private let report: (String) -> Void
    /// The box (pixels) the sorter's cards show thumbnails in: decoded thumbnails are shrunk to fit it
    /// on the workers, so a card draws its picture at its own size instead of filtering a larger one
    /// every frame. Nil: kept at their stored size.
    var cardSize: (width: Int, height: Int)?
    private var held: RecentImages<PageID>
    private var withoutThumbnail: Set<PageID> = []
    private var pending: Set<PageID> = []
    private let finished = FinishedImages<PageID>()
    private let wanted = WantedPages()
    /// Below the window's priority, as pictures decode: the sorter's frames come first.
    private let workers = BackgroundWorkers(name: "quire-thumbs", count: max(1, min(2, ProcessInfo.processInfo.activeProcessorCount)))

    public init(store: NotebookStore, budget: Int = 48 << 20, report: @escaping (String) -> Void) {
        self.store = store
        held = RecentImages(budget: budget)
        self.report = report
    }

    deinit {
        // The workers drop the loads not begun as they go.
        wanted.set([])
    }

    /// Bytes of decoded thumbnails held.
    var heldBytes: Int { held.bytes }

    /// Whether thumbnails asked for are still being read or not yet taken.
    var isLoading: Bool { !pending.isEmpty }

    /// The page's thumbnail if it is known (held, or known to be missing); nil while it loads or before
    /// it is asked for.
    func thumbnail(of page: PageID) -> Thumbnail? {
        if let image = held.use(page) { return .image(image) }
        return withoutThumbnail.contains(page) ? Thumbnail.none : nil
    }

    /// Asks for `pages` (nearest first): those neither held nor loading are read and decoded on the
    /// workers; loads under way for pages not among them are dropped when a worker reaches them.
    func request(_ pages: [PageID]) {
        wanted.set(Set(pages))
        let reader = ThumbnailReader(store: store, fitting: cardSize)
        for page in pages where held.all[page] == nil && !withoutThumbnail.contains(page) && !pending.contains(page) {
            pending.insert(page)
            workers.add { [finished, wanted] in
                guard wanted.contains(page) else { return finished.add(page, .failure(ThumbnailSkipped())) }
                finished.add(page, Result { try reader.decodedThumbnail(of: page) })
            }
        }
    }

    /// Takes the thumbnails decoded since the last call; true when any card can now show more.
    func takeArrived() -> Bool {
        var arrived = false
        for (page, result) in finished.take() {
            pending.remove(page)
            switch result {
            case let .success(image):
                held.keep(image, as: page)
                arrived = true
            case let .failure(error) where error is ThumbnailSkipped:
                continue
            case let .failure(error):
                withoutThumbnail.insert(page)
                arrived = true
                if !(error is NoCurrentThumbnail) {
                    report("quire: the thumbnail of page \(page.rawValue) in \(store.path) cannot be shown (\(error)); its card shows its number")
                }
            }
        }
        return arrived
    }

    /// Waits for every load under way (tests and the benchmark; the sorter itself never waits).
    func waitForLoads() {
        workers.waitUntilIdle()
    }
}

/// The pages wanted now, shared with the workers.
private final class WantedPages: @unchecked Sendable {
    private let lock = NSLock()
    private var pages: Set<PageID> = []

    func set(_ new: Set<PageID>) {
        lock.lock()
        pages = new
        lock.unlock()
    }

    func contains(_ page: PageID) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return pages.contains(page)
    }
}

/// A page scrolled past before a worker reached it: not read, and asked for again if it comes back.
private struct ThumbnailSkipped: Error {}

/// The notebook holds no thumbnail of the page's current ink.
private struct NoCurrentThumbnail: Error {}

/// Reads thumbnails on the workers. The store's database queue serialises every access, so a read from
/// a worker waits for (and briefly holds up) the window's own use of the notebook, and nothing else.
private struct ThumbnailReader: @unchecked Sendable {
    let store: NotebookStore
    let fitting: (width: Int, height: Int)?

    func decodedThumbnail(of page: PageID) throws -> RGBAImage {
        guard let stored = try store.thumbnail(of: page), stored.isCurrent else { throw NoCurrentThumbnail() }
        let image = try PNG.decode(stored.png)
        guard let fitting else { return image }
        return image.shrunk(toFitWidth: fitting.width, height: fitting.height)
    }
}
