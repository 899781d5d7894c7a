import Foundation
import GRDB
import QuireDocument

/// Schema 1 → 2: strokes become rows of `item`, which holds every kind of page item; `blob` is added;
/// the never-written `scrap` table goes. Runs inside the one transaction `NotebookSchema.migrate` gives
/// each step, so a crash or an error anywhere in it leaves the file at version 1, every row in place.
///
/// Each stroke keeps its bytes (its `PackedSamples` blob is copied, not re-encoded: samples stay exact),
/// its style row, its page and its order (`position` = its old `seq`). Its new `ItemID` is made from its
/// page and `seq` (`SchemaV1Rows.itemID`), the same id a read-only open of the v1 file shows.
enum SchemaV2Migration {
    static let createStatements = """
        CREATE TABLE item (
            page_id TEXT NOT NULL REFERENCES page(id) ON DELETE CASCADE,
            parent NOT NULL,
            position REAL NOT NULL,
            id NOT NULL,
            kind TEXT NOT NULL,
            revision INTEGER NOT NULL,
            style_id INTEGER REFERENCES style(id),
            min_x REAL, min_y REAL, max_x REAL, max_y REAL,
            data NOT NULL,
            PRIMARY KEY (page_id, parent, position)
        ) WITHOUT ROWID;
        CREATE TABLE blob (
            id TEXT PRIMARY KEY NOT NULL,
            kind TEXT NOT NULL,
            size INTEGER NOT NULL,
            bytes BLOB NOT NULL
        );
        """

    @Sendable static func migrate(_ db: Database) throws {
        try db.execute(sql: createStatements)
        guard try db.tableExists("stroke") else { return }
        // Which thumbnails showed their page's ink as it was: they are still current after the move.
        let currentThumbnails = try String.fetchAll(db, sql: """
            SELECT t.page_id FROM thumbnail t
            WHERE t.ink_version = (SELECT count(*) || ':' || coalesce(max(s.seq), 0) FROM stroke s WHERE s.page_id = t.page_id)
            """)
        db.add(function: DatabaseFunction("quire_v1_item_id", argumentCount: 2, pure: true) { values in
            guard let page = String.fromDatabaseValue(values[0]), let seq = Int64.fromDatabaseValue(values[1]) else { return nil }
            return ItemKey.value(SchemaV1Rows.itemID(page: PageID(page), seq: seq))
        })
        // An empty stroke stored zero bounds; an item with no extent has none (NULL).
        try db.execute(sql: """
            INSERT INTO item(page_id, parent, position, id, kind, revision, style_id, min_x, min_y, max_x, max_y, data)
            SELECT page_id, 0, seq, quire_v1_item_id(page_id, seq), 'stroke', seq, style_id,
                   CASE WHEN sample_count > 0 THEN min_x END, CASE WHEN sample_count > 0 THEN min_y END,
                   CASE WHEN sample_count > 0 THEN max_x END, CASE WHEN sample_count > 0 THEN max_y END,
                   samples
            FROM stroke WHERE scrap_id IS NULL
            """)
        for page in currentThumbnails {
            try db.execute(sql: "UPDATE thumbnail SET ink_version = ? WHERE page_id = ?",
                           arguments: [try InkVersion.of(PageID(page), in: db), page])
        }
        try db.execute(sql: "DROP TABLE stroke; DROP TABLE scrap")
    }
}
