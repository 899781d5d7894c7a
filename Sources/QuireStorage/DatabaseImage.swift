import Foundation
import GRDB
import GRDBSQLite

/// A whole SQLite database as the bytes of its file: how a new notebook built in memory reaches the disk.
///
/// A notebook's pages are 512 bytes (see `NotebookSchema.pageSize`), so a notebook built in a file is
/// written one 512-byte `pwrite` at a time, tens of thousands of system calls for a big import, and
/// SQLite's cache spills to the file mid-build. Built in memory instead, the finished file goes out in a
/// few large writes.
enum DatabaseImage {
    /// Writes the `main` database of `db` (an in-memory one) as a new file at `path`, which must not
    /// exist. The file is left as SQLite would leave it in rollback mode, not yet synced: the caller
    /// syncs it once, when it is finished.
    static func write(_ db: Database, toNewFileAt path: String) throws {
        var size: sqlite3_int64 = 0
        // A copy made by SQLite (an in-memory database's pages do not lie in one block): freed below.
        guard let bytes = sqlite3_serialize(db.sqliteConnection, "main", &size, 0) else {
            throw NotebookFileError.writeFailed(path: path, reason: "SQLite could not lay out the new notebook in memory")
        }
        defer { sqlite3_free(bytes) }
        try write(UnsafeRawBufferPointer(start: bytes, count: Int(size)), toNewFileAt: path)
    }

    private static func write(_ image: UnsafeRawBufferPointer, toNewFileAt path: String) throws {
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw NotebookFileError.fileSystem(path: path, operation: "create the new notebook at", errno: errno)
        }
        defer { Glibc.close(descriptor) }
        var written = 0
        while written < image.count {
            let count = Glibc.write(descriptor, image.baseAddress! + written, image.count - written)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw NotebookFileError.fileSystem(path: path, operation: "write the new notebook to", errno: count < 0 ? errno : EIO)
            }
            written += count
        }
    }
}
