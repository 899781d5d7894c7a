import Foundation

/// The first 100 bytes of an SQLite file, read without SQLite: enough to refuse a file that is not a
/// Quire notebook, or that is cut short, before anything could write to it.
/// (Layout: https://www.sqlite.org/fileformat.html, "The Database Header".)
struct SQLiteFileHeader {
    let pageSize: Int
    /// Pages the header says the file holds; nil when that field is not valid (old writers).
    let pageCount: Int?
    let applicationID: Int32
    let userVersion: Int32

    /// Reads and checks the header of the file at `path`; throws a `NotebookFileError` naming the fault.
    /// The file is opened without blocking and its type checked first: a FIFO would block SQLite (and
    /// this read) forever waiting for a writer, and a folder or device is no notebook either.
    static func check(path: String) throws -> SQLiteFileHeader {
        // O_NOCTTY: a terminal device named *.quire must not become this process's terminal.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { throw NotebookFileError.notFound(path: path) }
            throw NotebookFileError.fileSystem(path: path, operation: "read", errno: errno)
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw NotebookFileError.fileSystem(path: path, operation: "read", errno: errno) }
        if let kind = notAFile(mode: status.st_mode) {
            throw NotebookFileError.notANotebook(path: path, reason: "it is \(kind), not a file")
        }
        var bytes = [UInt8](repeating: 0, count: 100)
        let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 100, 0) }
        guard count >= 0 else { throw NotebookFileError.fileSystem(path: path, operation: "read", errno: errno) }
        bytes.removeLast(100 - count)
        let fileSize = Int(status.st_size)
        guard !bytes.isEmpty else { throw NotebookFileError.notANotebook(path: path, reason: "the file is empty") }
        guard bytes.count == 100, Array(bytes[0..<16]) == Array("SQLite format 3\0".utf8) else {
            throw NotebookFileError.notANotebook(path: path, reason: "it is not an SQLite database")
        }
        func uint32(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
        }
        let rawPageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let pageSize = rawPageSize == 1 ? 65536 : rawPageSize
        // The in-header size is valid only when the change counter matches "version-valid-for".
        let pageCount = uint32(24) == uint32(92) ? Int(uint32(28)) : nil
        let header = SQLiteFileHeader(pageSize: pageSize, pageCount: pageCount,
                                      applicationID: Int32(bitPattern: uint32(68)), userVersion: Int32(bitPattern: uint32(60)))
        guard header.applicationID == NotebookSchema.applicationID else {
            throw NotebookFileError.notANotebook(path: path, reason: "it is an SQLite database of another program")
        }
        // A checkpoint writes page 1 (with the new size) before the pages that make the file longer;
        // killed in between, the file is shorter than its header says while its WAL still holds the
        // pages, and SQLite finishes the job on open. Only without a WAL is a short file truncated. (SQLite
        // keeps the WAL beside the file that links lead to.)
        if let pageCount, pageSize * pageCount > fileSize, !FileManager.default.fileExists(atPath: NotebookLock.realPath(of: path) + "-wal") {
            throw NotebookFileError.corrupt(path: path,
                reason: "the file is truncated: \(fileSize) bytes of the \(pageSize * pageCount) it should have")
        }
        return header
    }

    /// What a file of this mode is, when it is anything but a regular file (symbolic links are followed
    /// by `open`, so this is the type of the file the link names).
    static func notAFile(mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "a special file"
        }
    }
}
