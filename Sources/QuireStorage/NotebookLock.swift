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
///
/// The holder removes the lock file as it lets go, so a closed notebook is one file in its folder (a
/// synced folder would otherwise carry a `-lock` file to every machine). Removing it is safe because a
/// taker checks, once it holds the lock, that the name still leads to the file it locked: one that
/// locked a file just removed takes the lock again on the new one. A holder killed leaves the file,
/// unlocked; the next holder removes it.
final class NotebookLock {
    private let descriptor: Int32
    private let path: String

    /// Takes the lock, or returns nil when another holder has it (or the folder does not allow the
    /// lock file, in which case the notebook cannot be written either).
    init?(notebookPath: String) {
        path = Self.lockPath(for: notebookPath)
        // A few tries: each one lost only to a holder that removed the file as this one locked it.
        for _ in 0..<8 {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else { return nil }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                close(fd)
                return nil
            }
            if Self.names(path, fd) {
                descriptor = fd
                return
            }
            close(fd)
        }
        return nil
    }

    deinit {
        // Removed while still held, so no one can take this file's lock in between and then find it gone.
        unlink(path)
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Whether `path` still names the file open as `fd` (it was not removed or replaced meanwhile).
    private static func names(_ path: String, _ fd: Int32) -> Bool {
        var open = stat(), named = stat()
        return fstat(fd, &open) == 0 && stat(path, &named) == 0 && open.st_dev == named.st_dev && open.st_ino == named.st_ino
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
