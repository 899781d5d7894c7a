import GRDB
import QuireDocument

/// Changing a page's items: the same `PageEdit` value the app applies to its page model and renderer,
/// applied to the file in one transaction.
extension NotebookStore {
    /// Applies `edit` to the stored page. The edit must fit the page as stored (each id where the edit
    /// says, no id twice, every blob it shows stored): otherwise it throws `NotebookFileError.editRefused`
    /// (or `.missingBlob`) and nothing is changed.
    public func apply(_ edit: PageEdit, to page: PageID) throws {
        try write { db in
            var order = try StoredOrder(page: page, in: db, path: path)
            try apply(edit, to: &order, in: db)
        }
    }

    /// Puts a finished stroke on top of the page (an insert edit); returns the new item's id.
    @discardableResult
    public func append(_ stroke: Stroke, to page: PageID) throws -> ItemID {
        let item = PageItem.stroke(stroke)
        try write { db in
            var order = try StoredOrder(page: page, in: db, path: path)
            try apply(.insert([PlacedItem(item, at: order.ids.count)]), to: &order, in: db)
        }
        return item.id
    }

    private func apply(_ edit: PageEdit, to order: inout StoredOrder, in db: Database) throws {
        let page = order.page
        if let missing = try BlobRows.missing(ItemRows.blobs(in: edit.itemsAfter), in: db).first {
            throw NotebookFileError.missingBlob(path: path, blob: missing.rawValue, page: page.rawValue)
        }
        let revision = revisions.next(after: order.largestRevision)
        do {
            for step in edit.steps {
                switch step {
                case let .insert(item, index):
                    guard index >= 0, index <= order.ids.count else {
                        throw PageEditError.indexOutOfRange(index, count: order.ids.count)
                    }
                    guard !order.ids.contains(item.id) else { throw PageEditError.duplicateItem(item.id) }
                    let position = try order.position(forInsertingAt: index, in: db)
                    try ItemRows.insert(item, page: page, parent: ItemKey.onPage, position: position, revision: revision,
                                        in: db, styles: styleIDs)
                    order.insert(item.id, at: index, position: position)
                case let .remove(id, index):
                    try order.check(id, at: index)
                    try db.execute(sql: "DELETE FROM item WHERE page_id = ? AND parent = 0 AND position = ?",
                                   arguments: [page.rawValue, order.positions[index]])
                    try ItemRows.deleteChildren(of: id, page: page, in: db, path: path)
                    order.remove(at: index)
                case let .replace(index, item):
                    try order.check(item.id, at: index)
                    try ItemRows.rewrite(item, page: page, position: order.positions[index], revision: revision, in: db,
                                         styles: styleIDs, path: path)
                case let .move(id, from, to):
                    try order.check(id, at: from)
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

/// A stored page's own items as ids and positions, in order: all an edit needs to check that it fits
/// and to find its rows (no ink is read: the row's leading columns are in the b-tree page, the data in
/// overflow pages that are left alone).
struct StoredOrder {
    let page: PageID
    private(set) var ids: [ItemID] = []
    private(set) var positions: [Double] = []
    private(set) var largestRevision: Int64 = 0

    init(page: PageID, in db: Database, path: String) throws {
        self.page = page
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM page WHERE id = ?", arguments: [page.rawValue]) != nil else {
            throw NotebookFileError.noSuchPage(path: path, page: page.rawValue)
        }
        let rows = try Row.fetchCursor(db, sql: "SELECT id, position FROM item WHERE page_id = ? AND parent = 0 ORDER BY position",
                                       arguments: [page.rawValue])
        while let row = try rows.next() {
            guard let id = ItemKey.id(row[0]) else {
                throw NotebookFileError.corrupt(path: path, reason: "an item of page \(page) has no readable id")
            }
            ids.append(id)
            positions.append(row[1])
        }
        largestRevision = max(largestRevision, try Int64.fetchOne(db, sql: "SELECT max(revision) FROM item WHERE page_id = ?",
                                                                  arguments: [page.rawValue]) ?? 0)
    }

    func check(_ id: ItemID, at index: Int) throws {
        guard ids.indices.contains(index) else { throw PageEditError.indexOutOfRange(index, count: ids.count) }
        guard ids[index] == id else { throw PageEditError.itemMismatch(expected: id, at: index, found: ids[index]) }
    }

    mutating func insert(_ id: ItemID, at index: Int, position: Double) {
        ids.insert(id, at: index)
        positions.insert(position, at: index)
    }

    mutating func remove(at index: Int) {
        ids.remove(at: index)
        positions.remove(at: index)
    }

    /// A position that puts a new row at `index`: past the ends by one, or halfway between its new
    /// neighbours, so an insertion writes only its own row. When halving runs out of precision the
    /// page's items are renumbered above every position in use (so no two rows ever share one).
    mutating func position(forInsertingAt index: Int, in db: Database) throws -> Double {
        guard let last = positions.last else { return 1 }
        if index >= positions.count { return last + 1 }
        if index == 0 { return positions[0] - 1 }
        let middle = (positions[index - 1] + positions[index]) / 2
        if middle > positions[index - 1] && middle < positions[index] { return middle }
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
