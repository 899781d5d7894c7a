import Foundation
import GRDB
import QuireDocument
import QuireInk

/// Schema 2 → 3: each page's undo history is stored with it, in `history_step`, and the notebook's
/// history of page changes in `notebook_step`. (Schema 4 moves the page steps to `page_history`, where a
/// new step costs about one page write instead of three: see `SchemaV4Migration`.)
///
/// `history_step(page_id, seq, undone, label, edit, blobs, stamp)`: one row a step, keyed
/// `(page_id, seq)` WITHOUT ROWID, so a page's steps sit together and a new stroke's step writes one
/// small row in one leaf. Small is the point: with 512-byte pages a WITHOUT ROWID b-tree keeps only about
/// 100 bytes of a row in the leaf and puts the rest in a 512-byte overflow page of its own (a step as
/// JSON with text ids took 570 bytes of file; as a rowid table with an index, two leaves written per
/// stroke, 2 KB more written per stroke). So `page_id` is the page's UUID as 16 bytes (`ItemKey`; no
/// foreign key, the page's deletion deletes its steps), and a step that puts one item in is 21 bytes
/// (`HistoryRows`): about 60 bytes a row, several to a leaf.
/// `seq` numbers a page's steps without gaps, oldest first; the steps done come first (`undone` 0),
/// then those undone (`undone` 1, the lowest the next to redo). `edit` is the step's `HistoryEdit` as
/// JSON (`HistoryRows`), `blobs` the blobs the step keeps by value, so collecting blobs reads no JSON;
/// `stamp` when the step was last done or undone (`StepClock`).
///
/// `notebook_step(seq, undone, label, edit, pages, stamp)`: the same for the notebook's page changes
/// (`NotebookEdit` as JSON), `pages` the pages a step names. `page.trashed` is 1 for a page taken out
/// of the notebook that a kept step can bring back (with its items and history); such a page is in no
/// list of the notebook's pages, and is deleted for good once no step names it.
///
/// A page stored before histories were starts, once, with its top items as if just added (what undo did
/// before: remove the top item); from then on its stored history rules. Each such step names its item
/// by id and place only, so a page of a thousand strokes gains a thousand rows of under a hundred bytes.
enum SchemaV3Migration {
    static let createStatements = """
        CREATE TABLE history_step (
            page_id NOT NULL,
            seq INTEGER NOT NULL,
            undone INTEGER NOT NULL,
            label TEXT NOT NULL,
            edit BLOB NOT NULL,
            blobs TEXT,
            stamp INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (page_id, seq)
        ) WITHOUT ROWID;
        CREATE TABLE notebook_step (
            seq INTEGER PRIMARY KEY,
            undone INTEGER NOT NULL,
            label TEXT NOT NULL,
            edit TEXT NOT NULL,
            pages TEXT NOT NULL,
            stamp INTEGER NOT NULL
        );
        ALTER TABLE page ADD COLUMN trashed INTEGER NOT NULL DEFAULT 0;
        """

    @Sendable static func migrate(_ db: Database) throws {
        try db.execute(sql: createStatements)
        let erasers = try erasingStyles(in: db)
        let insert = try db.makeStatement(sql: "INSERT INTO history_step(page_id, seq, undone, label, edit) VALUES (?, ?, 0, ?, ?)")
        for page in try String.fetchAll(db, sql: "SELECT id FROM page") {
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM item WHERE page_id = ? AND parent = 0", arguments: [page]) ?? 0
            let first = max(0, count - PageHistory.capacity)
            let rows = try Row.fetchCursor(db, sql: """
                SELECT id, kind, style_id FROM item WHERE page_id = ? AND parent = 0 ORDER BY position LIMIT -1 OFFSET ?
                """, arguments: [page, first])
            var index = first
            while let row = try rows.next() {
                // An id that does not read leaves the page with no history rather than a wrong one.
                guard let id = ItemKey.id(row["id"]) else {
                    try db.execute(sql: "DELETE FROM history_step WHERE page_id = ?", arguments: [ItemKey.value(PageID(page))])
                    break
                }
                let kind = String.fromDatabaseValue(row["kind"]) ?? "item"
                let label = kind == "stroke" ? (erasers.contains(Int64.fromDatabaseValue(row["style_id"]) ?? -1) ? "erasing" : "stroke")
                    : "\(kind == "pdf-page" ? "PDF page" : kind) added"
                try insert.execute(arguments: [ItemKey.value(PageID(page)), index + 1, label,
                                               try HistoryRows.encode(.insert([ItemPlace(id, at: index)]))])
                index += 1
            }
        }
    }

    /// The ids of the styles that erase, for the labels of migrated steps.
    private static func erasingStyles(in db: Database) throws -> Set<Int64> {
        var ids: Set<Int64> = []
        for row in try Row.fetchAll(db, sql: "SELECT id, json FROM style") {
            guard let id = Int64.fromDatabaseValue(row["id"]), let json = String.fromDatabaseValue(row["json"]),
                  let style = try? JSONDecoder().decode(StrokeStyle.self, from: Data(json.utf8)) else { continue }
            if style.tool == .eraser { ids.insert(id) }
        }
        return ids
    }
}
