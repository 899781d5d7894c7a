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
            let id = itemID(page: page, seq: row[0])
            let stroke = try ItemRows.stroke(row, styleAt: 1, samplesAt: 2, styles: styles) { problem in
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
                   min(s.min_x) AS x0, min(s.min_y) AS y0, max(s.max_x) AS x1, max(s.max_y) AS y1
            FROM page p LEFT JOIN stroke s ON s.page_id = p.id AND s.scrap_id IS NULL
            GROUP BY p.id ORDER BY p.position, p.id
            """)
    }

    static func inkVersion(of page: PageID, in db: Database) throws -> String {
        let row = try Row.fetchOne(db, sql: "SELECT count(*), coalesce(max(seq), 0) FROM stroke WHERE page_id = ?",
                                   arguments: [page.rawValue])!
        return "\(row[0] as Int):\(row[1] as Int64)"
    }
}
