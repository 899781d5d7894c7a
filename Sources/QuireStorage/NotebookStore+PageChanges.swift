import Foundation
import GRDB
import QuireDocument

/// How a page change moves the notebook's history of page changes, in the change's own transaction.
public enum NotebookHistoryChange: Equatable, Sendable {
    /// A new change: the newest step (named `label`, or the change's summary); the redo history ends.
    /// `afresh`: the stored history could not be read, and this step starts a new one.
    case record(label: String?, stamp: Int64, afresh: Bool = false)
    /// The change undoes the newest step, kept from now on as `kept`.
    case undo(kept: NotebookStep)
    /// The change redoes the newest undone step, kept from now on as `kept`.
    case redo(kept: NotebookStep)
}

/// Changing the notebook's pages as `NotebookEdit`s, recorded in `notebook_step` (see
/// `SchemaV3Migration`): a page taken out goes to the trash (its rows kept, `page.trashed` 1) while a
/// step can bring it back, and is deleted for good, with its items and history, when none can.
extension NotebookStore {
    /// Applies `edit` to the notebook's order of pages, with `newPages` (and the `blobs` their items show)
    /// stored first for the edit to put in, and moves the history as `history` says, in one transaction.
    /// An edit that does not fit the stored order throws `NotebookFileError.editRefused`, changing nothing.
    public func apply(_ edit: NotebookEdit, history: NotebookHistoryChange, inserting newPages: [Page] = [],
                      storing blobs: [BlobBytes] = []) throws {
        if let large = blobs.first(where: { $0.bytes.count > Self.maximumBlobSize }) {
            throw NotebookFileError.blobTooLarge(path: path, size: large.bytes.count, limit: Self.maximumBlobSize)
        }
        try write { db in
            try store(newPages, blobs: blobs, in: db) { 0 }
            // In the trash until the edit puts them in their places.
            for page in newPages { try db.execute(sql: "UPDATE page SET trashed = 1 WHERE id = ?", arguments: [page.id.rawValue]) }
            var order = try String.fetchAll(db, sql: "SELECT id FROM page WHERE trashed = 0 ORDER BY position").map(PageID.init)
            do {
                try carryOut(edit, on: &order, in: db)
            } catch let error as NotebookEditError {
                throw NotebookFileError.editRefused(path: path, page: edit.pages.map(\.rawValue).sorted().joined(separator: ", "),
                                                    reason: error.description)
            }
            try move(by: history, for: edit, in: db)
        }
    }

