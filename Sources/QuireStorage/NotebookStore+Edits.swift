import Foundation
import GRDB
import QuireDocument

/// Changing a page's items: the same `PageEdit` value the app applies to its page model and renderer,
/// applied to the file in one transaction.
extension NotebookStore {
    /// Applies `edit` to the stored page. Each step finds its item's row by id (the position the edit
    /// gives is where it looks first), and an insertion or a move goes to the position the edit gives in
    /// the order. The edit must fit the page as stored (every item it takes out or changes on it, none
    /// put in twice, every blob it shows stored): otherwise it throws `NotebookFileError.editRefused`
    /// (or `.missingBlob`) and nothing is changed.
    ///
    /// `history` says how the edit moves the page's history, written in the same transaction: a new
    /// edit (the default) is recorded as the newest step; an undo or redo moves the newest step across.
    public func apply(_ edit: PageEdit, to page: PageID, history: HistoryChange = .record(label: nil)) throws {
        try apply(edit, to: page, history: history, storing: [])
    }

    /// `apply`, storing `blobs` (each once, as `storeBlob` does) in the same transaction: what importing
    /// pictures does, so a picture's bytes and the scrap showing them arrive together or not at all.
    public func apply(_ edit: PageEdit, to page: PageID, history: HistoryChange = .record(label: nil),
                      storing blobs: [BlobBytes]) throws {
        if let large = blobs.first(where: { $0.bytes.count > Self.maximumBlobSize }) {
            throw NotebookFileError.blobTooLarge(path: path, size: large.bytes.count, limit: Self.maximumBlobSize)
        }
        try write { db in
            for blob in blobs { try BlobRows.store(blob.bytes, id: blob.id, kind: blob.kind, in: db) }
            var order = try storedOrder(of: page, in: db)
            try apply(edit, to: &order, in: db)
            try move(&order.history, by: history, for: edit, page: page, in: db)
            keepOnCommit(order, in: db)
        }
    }

    /// Puts a finished stroke on top of the page (an insert edit, recorded in its history); returns the
    /// new item's id.
    @discardableResult
    public func append(_ stroke: Stroke, to page: PageID) throws -> ItemID {
        let item = PageItem.stroke(stroke)
        try write { db in
            var order = try storedOrder(of: page, in: db)
            let edit = PageEdit.insert([PlacedItem(item, at: order.ids.count)])
            try apply(edit, to: &order, in: db)
            try move(&order.history, by: .record(label: nil), for: edit, page: page, in: db)
            keepOnCommit(order, in: db)
        }
        return item.id
    }

    /// Reads `page`'s stored order now, if this store does not hold it yet, so that the first edit of
    /// the page costs what later ones do (on a 10,000-stroke page the read takes tens of milliseconds:
    /// better spent when the page is shown than when its first stroke is saved).
    public func prepareEdits(of page: PageID) throws {
        try write { db in
            keepOnCommit(try storedOrder(of: page, in: db), in: db)
        }
    }

    /// The page's order as last committed: from `orders` when this store wrote it (taken out, so a
    /// transaction that fails leaves nothing behind), else read from the file once.
    private func storedOrder(of page: PageID, in db: Database) throws -> StoredOrder {
        if let known = orders.take(page) { return known }
        return try StoredOrder(page: page, in: db, path: path, schemaVersion: schemaVersion)
    }

    /// Remembers `order` once the transaction commits; on a rollback it is never remembered, so the
    /// next edit reads the page again.
    private func keepOnCommit(_ order: StoredOrder, in db: Database) {
        db.afterNextTransaction(onCommit: { [orders] _ in orders.keep(order) })
    }

    private func apply(_ edit: PageEdit, to order: inout StoredOrder, in db: Database) throws {
        let page = order.page
        if let missing = try BlobRows.missing(edit.itemsAfter.blobs, in: db).first {
            throw NotebookFileError.missingBlob(path: path, blob: missing.rawValue, page: page.rawValue)
        }
        let revision = revisions.next(after: order.largestRevision)
        order.largestRevision = revision
        do {
            for step in edit.steps {
                switch step {
                case let .insert(item, index):
                    guard index >= 0, index <= order.ids.count else {
                        throw PageEditError.indexOutOfRange(index, count: order.ids.count)
                    }
                    guard !order.contains(item.id) else { throw PageEditError.duplicateItem(item.id) }
                    let position = try order.position(forInsertingAt: index, in: db)
                    try ItemRows.insert(item, page: page, parent: ItemKey.onPage, position: position, revision: revision,
                                        in: db, styles: styleIDs, path: path)
                    order.insert(item.id, at: index, position: position)
                case let .remove(id, hint):
                    let index = try order.index(of: id, near: hint)
                    try db.execute(sql: "DELETE FROM item WHERE page_id = ? AND parent = 0 AND position = ?",
                                   arguments: [page.rawValue, order.positions[index]])
                    try ItemRows.deleteChildren(of: id, page: page, in: db, path: path)
                    order.remove(at: index)
                case let .replace(hint, item, previous):
                    let index = try order.index(of: item.id, near: hint)
                    try ItemRows.rewrite(item, replacing: previous, page: page, position: order.positions[index], revision: revision, in: db,
                                         styles: styleIDs, path: path)
                case let .move(id, hint, to):
                    let from = try order.index(of: id, near: hint)
                    guard to >= 0, to < order.ids.count else { throw PageEditError.indexOutOfRange(to, count: order.ids.count) }
                    let old = order.positions[from]
                    order.remove(at: from)
                    let position = try order.position(forInsertingAt: to, in: db)
                    try db.execute(sql: "UPDATE item SET position = ?, revision = ? WHERE page_id = ? AND parent = 0 AND position = ?",
                                   arguments: [position, revision, page.rawValue, old])
                    order.insert(id, at: to, position: position)
                }
            }
        } catch let error as PageEditError {
            throw NotebookFileError.editRefused(path: path, page: page.rawValue, reason: error.description)
        }
    }
}

