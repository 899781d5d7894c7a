import CZlib
import Foundation

/// A file read through zlib's gzip stream a chunk at a time, as it is parsed: gzip'ed and plain files
/// alike (zlib passes bytes that are not gzip through unchanged). The unpacked bytes are counted as they
/// come and refused past a limit, so a file that unpacks to far more than it holds stops there, and
/// none of it is ever held whole.
final class GzipStream {
    let path: String
    let limit: Int
    /// Unpacked bytes read so far.
    private(set) var unpacked = 0
    /// Why the last `read` failed, kept for a reader that met the failure through a C callback.
    private(set) var failure: XournalFileError?
    private let file: gzFile

    /// Opens `path`; throws `XournalFileError` for a file that is not there, not a regular file, or
    /// empty.
    init(path: String, limit: Int) throws {
        self.path = path
        self.limit = limit
        // O_NONBLOCK: opening a FIFO would otherwise wait for a writer; the type check refuses it.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw Self.failure(path, errno: errno) }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let code = errno
            close(fd)
            throw Self.failure(path, errno: code)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw XournalFileError(path: path, reason: status.st_mode & S_IFMT == S_IFDIR
                                   ? "it is a folder, not a Xournal++ file" : "it is not a regular file (a FIFO, device or socket)")
        }
        guard status.st_size > 0 else {
            close(fd)
            throw XournalFileError(path: path, reason: "the file is empty")
        }
        // gzclose closes the descriptor too.
        guard let file = gzdopen(fd, "rb") else {
            close(fd)
            throw XournalFileError(path: path, reason: "zlib could not open it")
        }
        gzbuffer(file, 1 << 17)
        self.file = file
    }

    deinit {
        gzclose_r(file)
    }

    /// Reads up to `buffer.count` unpacked bytes into `buffer`: how many, 0 at the end of the file.
    /// Throws (and keeps in `failure`) for damaged or cut-short gzip data and for more than `limit`
    /// unpacked bytes in all.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        do {
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
            let got = gzread(file, base, UInt32(min(buffer.count, 1 << 30)))
            if got < 0 { throw damaged() }
            if got == 0, quire_gz_error(file) != nil { throw damaged() }
            unpacked += Int(got)
            if unpacked > limit {
                throw XournalFileError(path: path, reason: "it unpacks to more than \(limit >> 20) MiB of XML, the most "
                                       + "Quire reads from one file")
            }
            return Int(got)
        } catch let error as XournalFileError {
            failure = error
            throw error
        }
    }

    private func damaged() -> XournalFileError {
        let message = quire_gz_error(file).map { String(cString: $0) } ?? "unknown zlib error"
        let cutShort = message.contains("unexpected end of file")
        return XournalFileError(path: path, reason: cutShort ? "the gzip data is cut short (a truncated file)"
                                                              : "the gzip data is damaged (\(message))")
    }

    private static func failure(_ path: String, errno code: Int32) -> XournalFileError {
        XournalFileError(path: path, reason: code == ENOENT ? "there is no such file" : String(cString: strerror(code)))
    }
}
