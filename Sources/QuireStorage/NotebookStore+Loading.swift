import Foundation
import GRDB
import QuireDocument
import QuireGeometry

/// Reading pages, their summary and their ink version, in the file's own schema (a v1 file opened
/// read-only is read as it is, see `SchemaV1Rows`).
extension NotebookStore {
    /// One page with all its items in order, scraps with their own items. A damaged row, an item of an
    /// unknown kind or a blob that is not stored throws a `NotebookFileError` naming the file and item.
    public func loadPage(_ id: PageID) throws -> Page {
        try read { db in
            let paper = try paper(of: id, in: db)
            let items = schemaVersion == 1 ? try SchemaV1Rows.items(of: id, in: db, path: path)
                : try ItemRows.items(of: id, in: db, path: path)
            return Page(id: id, size: paper.size, background: paper.background, items: items)
        }
    }

    /// A page's paper alone (what a paper change starts from), without its items.
    public func paper(of id: PageID) throws -> PagePaper {
        try read { db in try paper(of: id, in: db) }
    }

    func paper(of id: PageID, in db: Database) throws -> PagePaper {
        guard let row = try Row.fetchOne(db, sql: "SELECT width, height, background FROM page WHERE id = ?", arguments: [id.rawValue]) else {
            throw NotebookFileError.noSuchPage(path: path, page: id.rawValue)
        }
        let page = StoredRow(row: row, table: "page", name: "page \(id)", path: path)
        return PagePaper(size: try pageSize(page), background: try background(page.string("background"), page: id))
    }

    /// Title, pages in order, and each page's items by kind and their bounds (read from the rows' bounds
    /// columns; nothing is unpacked).
    public func summary() throws -> NotebookSummary {
        try read { db in
            // The bounds columns are only a summary of the ink (loading a page reads the samples): a value
            // in them that is not a number is left out of the summary rather than failing it.
            let rows = schemaVersion == 1 ? try SchemaV1Rows.summaryRows(in: db) : try Row.fetchAll(db, sql: """
                SELECT p.id, p.width, p.height, p.background, i.kind AS kind, count(i.position) AS n,
                       \(Self.numericAggregate("min", "i.min_x")) AS x0, \(Self.numericAggregate("min", "i.min_y")) AS y0,
                       \(Self.numericAggregate("max", "i.max_x")) AS x1, \(Self.numericAggregate("max", "i.max_y")) AS y1
                FROM page p LEFT JOIN item i ON i.page_id = p.id AND i.parent = 0\(Self.shownPages(schemaVersion, alias: "p."))
                GROUP BY p.id, i.kind ORDER BY p.position, p.id
                """)
            var pages: [PageSummary] = []
            for row in rows {
                guard case let .string(text) = (row["id"] as DatabaseValue).storage else {
                    throw NotebookFileError.corrupt(path: path, reason: "a page has page.id = \(StoredRow.describe(row["id"])), "
                                                    + "which is not text")
                }
                let id = PageID(text)
                let page = StoredRow(row: row, table: "page", name: "page \(id)", path: path)
                if pages.last?.id != id {
                    pages.append(PageSummary(id: id, size: try pageSize(page),
                                             background: try background(page.string("background"), page: id), strokeCount: 0,
                                             inkBounds: .null, itemCounts: [:]))
                }
                let items = StoredRow(row: row, table: schemaVersion == 1 ? "stroke" : "item", name: "an item of page \(id)",
                                      path: path)
                let count = try items.int64("n")
                guard count > 0, let kind = try items.optionalString("kind") else { continue }
                pages[pages.count - 1].itemCounts[kind, default: 0] += Int(count)
                if let x0 = try items.optionalDouble("x0"), let y0 = try items.optionalDouble("y0"),
                   let x1 = try items.optionalDouble("x1"), let y1 = try items.optionalDouble("y1") {
                    pages[pages.count - 1].inkBounds = pages[pages.count - 1].inkBounds.union(Rect(from: Point(x0, y0), to: Point(x1, y1)))
                }
            }
            let meta = try Row.fetchAll(db, sql: "SELECT key, value FROM notebook")
            var values: [String: DatabaseValue] = [:]
            for row in meta {
                // A key that is not text names nothing Quire reads.
                if case let .string(key) = (row["key"] as DatabaseValue).storage { values[key] = row["value"] }
            }
            return NotebookSummary(id: String.fromDatabaseValue(values["id"] ?? .null) ?? "",
                                   title: String.fromDatabaseValue(values["title"] ?? .null) ?? "",
                                   created: Date(timeIntervalSince1970: Double.fromDatabaseValue(values["created"] ?? .null) ?? 0),
                                   pages: pages)
        }
    }


    /// Which state of its items a page is in (`InkVersion`): it changes with every edit, so a thumbnail
    /// saved with another version is stale.
    public func inkVersion(of page: PageID) throws -> String {
        try read { db in try inkVersion(of: page, in: db) }
    }

    func inkVersion(of page: PageID, in db: Database) throws -> String {
        schemaVersion == 1 ? try SchemaV1Rows.inkVersion(of: page, in: db) : try InkVersion.of(page, in: db)
    }

    /// `aggregate` (min or max) of the finite numbers in `column`, NULL when there are none.
    static func numericAggregate(_ aggregate: String, _ column: String) -> String {
        "\(aggregate)(CASE WHEN typeof(\(column)) IN ('integer', 'real') AND abs(\(column)) <= 1e300 THEN \(column) END)"
    }

    /// A page row's size: finite and larger than nothing, or the page is damaged.
    /// A page's size as stored: numbers (text, a blob or NULL is damage) within `PageSize`'s limits,
    /// which the message states.
    private func pageSize(_ page: StoredRow) throws -> PageSize {
        let size = PageSize(width: try page.double("width"), height: try page.double("height"))
        if let problem = size.problem {
            throw NotebookFileError.corrupt(path: path, reason: "\(page.name) cannot be used: \(problem)")
        }
        return size
    }

    private func background(_ json: String, page: PageID) throws -> PageBackground {
        do {
            return try Self.decodeJSON(PageBackground.self, json)
        } catch {
            throw NotebookFileError.corrupt(path: path, reason: "the paper of page \(page) does not read (\(error))")
        }
    }
}
