import Foundation

/// What another program did to a notebook's file while this process had it open to write: what a sync
/// program (Syncthing, Nextcloud) does when it brings a newer copy from another machine.
public enum ExternalFileChange: Equatable, Sendable, CustomStringConvertible {
    /// The name leads to another file now: one was renamed over it, as sync programs do.
    case replaced
    /// The name leads to no file: it was deleted or moved away.
    case removed
    /// The same file's bytes were changed by another program (written in place, as `cp` does).
    case rewritten

    public var description: String {
        switch self {
        case .replaced: "was replaced by another program (a sync bringing a newer copy?)"
        case .removed: "was deleted or moved away by another program"
        case .rewritten: "was rewritten by another program"
        }
    }
}

extension FileState {
    /// Whether both are the same file (device and inode), whatever became of its bytes.
    func isSameFile(as other: FileState) -> Bool { device == other.device && inode == other.inode }

    /// Whether the file's bytes stand as they did: the same size and modification time. The status
    /// change time is left out: a backup program's extended attributes or a chmod move it too.
    func hasSameBytes(as other: FileState) -> Bool { size == other.size && modified == other.modified }
}

/// Watches a notebook file this process writes for what others do to it. The file's bytes change only
/// when this process checkpoints its write-ahead log into it (in WAL mode every commit goes to the
/// `-wal`), so after each of its own writes the state is taken again (`ownWrite`); any other change of
/// size or modification time, or another file (or none) under the name, is another program's. Checked with one `stat`, cheap
/// enough for the window to ask twice a second.
final class NotebookFileWatch: @unchecked Sendable {
    private let path: String
    private let lock = NSLock()
    private var expected: FileState?
    /// The first change seen, kept: once the file is another's, it stays so for this open.
    private var seen: ExternalFileChange?

    init(path: String) {
        self.path = path
        expected = FileState(of: path)
    }

    /// What happened to the file since this process last wrote it, or nil when nothing did.
    func change() -> ExternalFileChange? {
        lock.lock()
        defer { lock.unlock() }
        if let seen { return seen }
        guard let expected else { return nil }
        guard let now = FileState(of: path) else {
            seen = .removed
            return seen
        }
        if !now.isSameFile(as: expected) {
            seen = .replaced
        } else if !now.hasSameBytes(as: expected) {
            seen = .rewritten
        }
        return seen
    }

    /// Runs one of this process's own writes: refused (`changedOnDisk`) when the file was changed by
    /// another program, and the file's state taken again after it, as the write may have checkpointed.
    func ownWrite<T>(notebookPath: String, _ body: () throws -> T) throws -> T {
        if let change = change() { throw NotebookFileError.changedOnDisk(path: notebookPath, change: change) }
        defer {
            lock.lock()
            if seen == nil, let now = FileState(of: path), expected.map(now.isSameFile) ?? true { expected = now }
            lock.unlock()
        }
        return try body()
    }
}