    private func carryOut(_ edit: NotebookEdit, on order: inout [PageID], in db: Database) throws {
        switch edit {
        case let .pageIn(page, index):
            var after = order
            try edit.apply(to: &after)
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM page WHERE id = ? AND trashed = 1", arguments: [page.rawValue]) != nil else {
                throw NotebookEditError.duplicatePage(page)
            }
            let position = try Self.position(forIndex: index, excluding: page, in: db)
            try db.execute(sql: "UPDATE page SET trashed = 0, position = ? WHERE id = ?", arguments: [position, page.rawValue])
            order = after
        case let .pageOut(page, _):
            try edit.apply(to: &order)
            orders.forget(page)
            try db.execute(sql: "UPDATE page SET trashed = 1 WHERE id = ?", arguments: [page.rawValue])
        case let .pageMoved(page, _, to):
            try edit.apply(to: &order)
            let position = try Self.position(forIndex: to, excluding: page, in: db)
            try db.execute(sql: "UPDATE page SET position = ? WHERE id = ?", arguments: [position, page.rawValue])
        case .pageSent, .pageTakenBack:
            // The other notebook's part, carried out there before this one (`send`, `takeBack`).
            break
        case let .paperChanged(page, before, after):
            try edit.apply(to: &order)
            guard try paper(of: page, in: db) == before else { throw NotebookEditError.paperMismatch(page) }
            try db.execute(sql: "UPDATE page SET width = ?, height = ?, orientation = ?, background = ? WHERE id = ?",
                           arguments: [after.size.width, after.size.height, after.size.orientation.rawValue,
                                       Self.json(after.background), page.rawValue])
        case let .combined(edits):
            for part in edits { try carryOut(part, on: &order, in: db) }
        }
    }

    func move(by change: NotebookHistoryChange, for edit: NotebookEdit, in db: Database) throws {
        let cursor = try Int64.fetchOne(db, sql: "SELECT max(seq) FROM notebook_step WHERE undone = 0") ?? 0
        func refuse(_ reason: String) -> NotebookFileError {
            .editRefused(path: path, page: edit.pages.map(\.rawValue).sorted().joined(separator: ", "), reason: reason)
        }
        switch change {
        case let .record(label, stamp, afresh):
            try db.execute(sql: "DELETE FROM notebook_step WHERE seq > ?", arguments: [afresh ? 0 : cursor])
            let cursor = afresh ? 0 : cursor
            let step = NotebookStep(label: label ?? edit.summary, edit: edit, stamp: stamp)
            try write(step, seq: cursor + 1, undone: false, insert: true, in: db)
            try db.execute(sql: "DELETE FROM notebook_step WHERE seq <= ?", arguments: [cursor + 1 - Int64(NotebookHistory.capacity)])
        case let .undo(kept):
            guard cursor > 0, try Bool.fetchOne(db, sql: "SELECT 1 FROM notebook_step WHERE seq = ?", arguments: [cursor]) == true
            else { throw refuse("the notebook's stored history has no page change to undo") }
            try write(kept, seq: cursor, undone: true, insert: false, in: db)
            notebookRedo.setOnCommit(true, in: db)
        case let .redo(kept):
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM notebook_step WHERE seq = ? AND undone = 1", arguments: [cursor + 1]) == true
            else { throw refuse("the notebook's stored history has no page change to redo") }
            try write(kept, seq: cursor + 1, undone: false, insert: false, in: db)
        }
        try emptyTrash(in: db)
    }

    private func write(_ step: NotebookStep, seq: Int64, undone: Bool, insert: Bool, in db: Database) throws {
        let pages = step.edit.pages.map(\.rawValue).sorted().joined(separator: " ")
        let edit = String(decoding: try JSONEncoder().encode(StoredNotebookEdit(step.edit)), as: UTF8.self)
        if insert {
            try db.execute(sql: "INSERT INTO notebook_step(seq, undone, label, edit, pages, stamp) VALUES (?, ?, ?, ?, ?, ?)",
                           arguments: [seq, undone ? 1 : 0, step.label, edit, pages, step.stamp])
        } else {
            try db.execute(sql: "UPDATE notebook_step SET undone = ?, label = ?, edit = ?, pages = ?, stamp = ? WHERE seq = ?",
                           arguments: [undone ? 1 : 0, step.label, edit, pages, step.stamp, seq])
        }
    }

    /// Deletes for good the pages in the trash that no kept step names (with their items, history and
    /// thumbnail, by the tables' cascades).
    private func emptyTrash(in db: Database) throws {
        let trashed = try String.fetchAll(db, sql: "SELECT id FROM page WHERE trashed = 1")
        guard !trashed.isEmpty else { return }
        var named: Set<String> = []
        for list in try String.fetchAll(db, sql: "SELECT pages FROM notebook_step") {
            named.formUnion(list.split(separator: " ").map(String.init))
        }
        for page in trashed where !named.contains(page) {
            orders.forget(PageID(page))
            try PageStepRows(page: PageID(page), schemaVersion: schemaVersion, in: db).delete(in: db)
            try db.execute(sql: "DELETE FROM page WHERE id = ?", arguments: [page])
        }
    }

    /// A new edit on a page ends the notebook's redo history too (in the edit's transaction). Known to
    /// be empty nearly always, so a stroke's transaction asks nothing of `notebook_step`.
    func endNotebookRedo(in db: Database) throws {
        guard notebookRedo.mayHaveSteps(in: db) else { return }
        try db.execute(sql: "DELETE FROM notebook_step WHERE undone = 1")
        if db.changesCount > 0 { try emptyTrash(in: db) }
        notebookRedo.setOnCommit(false, in: db)
    }

    /// The notebook's stored history of page changes. Throws `NotebookFileError.corrupt`, naming the
    /// notebook, when its rows do not read or are out of order; the pages themselves are unaffected.
    public func notebookHistory() throws -> NotebookHistory {
        guard schemaVersion >= 3 else { return NotebookHistory() }
        return try read { db in
            func damaged(_ reason: String) -> NotebookFileError {
                .corrupt(path: path, reason: "the history of its page changes \(reason)")
            }
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM notebook_step") ?? 0
            guard count <= 2 * NotebookHistory.capacity else { throw damaged("holds \(count) steps, more than a notebook keeps") }
            var done: [NotebookStep] = [], undone: [NotebookStep] = []
            var previous: Int64?
            for row in try Row.fetchAll(db, sql: "SELECT seq, undone, label, length(edit) AS size, edit, stamp FROM notebook_step ORDER BY seq") {
                let stored = StoredRow(row: row, table: "notebook_step", name: "a step of the notebook's page changes", path: path)
                let seq = try stored.int64("seq"), isUndone = try stored.int64("undone")
                guard previous.map({ seq == $0 + 1 }) ?? true, isUndone == 0 || isUndone == 1, isUndone == 1 || undone.isEmpty else {
                    throw damaged("has steps missing or out of order")
                }
                previous = seq
                guard try stored.int64("size") <= 1 << 20 else { throw damaged("has step \(seq) larger than any page change") }
                let step: NotebookStep
                do {
                    let edit = try JSONDecoder().decode(StoredNotebookEdit.self, from: try stored.data("edit")).edit
                    step = NotebookStep(label: try stored.string("label"), edit: edit, stamp: try stored.int64("stamp"))
                } catch let error as NotebookFileError {
                    throw error
                } catch {
                    throw damaged("has step \(seq) that does not read (\(error))")
                }
                if isUndone == 0 { done.append(step) } else { undone.append(step) }
            }
            return NotebookHistory(done: done, undone: undone.reversed())
        }
    }

    /// How many page changes the notebook can undo and redo.
    public func notebookHistoryDepth() throws -> (undo: Int, redo: Int) {
        guard schemaVersion >= 3 else { return (0, 0) }
        return try read { db in
            let row = try Row.fetchOne(db, sql: "SELECT sum(undone = 0) AS done, sum(undone = 1) AS undone FROM notebook_step")
            return (row.flatMap { Int.fromDatabaseValue($0["done"]) } ?? 0, row.flatMap { Int.fromDatabaseValue($0["undone"]) } ?? 0)
        }
    }
}

