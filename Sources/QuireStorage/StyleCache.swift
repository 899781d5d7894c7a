import Foundation
import GRDB
import QuireInk

/// Style rows by style, so appending a stroke in a style already stored costs no lookup. A style row is
/// never deleted, so a remembered id stays right for the life of the file — once its transaction has
/// committed: an id from a transaction that rolled back (a full disk) names no row, so it is only
/// remembered on commit. Its own lock: called from whichever thread writes.
final class StyleCache: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: [StrokeStyle: Int64] = [:]

    func id(for style: StrokeStyle, in db: Database) throws -> Int64 {
        lock.lock()
        let known = ids[style]
        lock.unlock()
        if let known { return known }
        let json = try NotebookStore.json(style)
        try db.execute(sql: "INSERT OR IGNORE INTO style(json) VALUES (?)", arguments: [json])
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM style WHERE json = ?", arguments: [json]) else {
            throw NotebookFileError.corrupt(path: db.description, reason: "a stroke style could not be stored")
        }
        if db.isInsideTransaction {
            db.afterNextTransaction(onCommit: { [weak self] _ in self?.remember(id, for: style) })
        } else {
            remember(id, for: style)
        }
        return id
    }

    private func remember(_ id: Int64, for style: StrokeStyle) {
        lock.lock()
        ids[style] = id
        lock.unlock()
    }
}
