import Foundation

/// The single-writer rule: one process at a time may change a notebook. An advisory `flock` on a file
/// beside the notebook (`NAME.quire-lock`); the kernel drops it when the holder exits, `kill -9` included,
/// so a crash never leaves a notebook locked. A separate file, not the notebook itself, because closing
/// any descriptor of the database file would drop SQLite's own POSIX locks in this process.
///
/// The lock file is named after the notebook's real path (symbolic links, of the file or of any folder
/// above it, resolved), so `Alias.quire → Shared.quire` and `Shared.quire` take the same lock. A hard
/// link is the same file under a second real path, which this lock would not catch: `NotebookStore`
/// opens a file with more than one name read-only, so it never takes this lock.
final class NotebookLock {
    private let descriptor: Int32

    /// Takes the lock, or returns nil when another holder has it (or the folder does not allow the
    /// lock file, in which case the notebook cannot be written either).
    init?(notebookPath: String) {
        let fd = open(Self.lockPath(for: notebookPath), O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        descriptor = fd
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// `REALPATH-lock` for the notebook at `notebookPath` (the path as given when it cannot be resolved).
    static func lockPath(for notebookPath: String) -> String { realPath(of: notebookPath) + "-lock" }

    /// `path` with every symbolic link resolved, or `path` itself when it does not resolve.
    static func realPath(of path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