/// A stored page's own items as ids and positions, in order, and the largest revision stamp among all
/// its rows: all an edit needs to find its rows by id and to place new ones between their neighbours. Read from the file once (no
/// ink is read: the row's leading columns are in the b-tree page, the data in overflow pages that are
/// left alone), then kept up to date by the edits themselves in `StoredOrders`, so an edit costs the
/// rows it writes, not the page.
struct StoredOrder {
    let page: PageID
    private(set) var ids: [ItemID] = []
    private(set) var positions: [Double] = []
    private var members: Set<ItemID> = []
    /// Stamps only grow (`RevisionClock`), so the largest is read once and then is the last one given.
    var largestRevision: Int64 = 0
    /// Where the page's stored history stands.
    var history: StoredHistoryState
    /// The year 10,000 in microseconds since 1970.
    static let largestPlausibleRevision: Int64 = 253_402_300_800 * 1_000_000

    init(page: PageID, in db: Database, path: String, schemaVersion: Int) throws {
        self.page = page
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM page WHERE id = ?", arguments: [page.rawValue]) != nil else {
            throw NotebookFileError.noSuchPage(path: path, page: page.rawValue)
        }
        // One pass in key order: the page's own items (parent 0, an integer, sorts before every id), then
        // the scraps' own rows, which count only for the largest stamp.
        let rows = try Row.fetchCursor(db, sql: """
            SELECT parent, id, position, revision FROM item WHERE page_id = ? ORDER BY parent, position
            """, arguments: [page.rawValue])
        while let row = try rows.next() {
            let stored = StoredRow(row: row, table: "item", name: "an item of page \(page)", path: path)
            let revision = try stored.optionalInt64("revision") ?? 0
            // Stamps are microseconds since 1970 (`RevisionClock`), far below this; one past it is damage
            // that would overflow the next stamp (largest + 1).
            guard (0...Self.largestPlausibleRevision).contains(revision) else {
                throw stored.damaged("revision", stored["revision"], "a revision stamp")
            }
            largestRevision = max(largestRevision, revision)
            guard stored["parent"] == ItemKey.onPage else { continue }
            guard let id = ItemKey.id(stored["id"]) else {
                throw NotebookFileError.corrupt(path: path, reason: "an item of page \(page) has no readable id")
            }
            ids.append(id)
            members.insert(id)
            positions.append(try StoredRow(row: row, table: "item", name: "item \(id) of page \(page)", path: path).double("position"))
        }
        history = try StoredHistoryState(page: page, schemaVersion: schemaVersion, in: db)
    }

    func contains(_ id: ItemID) -> Bool { members.contains(id) }

    /// Where item `id` is: at `hint` when it is there (nearly always), else wherever it is; an edit
    /// naming an item the page does not have is refused.
    func index(of id: ItemID, near hint: Int) throws -> Int {
        if ids.indices.contains(hint), ids[hint] == id { return hint }
        guard members.contains(id), let index = ids.lastIndex(of: id) else { throw PageEditError.notOnPage(id) }
        return index
    }

    mutating func insert(_ id: ItemID, at index: Int, position: Double) {
        ids.insert(id, at: index)
        positions.insert(position, at: index)
        members.insert(id)
    }

    mutating func remove(at index: Int) {
        members.remove(ids.remove(at: index))
        positions.remove(at: index)
    }

    /// A position that puts a new row at `index`: past the ends by one, or halfway between its new
    /// neighbours, so an insertion writes only its own row. When halving runs out of precision the
    /// page's items are renumbered above every position in use (so no two rows ever share one).
    mutating func position(forInsertingAt index: Int, in db: Database) throws -> Double {
        let at = min(max(index, 0), positions.count)
        if let position = FractionalPositions.between(at > 0 ? positions[at - 1] : nil,
                                                      at < positions.count ? positions[at] : nil)?.first { return position }
        let base = (try Double.fetchOne(db, sql: "SELECT max(position) FROM item WHERE page_id = ? AND parent = 0",
                                        arguments: [page.rawValue]) ?? 0).rounded(.up) + 1
        for (k, old) in positions.enumerated() {
            try db.execute(sql: "UPDATE item SET position = ? WHERE page_id = ? AND parent = 0 AND position = ?",
                           arguments: [base + Double(k), page.rawValue, old])
            positions[k] = base + Double(k)
        }
        return try position(forInsertingAt: index, in: db)
    }
}

/// The stored order of the pages this store last edited, as committed. All writes to a notebook go
/// through its one store (`NotebookLock` keeps other processes out), so a kept order stays right until
/// this store changes the page another way: inserting or deleting a page forgets it, and an edit takes
/// its page's order out for the length of its transaction and puts it back only on commit. A few pages
/// are kept (a person draws on one at a time); its own lock, like `StyleCache`.
final class StoredOrders: @unchecked Sendable {
    static let capacity = 8
    private let lock = NSLock()
    private var orders: [PageID: StoredOrder] = [:]

    func take(_ page: PageID) -> StoredOrder? {
        lock.lock()
        defer { lock.unlock() }
        return orders.removeValue(forKey: page)
    }

    func keep(_ order: StoredOrder) {
        lock.lock()
        defer { lock.unlock() }
        if orders.count >= Self.capacity { orders.removeAll() }
        orders[order.page] = order
    }

    func forget(_ page: PageID) {
        lock.lock()
        defer { lock.unlock() }
        orders[page] = nil
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return orders.count
    }
}
