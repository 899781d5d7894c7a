import Foundation
import GRDB
import QuireDocument

/// A stored page's history as its step numbers: done steps `bottom...cursor`, undone ones
/// `cursor + 1...end`, in the rows `rows` says. Read with the page's order (`StoredOrder`) and kept up to
/// date by the edits.
struct StoredHistoryState {
    var bottom: Int64 = 1
    var cursor: Int64 = 0
    var end: Int64 = 0
    var rows: PageStepRows
    /// The rows do not make a history (gaps, undone steps below done ones, absurd numbers, a slot that is
    /// not the page's own): the next new edit starts the page's history afresh, and undo and redo are
    /// refused until then.
    var damaged = false

    init(page: PageID, schemaVersion: Int, in db: Database) throws {
        rows = try PageStepRows(page: page, schemaVersion: schemaVersion, in: db)
        damaged = rows.slotIsDamaged
        let (sql, arguments) = rows.select("undone")
        let cursor = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        var count = 0
        var first = true
        while let row = try cursor.next() {
            count += 1
            guard count <= 2 * PageHistory.capacity, let seq = Int64.fromDatabaseValue(row["seq"]),
                  let undone = Int64.fromDatabaseValue(row["undone"]), undone == 0 || undone == 1,
                  seq > 0, seq <= PageStepRows.largestSeq, first || seq == end + 1, undone == 1 || self.cursor == end
            else {
                startAfresh()
                damaged = true
                return
            }
            if first { bottom = seq; self.cursor = seq - 1; first = false }
            end = seq
            if undone == 0 { self.cursor = seq }
        }
    }

    /// No steps (its rows deleted, or not to be read), in the same rows.
    mutating func startAfresh() {
        bottom = 1
        cursor = 0
        end = 0
        damaged = false
    }
}

extension NotebookStore {
    /// Moves the stored history of `page` as `change` says, for `edit` just applied to its items.
    func move(_ state: inout StoredHistoryState, by change: HistoryChange, for edit: PageEdit, page: PageID,
              in db: Database) throws {
        func refuse(_ reason: String) -> NotebookFileError {
            .editRefused(path: path, page: page.rawValue, reason: reason)
        }
        switch change {
        case let .record(label, stamp, afresh):
            try endNotebookRedo(in: db)
            if state.damaged || afresh {
                try state.rows.delete(in: db)
                state.startAfresh()
            }
            if state.end > state.cursor {
                try state.rows.delete(state.cursor + 1...PageStepRows.largestSeq, in: db)
                state.end = state.cursor
            }
            if state.cursor == PageStepRows.largestSeq {
                // Four billion steps on one page: its history starts again (what it keeps would be dropped
                // step by step anyway).
                try state.rows.delete(in: db)
                state.startAfresh()
            }
            // The page's steps go last in `page_history`, where a new one is appended (`SchemaV4Migration`).
            let isLast: Bool
            if let slot = state.rows.slot { isLast = try PageStepRows.isHighest(slot, in: db) } else { isLast = false }
            if !isLast {
                let slot = try PageStepRows.nextSlot(in: db, path: path, page: page)
                state.rows = try state.rows.move(page: page, to: slot, in: db)
            }
            // A change from the command line has no stamp of the window's: it is stamped now.
            let stamp = stamp > 0 ? stamp : Int64(Date().timeIntervalSince1970 * 1_000_000)
            let step = HistoryStep(label: label ?? edit.summary, edit: HistoryEdit(edit), stamp: stamp)
            let seq = state.cursor + 1
            try db.cachedStatement(sql: """
                INSERT INTO page_history(step, undone, label, edit, blobs, stamp) VALUES (?, 0, ?, ?, ?, ?)
                """).execute(arguments: [try state.rows.key(seq), step.label, try HistoryRows.encode(step.edit),
                                         HistoryRows.blobColumn(step.edit), stamp])
            state.cursor = seq
            state.end = seq
            let lowestKept = seq - Int64(PageHistory.capacity) + 1
            if state.bottom < lowestKept {
                try state.rows.delete(state.bottom...lowestKept - 1, in: db)
                state.bottom = lowestKept
            }
        case let .undo(kept):
            guard !state.damaged, state.cursor >= state.bottom else { throw refuse("the page's stored history has no step to undo") }
            try rewrite(step: try state.rows.key(state.cursor), undone: true, as: kept, in: db)
            state.cursor -= 1
        case let .redo(kept):
            guard !state.damaged, state.cursor < state.end else { throw refuse("the page's stored history has no step to redo") }
            try rewrite(step: try state.rows.key(state.cursor + 1), undone: false, as: kept, in: db)
            state.cursor += 1
        }
    }

