import Crypto
import Foundation
import GRDB
import QuireDocument
import QuireGeometry
import QuireInk

/// Reading a schema-1 file that may not be migrated (opened read-only, or another process holds it):
/// its `stroke` rows become stroke items, with the ids the migration would give them.
enum SchemaV1Rows {
    /// A v1 stroke's item id: the first 16 bytes of SHA-256("quire v1 stroke <page> <seq>"), written as a
    /// UUID. The same in a read-only view and after the migration, and unique across pages.
    static func itemID(page: PageID, seq: Int64) -> ItemID {
        let digest = Array(SHA256.hash(data: Array("quire v1 stroke \(page.rawValue) \(seq)".utf8)))
        return ItemID(ItemKey.uuidString(Data(digest.prefix(16))))
    }

    static func items(of page: PageID, in db: Database, path: String) throws -> [PageItem] {
        let styles = try ItemRows.styles(of: page, table: "stroke", in: db, path: path)
        var items: [PageItem] = []
        let cursor = try Row.fetchCursor(db, sql: """
            SELECT seq, style_id, samples FROM stroke WHERE page_id = ? AND scrap_id IS NULL ORDER BY seq
            """, arguments: [page.rawValue])
        while let row = try cursor.next() {
            let seq = try StoredRow(row: row, table: "stroke", name: "a stroke of page \(page)", path: path).int64("seq")
            let id = itemID(page: page, seq: seq)
            let stored = StoredRow(row: row, table: "stroke", name: "stroke \(seq) (item \(id)) of page \(page)", path: path)
            let stroke = try ItemRows.stroke(stored, styleColumn: "style_id", samplesColumn: "samples", styles: styles) { problem in
                .corrupt(path: path, reason: "item \(id) (stroke) of page \(page) \(problem)")
            }
            items.append(PageItem(id: id, .stroke(stroke)))
        }
        return items
    }

    /// Per page in order: its stroke count and ink bounds.
    static func summaryRows(in db: Database) throws -> [Row] {
        try Row.fetchAll(db, sql: """
            SELECT p.id, p.width, p.height, p.background, 'stroke' AS kind, count(s.seq) AS n,
                   \(NotebookStore.numericAggregate("min", "s.min_x")) AS x0, \(NotebookStore.numericAggregate("min", "s.min_y")) AS y0,
                   \(NotebookStore.numericAggregate("max", "s.max_x")) AS x1, \(NotebookStore.numericAggregate("max", "s.max_y")) AS y1
            FROM page p LEFT JOIN stroke s ON s.page_id = p.id AND s.scrap_id IS NULL
            GROUP BY p.id ORDER BY p.position, p.id
            """)
    }

    static func inkVersion(of page: PageID, in db: Database) throws -> String {
        // max(seq) of a damaged seq may be text: the version is then that text, which is still a version
        // (it changes when the rows do), not a trap.
        let row = try Row.fetchOne(db, sql: "SELECT count(*) AS n, coalesce(max(seq), 0) AS seq FROM stroke WHERE page_id = ?",
                                   arguments: [page.rawValue])
        let count = row.map { $0["n"] as DatabaseValue } ?? .null, largest = row.map { $0["seq"] as DatabaseValue } ?? .null
        return "\(StoredRow.describe(count)):\(StoredRow.describe(largest))"
    }
}
