import GRDB
import QuireDocument

/// Endless notebooks: pages that grow down and to the right as ink or scraps come near their edge
/// (`PageGrowth`). Whether a notebook is endless is one value of the `notebook` table; a page's growth
/// is its size written as it is, outside any history (undo takes back the ink, not the room made for
/// it, as Xournal++ and Rnote keep a grown page).
extension NotebookStore {
    public var isEndless: Bool {
        get throws { try read { db in try Int.fetchOne(db, sql: "SELECT value FROM notebook WHERE key = 'endless'") == 1 } }
    }

    public func setEndless(_ endless: Bool) throws {
        try write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO notebook(key, value) VALUES ('endless', ?)", arguments: [endless ? 1 : 0])
        }
    }

    /// Page `id` made `size` (never smaller than it is: a page only grows), its pattern kept.
    public func growPage(_ id: PageID, to size: PageSize) throws {
        if let problem = size.problem { throw NotebookFileError.corrupt(path: path, reason: "a page cannot grow to that size: \(problem)") }
        try write { db in
            try db.execute(sql: "UPDATE page SET width = max(width, ?), height = max(height, ?), orientation = ? WHERE id = ?",
                           arguments: [size.width, size.height, size.orientation.rawValue, id.rawValue])
            guard db.changesCount > 0 else { throw NotebookFileError.noSuchPage(path: path, page: id.rawValue) }
        }
    }
}
