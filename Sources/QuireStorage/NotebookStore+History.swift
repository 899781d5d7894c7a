import Foundation
import GRDB
import QuireDocument

/// A stored page's history as its step numbers: done steps `bottom...cursor`, undone ones
/// `cursor + 1...end`. Read with the page's order (`StoredOrder`) and kept up to date by the edits.
struct StoredHistoryState {
    var bottom: Int64 = 1
    var cursor: Int64 = 0
    var end: Int64 = 0
    /// The rows do not make a history (gaps, undone steps below done ones, absurd numbers): the next
    /// new edit starts the page's history afresh, and undo and redo are refused until then.
    var damaged = false

    init() {}

    init(page: PageID, in db: Database) throws {
        let rows = try Row.fetchCursor(db, sql: "SELECT seq, undone FROM history_step WHERE page_id = ? ORDER BY seq",
                                       arguments: [ItemKey.value(page)])
        var count = 0
        var first = true
        while let row = try rows.next() {
            count += 1
            guard count <= 2 * PageHistory.capacity, let seq = Int64.fromDatabaseValue(row["seq"]),
                  let undone = Int64.fromDatabaseValue(row["undone"]), undone == 0 || undone == 1,
                  seq > 0, seq < Int64.max / 2, first || seq == end + 1, undone == 1 || cursor == end
            else {
                self = StoredHistoryState()
                damaged = true
                return
            }
            if first { bottom = seq; cursor = seq - 1; first = false }
            end = seq
            if undone == 0 { cursor = seq }
        }
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
                try db.execute(sql: "DELETE FROM history_step WHERE page_id = ?", arguments: [ItemKey.value(page)])
                state = StoredHistoryState()
            }
            if state.end > state.cursor {
                try db.execute(sql: "DELETE FROM history_step WHERE page_id = ? AND seq > ?", arguments: [ItemKey.value(page), state.cursor])
                state.end = state.cursor
            }
            // A change from the command line has no stamp of the window's: it is stamped now.
            let stamp = stamp > 0 ? stamp : Int64(Date().timeIntervalSince1970 * 1_000_000)
            let step = HistoryStep(label: label ?? edit.summary, edit: HistoryEdit(edit), stamp: stamp)
            let seq = state.cursor + 1
            try db.cachedStatement(sql: """
                INSERT INTO history_step(page_id, seq, undone, label, edit, blobs, stamp) VALUES (?, ?, 0, ?, ?, ?, ?)
                """).execute(arguments: [ItemKey.value(page), seq, step.label, try HistoryRows.encode(step.edit),
                                         HistoryRows.blobColumn(step.edit), stamp])
            state.cursor = seq
            state.end = seq
            let lowestKept = seq - Int64(PageHistory.capacity) + 1
            if state.bottom < lowestKept {
                try db.execute(sql: "DELETE FROM history_step WHERE page_id = ? AND seq < ?", arguments: [ItemKey.value(page), lowestKept])
                state.bottom = lowestKept
            }
        case let .undo(kept):
            guard !state.damaged, state.cursor >= state.bottom else { throw refuse("the page's stored history has no step to undo") }
            try rewrite(step: state.cursor, of: page, undone: true, as: kept, in: db)
            state.cursor -= 1
        case let .redo(kept):
            guard !state.damaged, state.cursor < state.end else { throw refuse("the page's stored history has no step to redo") }
            try rewrite(step: state.cursor + 1, of: page, undone: false, as: kept, in: db)
            state.cursor += 1
        }
    }

    private func rewrite(step seq: Int64, of page: PageID, undone: Bool, as kept: HistoryStep, in db: Database) throws {
        try db.cachedStatement(sql: "UPDATE history_step SET undone = ?, label = ?, edit = ?, blobs = ?, stamp = ? WHERE page_id = ? AND seq = ?")
            .execute(arguments: [undone ? 1 : 0, kept.label, try HistoryRows.encode(kept.edit), HistoryRows.blobColumn(kept.edit),
                                 kept.stamp, ItemKey.value(page), seq])
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
            let state = try StoredHistoryState(page: page.id, in: db)
            guard !state.damaged else { throw damaged("has more steps than a page keeps, or steps missing or out of order") }
            var done: [HistoryStep] = [], undone: [HistoryStep] = []
            let rows = try Row.fetchCursor(db, sql: """
                SELECT seq, undone, label, length(edit) AS size, edit, stamp FROM history_step WHERE page_id = ? ORDER BY seq
                """, arguments: [ItemKey.value(page.id)])
            while let row = try rows.next() {
                let stored = StoredRow(row: row, table: "history_step", name: "a history step of page \(page.id)", path: path)
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
            for row in try Row.fetchAll(db, sql: """
                SELECT page_id, sum(undone = 0) AS done, sum(undone = 1) AS undone FROM history_step GROUP BY page_id
                """) {
                guard let page = ItemKey.pageID(row["page_id"]) else { continue }
                depths[page] = (Int.fromDatabaseValue(row["done"]) ?? 0, Int.fromDatabaseValue(row["undone"]) ?? 0)
            }
            return depths
        }
    }
}

extension NotebookStore {
    /// A step as `history_step` stores it, its page key and its edit's bytes, for a tool that writes
    /// steps in bulk with SQL of its own (the history benchmark's notebook of 500,000 steps).
    public static func storedHistoryStep(page: PageID, edit: HistoryEdit) throws -> (page: DatabaseValue, edit: Data) {
        (ItemKey.value(page), try HistoryRows.encode(edit))
    }
}
