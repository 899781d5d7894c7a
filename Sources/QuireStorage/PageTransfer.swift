import GRDB
import QuireDocument

extension NotebookStore {
    /// Copies or moves a page, items and all, into `target` at `index` (nil: the end); returns the page's
    /// id there. Scraps come with their own items, and the image and PDF blobs the page shows come with
    /// it (stored once in the target however many items show them). A moved page keeps its id and its
    /// items theirs; a copy gets new ones.
    ///
    /// Two files, two transactions: the page (and its blobs) is first committed to the target and only then
    /// deleted from the source, so a crash in between leaves it in both notebooks, never in neither. The
    /// source's blobs the page alone used are collected when the source closes.
    @discardableResult
    public func transferPage(_ id: PageID, to target: NotebookStore, at index: Int? = nil, move: Bool) throws -> PageID {
        if move, let readOnlyReason { throw NotebookFileError.readOnly(path: path, reason: readOnlyReason) }
        let sameFile = target === self
        if move && sameFile {
            try movePage(id, to: index ?? Int.max)
            return id
        }
        var page = try loadPage(id)
        if !move {
            page = Page(id: PageID(), size: page.size, background: page.background, items: page.items.map(Self.renewingIDs))
        }
        let blobs = sameFile ? [] : try read { db in
            try page.items.blobs.sorted { $0.rawValue < $1.rawValue }.map { try BlobRows.bytes($0, in: db, path: path) }
        }
        try target.insertPage(page, at: index, blobs: blobs)
        if move { try deletePage(id) }
        return page.id
    }

    /// `item` with a new id, and new ids for a scrap's own items.
    static func renewingIDs(_ item: PageItem) -> PageItem {
        guard case var .scrap(scrap) = item.content else { return PageItem(item.content) }
        scrap.items = scrap.items.map(renewingIDs)
        return PageItem(.scrap(scrap))
    }

    /// Puts page `id` of this notebook (shown or in the trash) at the end of `target` as page `arrival`:
    /// its own id for a move, a new one for a copy (whose items get new ids too), with the blobs it shows.
    /// Does nothing when `target` holds `arrival` already, so a send cut short (a crash) can be made again.
    public func send(_ id: PageID, to target: NotebookStore, as arrival: PageID) throws {
        guard try !target.holdsPage(arrival) else { return }
        var page = try loadPage(id)
        if arrival != id {
            page = Page(id: arrival, size: page.size, background: page.background, items: page.items.map(Self.renewingIDs))
        }
        let blobs = try read { db in
            try page.items.blobs.sorted { $0.rawValue < $1.rawValue }.map { try BlobRows.bytes($0, in: db, path: path) }
        }
        try target.insertPage(page, at: nil, blobs: blobs)
    }

    /// Takes page `arrival` out of this notebook for good (the undo of a `send` to it). Does nothing when
    /// it is not here; refuses (`editRefused`) when it was changed after it arrived (its history has a
    /// step), since taking it back would lose that work.
    public func takeBack(_ arrival: PageID) throws {
        guard try holdsPage(arrival) else { return }
        let changed = try read { db in
            try PageStepRows(page: arrival, schemaVersion: schemaVersion, in: db).count(in: db)
        }
        guard changed == 0 else {
            throw NotebookFileError.editRefused(path: path, page: arrival.rawValue, reason: "the page was changed here after it "
                                                + "arrived; undo those changes here first")
        }
        try deletePage(arrival)
    }

    /// Whether the notebook holds page `id` (shown, or in the trash).
    func holdsPage(_ id: PageID) throws -> Bool {
        try read { db in try Bool.fetchOne(db, sql: "SELECT 1 FROM page WHERE id = ?", arguments: [id.rawValue]) ?? false }
    }
}
