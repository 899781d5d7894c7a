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
            guard let row = try Row.fetchOne(db, sql: "SELECT width, height, background FROM page WHERE id = ?", arguments: [id.rawValue]) else {
                throw NotebookFileError.noSuchPage(path: path, page: id.rawValue)
            }
            let items = schemaVersion == 1 ? try SchemaV1Rows.items(of: id, in: db, path: path)
                : try ItemRows.items(of: id, in: db, path: path)
            return Page(id: id, size: try checkedSize(row, page: id),
                        background: try background(row["background"], page: id), items: items)
        }
    }

    /// Title, pages in order, and each page's items by kind and their bounds (read from the rows' bounds
    /// columns; nothing is unpacked).
    public func summary() throws -> NotebookSummary {
        try read { db in
            let rows = schemaVersion == 1 ? try SchemaV1Rows.summaryRows(in: db) : try Row.fetchAll(db, sql: """
                SELECT p.id, p.width, p.height, p.background, i.kind AS kind, count(i.position) AS n,
                       min(i.min_x) AS x0, min(i.min_y) AS y0, max(i.max_x) AS x1, max(i.max_y) AS y1
                FROM page p LEFT JOIN item i ON i.page_id = p.id AND i.parent = 0
                GROUP BY p.id, i.kind ORDER BY p.position, p.id
                """)
            var pages: [PageSummary] = []
            for row in rows {
                let id = PageID(row["id"])
                if pages.last?.id != id {
                    pages.append(PageSummary(id: id, size: try checkedSize(row, page: id),
                                             background: try background(row["background"], page: id), strokeCount: 0,
                                             inkBounds: .null, itemCounts: [:]))
                }
                let count: Int = row["n"]
                guard count > 0, let kind: String = row["kind"] else { continue }
                pages[pages.count - 1].itemCounts[kind, default: 0] += count
                if let x0: Double = row["x0"], let y0: Double = row["y0"], let x1: Double = row["x1"], let y1: Double = row["y1"] {
                    pages[pages.count - 1].inkBounds = pages[pages.count - 1].inkBounds.union(Rect(from: Point(x0, y0), to: Point(x1, y1)))
                }
            }
            let meta = try Row.fetchAll(db, sql: "SELECT key, value FROM notebook")
            var values: [String: DatabaseValue] = [:]
            for row in meta { values[row["key"]] = row["value"] }
            return NotebookSummary(id: String.fromDatabaseValue(values["id"] ?? .null) ?? "",
                                   title: String.fromDatabaseValue(values["title"] ?? .null) ?? "",
                                   created: Date(timeIntervalSince1970: Double.fromDatabaseValue(values["created"] ?? .null) ?? 0),
                                   pages: pages)
        }
    }

    /// The page size in `row`'s width and height columns, refused (a `NotebookFileError` naming the file
    /// and page) when it is not one a page may have (`PageSize.problem`): an absurd size would otherwise
    /// trap or exhaust memory where the page is rendered.
    private func checkedSize(_ row: Row, page: PageID) throws -> PageSize {
        let width = Double.fromDatabaseValue(row["width"] as DatabaseValue) ?? .nan
        let height = Double.fromDatabaseValue(row["height"] as DatabaseValue) ?? .nan
        let size = PageSize(width: width, height: height)
        if let problem = size.problem {
            throw NotebookFileError.corrupt(path: path, reason: "page \(page.rawValue) cannot be used: \(problem)")
        }
        return size
    }

    /// Which state of its items a page is in (`InkVersion`): it changes with every edit, so a thumbnail
    /// saved with another version is stale.
    public func inkVersion(of page: PageID) throws -> String {
        try read { db in try inkVersion(of: page, in: db) }
    }

    func inkVersion(of page: PageID, in db: Database) throws -> String {
        schemaVersion == 1 ? try SchemaV1Rows.inkVersion(of: page, in: db) : try InkVersion.of(page, in: db)
    }

    private func background(_ json: String, page: PageID) throws -> PageBackground {
        do {
            return try Self.decodeJSON(PageBackground.self, json)
        } catch {
            throw NotebookFileError.corrupt(path: path, reason: "the paper of page \(page) does not read (\(error))")
        }
    }
}