/// A `NotebookEdit` as JSON: one key naming the kind of change.
private struct StoredNotebookEdit: Codable {
    let edit: NotebookEdit
    init(_ edit: NotebookEdit) { self.edit = edit }

    private enum Key: String, CodingKey { case `in`, out, moved, sent, takenBack = "taken-back", paper, combined }
    private enum PartKey: String, CodingKey { case page, at, from, to, source, notebook, title }

    init(from decoder: Decoder) throws {
        try HistoryRows.checkDepth(decoder)
        let container = try decoder.container(keyedBy: Key.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a step names one kind of change"))
        }
        func index(_ parts: KeyedDecodingContainer<PartKey>, _ key: PartKey) throws -> Int {
            let value = try parts.decode(Int.self, forKey: key)
            guard (0...1_000_000).contains(value) else {
                throw DecodingError.dataCorrupted(.init(codingPath: parts.codingPath + [key], debugDescription: "page position \(value)"))
            }
            return value
        }
        if key == .combined {
            edit = .combined(try container.decode([StoredNotebookEdit].self, forKey: key).map(\.edit))
            return
        }
        let parts = try container.nestedContainer(keyedBy: PartKey.self, forKey: key)
        let page = try parts.decode(PageID.self, forKey: .page)
        switch key {
        case .in: edit = .pageIn(page, at: try index(parts, .at))
        case .out: edit = .pageOut(page, from: try index(parts, .from))
        case .sent, .takenBack:
            let sent = SentPage(page: page, source: try parts.decode(PageID.self, forKey: .source),
                                notebook: try parts.decode(String.self, forKey: .notebook), title: try parts.decode(String.self, forKey: .title))
            guard sent.notebook.hasPrefix("/"), !sent.notebook.contains("\0") else {
                throw DecodingError.dataCorrupted(.init(codingPath: parts.codingPath, debugDescription: "a notebook's path that is not one"))
            }
            edit = key == .sent ? .pageSent(sent) : .pageTakenBack(sent)
        case .paper:
            func paper(_ key: PartKey) throws -> PagePaper {
                let paper = try parts.decode(PagePaper.self, forKey: key)
                if let problem = paper.problem {
                    throw DecodingError.dataCorrupted(.init(codingPath: parts.codingPath + [key], debugDescription: "paper that is not usable: \(problem)"))
                }
                return paper
            }
            edit = .paperChanged(page, from: try paper(.from), to: try paper(.to))
        default: edit = .pageMoved(page, from: try index(parts, .from), to: try index(parts, .to))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch edit {
        case let .pageIn(page, index):
            var parts = container.nestedContainer(keyedBy: PartKey.self, forKey: .in)
            try parts.encode(page, forKey: .page)
            try parts.encode(index, forKey: .at)
        case let .pageOut(page, index):
            var parts = container.nestedContainer(keyedBy: PartKey.self, forKey: .out)
            try parts.encode(page, forKey: .page)
            try parts.encode(index, forKey: .from)
        case let .pageMoved(page, from, to):
            var parts = container.nestedContainer(keyedBy: PartKey.self, forKey: .moved)
            try parts.encode(page, forKey: .page)
            try parts.encode(from, forKey: .from)
            try parts.encode(to, forKey: .to)
        case let .pageSent(sent), let .pageTakenBack(sent):
            var parts = container.nestedContainer(keyedBy: PartKey.self, forKey: edit == .pageSent(sent) ? .sent : .takenBack)
            try parts.encode(sent.page, forKey: .page)
            try parts.encode(sent.source, forKey: .source)
            try parts.encode(sent.notebook, forKey: .notebook)
            try parts.encode(sent.title, forKey: .title)
        case let .paperChanged(page, before, after):
            var parts = container.nestedContainer(keyedBy: PartKey.self, forKey: .paper)
            try parts.encode(page, forKey: .page)
            try parts.encode(before, forKey: .from)
            try parts.encode(after, forKey: .to)
        case let .combined(edits): try container.encode(edits.map(StoredNotebookEdit.init), forKey: .combined)
        }
    }
}

/// Whether the notebook's history of page changes may have undone steps: read once, then kept by the
/// changes that make and end them (set only when their transaction commits). Its own lock.
final class NotebookRedoState: @unchecked Sendable {
    private let lock = NSLock()
    private var known: Bool?

    func mayHaveSteps(in db: Database) -> Bool {
        lock.lock()
        let value = known
        lock.unlock()
        if let value { return value }
        let found = (try? Bool.fetchOne(db, sql: "SELECT 1 FROM notebook_step WHERE undone = 1 LIMIT 1")) ?? nil
        lock.lock()
        known = found ?? false
        lock.unlock()
        return found ?? false
    }

    func setOnCommit(_ value: Bool, in db: Database) {
        db.afterNextTransaction(onCommit: { [self] _ in
            lock.lock()
            known = value
            lock.unlock()
        })
    }
}
