import Foundation

/// The single-writer rule: one process at a time may change a notebook. An advisory `flock` on a file
/// beside the notebook (`NAME.quire-lock`); the kernel drops it when the holder exits, `kill -9` included,
/// so a crash never leaves a notebook locked. A separate file, not the notebook itself, because closing
/// any descriptor of the database file would drop SQLite's own POSIX locks in this process.
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

    static func lockPath(for notebookPath: String) -> String { notebookPath + "-lock" }
}
