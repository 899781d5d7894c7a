import Foundation
import GRDB
import QuireInk

/// Style rows by style, so appending a stroke in a style already stored costs no lookup. A style row is
/// never deleted, so a remembered id stays right for the life of the file — once its transaction has
/// committed: an id from a transaction that rolled back (a full disk) names no row. So ids found inside
/// a transaction are held aside (`pending`) and serve the rest of that transaction, and become
/// remembered when it commits or are dropped when it rolls back.
///
/// One commit hook per transaction, not one per lookup: GRDB visits every registered hook on every
/// statement, so a hook per stroke made a bulk write (creating a notebook, importing, copying a big
/// page) quadratic — 60,000 strokes took 91 s. Its own lock: called from whichever thread writes.
final class StyleCache: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: [StrokeStyle: Int64] = [:]
    /// Ids found in the transaction now open, and whether its hook is registered. A store's writes are
    /// serialised (one `DatabaseQueue`), so at most one transaction of this cache is open at a time.
    private var pending: [StrokeStyle: Int64] = [:]
    private var hookRegistered = false

    func id(for style: StrokeStyle, in db: Database) throws -> Int64 {
        lock.lock()
        let known = ids[style] ?? (db.isInsideTransaction ? pending[style] : nil)
        lock.unlock()
        if let known { return known }
        let json = try NotebookStore.json(style)
        try db.execute(sql: "INSERT OR IGNORE INTO style(json) VALUES (?)", arguments: [json])
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM style WHERE json = ?", arguments: [json]) else {
            throw NotebookFileError.corrupt(path: db.description, reason: "a stroke style could not be stored")
        }
        guard db.isInsideTransaction else {
            remember([style: id])
            return id
        }
        lock.lock()
        pending[style] = id
        let register = !hookRegistered
        hookRegistered = true
        lock.unlock()
        if register {
            db.afterNextTransaction(onCommit: { [weak self] _ in self?.endTransaction(committed: true) },
                                    onRollback: { [weak self] _ in self?.endTransaction(committed: false) })
        }
        return id
    }

    /// How many styles are remembered (committed): tests check that a rollback leaves none behind.
    var rememberedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return ids.count
    }

    private func endTransaction(committed: Bool) {
        lock.lock()
        let found = pending
        pending = [:]
        hookRegistered = false
        lock.unlock()
        if committed { remember(found) }
    }

    private func remember(_ found: [StrokeStyle: Int64]) {
        lock.lock()
        ids.merge(found) { _, new in new }
        lock.unlock()
    }
}
