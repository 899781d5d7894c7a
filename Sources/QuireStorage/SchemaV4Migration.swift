import GRDB
import QuireDocument

/// Schema 3 → 4: a page's history steps move from `history_step` (keyed `(page_id, seq)`) to
/// `page_history`, a rowid table keyed `step = slot << 32 + seq`, where `slot` is the page's
/// `page.history_slot` (`PageStepRows`).
///
/// Why: a stroke's step was inserted in the middle of a WITHOUT ROWID b-tree (at its page's place among
/// all pages' steps), and SQLite rebalances a full leaf there with its siblings on nearly every insert,
/// so one small row cost about three page writes (2.2 leaves and 0.8 interior pages a stroke, measured
/// with the notebook benchmark's frame census). The page being written is given the notebook's highest
/// slot, so its new steps land at the very end of a rowid table, where SQLite appends to the last leaf
/// (or starts a new one, `balance_quick`): about 1.1 page writes a stroke, 1 KB less per stroke in all.
/// A page edited after another one moves its steps (at most the 1,000 it keeps, about 60 KB) to a new
/// highest slot once, in that first edit's transaction.
///
/// `page_history(step, undone, label, edit, blobs, stamp)` holds what `history_step` held, row for row;
/// `page.history_slot` is NULL for a page with no steps yet, and unique (`page_by_history_slot`).
enum SchemaV4Migration {
    static let createStatements = """
        CREATE TABLE page_history (
            step INTEGER PRIMARY KEY,
            undone INTEGER NOT NULL,
            label TEXT NOT NULL,
            edit BLOB NOT NULL,
            blobs TEXT,
            stamp INTEGER NOT NULL DEFAULT 0
        );
        ALTER TABLE page ADD COLUMN history_slot INTEGER;
        CREATE UNIQUE INDEX page_by_history_slot ON page(history_slot);
        """

    @Sendable static func migrate(_ db: Database) throws {
        try db.execute(sql: createStatements)
        // Pages get slots 1, 2, … in the order their steps were stored; steps of no page are dropped, and
        // a number no step can have is left behind (the page's history then has a gap: it reads as
        // damaged, and its next edit starts it afresh).
        var slot: Int64 = 0
        for key in try DatabaseValue.fetchAll(db, sql: "SELECT DISTINCT page_id FROM history_step ORDER BY page_id") {
            guard let page = ItemKey.pageID(key),
                  try Bool.fetchOne(db, sql: "SELECT 1 FROM page WHERE id = ?", arguments: [page.rawValue]) != nil
            else { continue }
            slot += 1
            try db.execute(sql: "UPDATE page SET history_slot = ? WHERE id = ?", arguments: [slot, page.rawValue])
            try db.execute(sql: """
                INSERT INTO page_history(step, undone, label, edit, blobs, stamp)
                SELECT ? + seq, undone, label, edit, blobs, stamp FROM history_step
                WHERE page_id = ? AND typeof(seq) = 'integer' AND seq BETWEEN 1 AND ?
                """, arguments: [PageStepRows.base(ofSlot: slot), key, PageStepRows.largestSeq])
        }
        try db.execute(sql: "DROP TABLE history_step")
    }
}
