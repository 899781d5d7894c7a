import Foundation
import GRDB

/// Changes that could not be saved when a notebook closed (a full disk, a folder gone read-only, a
/// failing drive), kept instead of dropped: closing writes the notebook as its connection sees it, with
/// every waiting change applied, to a recovery file beside it ("NAME.quire-recovery"), or, when that
/// cannot be written, in `$XDG_STATE_HOME/quire/recovery`. The next open puts it back.
///
/// A recovery file is a whole notebook (SQLite's backup of the open connection, then the changes run on
/// it as the autosaver would have run them), so putting it back is one transaction, SQLite's backup into
/// the notebook, with nothing to merge. It is put back only when the notebook's file is still as closing
/// left it (the same inode, size and modification time, the log's too), so a change made since by
/// anything else is never overwritten: the recovery then becomes a notebook of its own beside it,
/// "TITLE (recovered DATE)". A crash between the put-back and the recovery file's removal leaves a
/// recovery that no longer fits: the next open keeps it apart, a copy too many, nothing lost.
public enum RecoveryFile {
    public static let fileExtension = "quire-recovery"
    /// The key in the recovery's `notebook` table that says what it recovers.
    static let recordKey = "recovery_of"

    /// `$XDG_STATE_HOME/quire/recovery`, or `~/.local/state/quire/recovery` when XDG_STATE_HOME is unset.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        return base + "/quire/recovery"
    }

    /// Where waiting changes went.
    public struct Kept: Sendable, Equatable {
        public let path: String
        public let changes: Int
    }

    /// What an open found waiting for the notebook, one per recovery file.
    public enum Found: Sendable, Equatable {
        /// The changes are back in the notebook; the recovery file is gone.
        case putBack(changes: Int, from: String)
        /// The notebook changed after the recovery was written: the recovery is the notebook `path` now.
        case keptApart(changes: Int, path: String, title: String)
        /// The recovery could not be put back or kept apart (said why) and is left where it is.
        case left(path: String, because: String)
    }

    /// Writes `store` as its connection sees it, with `waiting` applied in order, to a recovery file:
    /// beside the notebook, else in `directory`. `closeNotebook` closes `store` (always called, once); the
    /// state its file is left in is recorded, for the put-back to know it. A waiting change the notebook
    /// refuses for good is left out, as the autosaver would have. Throws when no recovery could be
    /// written anywhere, the last place's error.
    public static func keep(_ store: NotebookStore, waiting: [Autosaver.Change], in directory: String,
                            closeNotebook: () -> Void) throws -> Kept {
        let realPath = NotebookLock.realPath(of: store.path)
        var closed = false
        defer { if !closed { closeNotebook() } }
        var lastError: Error = NotebookFileError.writeFailed(path: store.path, reason: "no place for a recovery file")
        for candidate in places(for: realPath, in: directory) {
            if candidate.hasPrefix(directory + "/") {
                do {
                    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                } catch {
                    lastError = error
                    continue
                }
            }
            let recovery: NotebookStore
            do {
                recovery = try store.writeCopy(to: candidate, title: try store.title, keepingIdentity: true)
            } catch {
                lastError = error
                continue
            }
            do {
                var applied = 0
                for change in waiting {
                    do {
                        try change(recovery)
                        applied += 1
                    } catch let error as NotebookFileError where error.refusesForGood {
                        continue
                    }
                }
                if !closed {
                    closeNotebook()
                    closed = true
                }
                let record = Record(path: realPath, main: FileMark(of: realPath), log: FileMark(of: realPath + "-wal"), changes: applied)
                try recovery.write { db in
                    try db.execute(sql: "INSERT OR REPLACE INTO notebook(key, value) VALUES (?, ?)",
                                   arguments: [recordKey, String(decoding: try JSONEncoder().encode(record), as: UTF8.self)])
                }
                try recovery.close()
                return Kept(path: candidate, changes: applied)
            } catch {
                try? recovery.close()
                remove(candidate)
                // Once the notebook is closed its connection cannot be copied again: no next place.
                if closed { throw error }
                lastError = error
            }
        }
        throw lastError
    }

    /// Puts back, or keeps apart, every recovery waiting for the notebook at `path` (beside it and in
    /// `directory`), before the notebook is opened. `now` dates a recovery kept apart.
    public static func putBack(into path: String, from directory: String, now: Date = Date()) -> [Found] {
        let realPath = NotebookLock.realPath(of: path)
        return waiting(for: realPath, in: directory).compactMap { candidate in
            let recovery: NotebookStore
            let record: Record
            do {
                recovery = try NotebookStore(openingAt: candidate)
                guard let found = try readRecord(of: recovery) else {
                    try? recovery.close()
                    return .left(path: candidate, because: "it does not say which notebook it recovers")
                }
                record = found
            } catch {
                return .left(path: candidate, because: "\(error)")
            }
            // Another notebook's whose name hashed the same: not this one's to touch.
            guard record.path == realPath else {
                try? recovery.close()
                return nil
            }
            if let reason = recovery.readOnlyReason {
                try? recovery.close()
                return .left(path: candidate, because: "it cannot be changed (\(reason))")
            }
            do {
                let found: Found
                if record.main == FileMark(of: realPath) && record.log == FileMark(of: realPath + "-wal"),
                   try putBack(recovery, into: path) {
                    found = .putBack(changes: record.changes, from: candidate)
                } else {
                    let (apart, title) = try keepApart(recovery, beside: path, now: now)
                    found = .keptApart(changes: record.changes, path: apart, title: title)
                }
                try recovery.close()
                remove(candidate)
                return found
            } catch {
                try? recovery.close()
                return .left(path: candidate, because: "\(error)")
            }
        }
    }

    // MARK: Private

    /// What a recovery recovers: the notebook's file (links followed), the state closing left it in, and
    /// how many changes it holds that the notebook lacks.
    struct Record: Codable, Equatable {
        let path: String
        let main: FileMark?
        let log: FileMark?
        let changes: Int
    }

    /// The parts of a file's state that any write to it changes; nil when there is no file.
    struct FileMark: Codable, Equatable {
        let inode: UInt64
        let size: Int64
        let seconds: Int64
        let nanoseconds: Int64

        init?(of path: String) {
            guard let state = FileState(of: path) else { return nil }
            inode = state.inode
            size = state.size
            seconds = state.modified.seconds
            nanoseconds = state.modified.nanoseconds
        }
    }

    /// Beside the notebook, then the state folder; a name already taken (a recovery not yet put back)
    /// is passed over, never overwritten.
    private static func places(for realPath: String, in directory: String) -> [String] {
        let beside = besidePath(realPath)
        let stem = directory + "/" + key(for: realPath)
        let inDirectory = [stem + "." + fileExtension] + (2...20).map { "\(stem) \($0).\(fileExtension)" }
        return ([beside] + inDirectory).filter { !FileManager.default.fileExists(atPath: $0) }
    }

    /// The recovery files that may be this notebook's, oldest first.
    private static func waiting(for realPath: String, in directory: String) -> [String] {
        let beside = besidePath(realPath)
        let prefix = key(for: realPath)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let inDirectory = names.filter { $0.hasPrefix(prefix) && $0.hasSuffix("." + fileExtension) }.map { directory + "/" + $0 }
        let all = ([beside] + inDirectory).filter { FileManager.default.fileExists(atPath: $0) }
        return all.sorted { (FileMark(of: $0)?.seconds ?? 0) < (FileMark(of: $1)?.seconds ?? 0) }
    }

    /// "NAME.quire-recovery" for "NAME.quire".
    static func besidePath(_ realPath: String) -> String { realPath + "-recovery" }

    /// A file name for the state folder from the notebook's path (which is kept inside, and checked).
    private static func key(for realPath: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in realPath.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let name = ((realPath as NSString).lastPathComponent as NSString).deletingPathExtension
        let readable = String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" }.prefix(40))
        return readable + "-" + String(hash, radix: 16)
    }

    private static func readRecord(of recovery: NotebookStore) throws -> Record? {
        let text = try recovery.database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM notebook WHERE key = ?", arguments: [recordKey])
        }
        guard let text, text.utf8.count <= 64 * 1024 else { return nil }
        return try? JSONDecoder().decode(Record.self, from: Data(text.utf8))
    }

    /// The recovery's contents into the notebook, one transaction; false when the notebook is not the
    /// one it was taken from, or cannot be changed now (then nothing is written).
    private static func putBack(_ recovery: NotebookStore, into path: String) throws -> Bool {
        let notebook = try NotebookStore(openingAt: path)
        guard notebook.readOnlyReason == nil, try notebook.notebookID == recovery.notebookID else {
            try? notebook.close()
            return false
        }
        do {
            try notebook.ownWrite { try recovery.database.backup(to: notebook.database) }
            try notebook.write { db in try db.execute(sql: "DELETE FROM notebook WHERE key = ?", arguments: [recordKey]) }
        } catch let error as DatabaseError {
            try? notebook.close()
            throw NotebookStore.fileError(error, path: path)
        } catch {
            try? notebook.close()
            throw error
        }
        // The store was made for what the file held before: closed, not used again.
        try notebook.close()
        return true
    }

    /// The recovery as a notebook of its own beside `path`, "TITLE (recovered 2026-12-03 16-20-05)".
    private static func keepApart(_ recovery: NotebookStore, beside path: String, now: Date) throws -> (String, String) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH-mm-ss"
        // 100: the longest title the window's title entry takes.
        let title = String("\(try recovery.title) (recovered \(formatter.string(from: now)))".prefix(100))
        let apart = NotebookLibrary(directory: (path as NSString).deletingLastPathComponent).freePath(for: title)
        let copy = try recovery.writeCopy(to: apart, title: title)
        do {
            try copy.write { db in try db.execute(sql: "DELETE FROM notebook WHERE key = ?", arguments: [recordKey]) }
            try copy.close()
        } catch {
            try? copy.close()
            remove(apart)
            throw error
        }
        return (apart, title)
    }

    private static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
        unlink(NotebookLock.lockPath(for: path))
    }
}