    private func rewrite(step key: Int64, undone: Bool, as kept: HistoryStep, in db: Database) throws {
        try db.cachedStatement(sql: "UPDATE page_history SET undone = ?, label = ?, edit = ?, blobs = ?, stamp = ? WHERE step = ?")
            .execute(arguments: [undone ? 1 : 0, kept.label, try HistoryRows.encode(kept.edit), HistoryRows.blobColumn(kept.edit),
                                 kept.stamp, key])
    }

    /// The stored history of `page` (as loaded: its items are what the newest steps resolve against).
    /// A notebook from before histories were, read as it is, gives the page's items as if just added.
    /// Throws `NotebookFileError.corrupt`, naming the notebook and the page, when a row does not read or
    /// the newest steps do not fit the page's items; the page itself is unaffected.
    public func history(of page: Page) throws -> PageHistory {
        guard schemaVersion >= 3 else { return PageHistory(replaying: page) }
        let history = try read { db -> PageHistory in
            func damaged(_ reason: String) -> NotebookFileError {
                .corrupt(path: path, reason: "the undo history of page \(page.id) \(reason)")
            }
            // The state's scan stops at the first row past what a page keeps, so no count is needed first.
            let state = try StoredHistoryState(page: page.id, schemaVersion: schemaVersion, in: db)
            guard !state.rows.slotIsDamaged else { throw damaged("is stored under a number that is not the page's own") }
            guard !state.damaged else { throw damaged("has more steps than a page keeps, or steps missing or out of order") }
            var done: [HistoryStep] = [], undone: [HistoryStep] = []
            let (sql, arguments) = state.rows.select("undone, label, length(edit) AS size, edit, stamp")
            let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            while let row = try rows.next() {
                let stored = StoredRow(row: row, table: PageStepRows.table(schemaVersion: schemaVersion), name: "a history step of page \(page.id)", path: path)
                let seq = try stored.int64("seq")
                guard try stored.int64("size") <= Self.maximumBlobSize else { throw damaged("has step \(seq) larger than any edit") }
                let step: HistoryStep
                do {
                    step = HistoryStep(label: try stored.string("label"), edit: try HistoryRows.decode(try stored.data("edit")),
                                       stamp: try stored.int64("stamp"))
                } catch let error as NotebookFileError {
                    throw error
                } catch {
                    throw damaged("has step \(seq) that does not read (\(error))")
                }
                if try stored.int64("undone") == 0 { done.append(step) } else { undone.append(step) }
            }
            return PageHistory(done: done, undone: undone.reversed())
        }
        // The newest steps must fit the page as it is; deeper ones are checked as undo reaches them.
        do {
            _ = try history.nextUndo(on: page.items)
            _ = try history.nextRedo(on: page.items)
        } catch {
            throw NotebookFileError.corrupt(path: path, reason: "the undo history of page \(page.id) does not fit its items (\(error))")
        }
        return history
    }

    /// How many steps each page can undo and redo, by page (a page with no history is left out).
    public func historyDepths() throws -> [PageID: (undo: Int, redo: Int)] {
        guard schemaVersion >= 3 else { return [:] }
        return try read { db in
            var depths: [PageID: (undo: Int, redo: Int)] = [:]
            let sql = schemaVersion >= 4 ? """
                SELECT p.id AS page_id, sum(h.undone = 0) AS done, sum(h.undone = 1) AS undone
                FROM page p JOIN page_history h ON h.step > p.history_slot << 32 AND h.step <= (p.history_slot << 32) + \(PageStepRows.largestSeq)
                WHERE typeof(p.history_slot) = 'integer' AND p.history_slot BETWEEN 1 AND \(PageStepRows.largestSlot)
                GROUP BY p.id
                """ : "SELECT page_id, sum(undone = 0) AS done, sum(undone = 1) AS undone FROM history_step GROUP BY page_id"
            for row in try Row.fetchAll(db, sql: sql) {
                let key: DatabaseValue = row["page_id"]
                guard let page = schemaVersion >= 4 ? String.fromDatabaseValue(key).map(PageID.init) : ItemKey.pageID(key) else { continue }
                depths[page] = (Int.fromDatabaseValue(row["done"]) ?? 0, Int.fromDatabaseValue(row["undone"]) ?? 0)
            }
            return depths
        }
    }
}

extension NotebookStore {
    /// A step as `page_history` stores it, its key (step `seq` of the page given `slot`) and its edit's
    /// bytes, for a tool that writes steps in bulk with SQL of its own (the history benchmark's notebook
    /// of 500,000 steps), which sets each page's `history_slot` too.
    public static func storedHistoryStep(slot: Int64, seq: Int64, edit: HistoryEdit) throws -> (key: Int64, edit: Data) {
        (PageStepRows.base(ofSlot: slot) + seq, try HistoryRows.encode(edit))
    }
}
