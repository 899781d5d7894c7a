import CZlib
import Foundation

/// Whole files through zlib's gzip stream: reading takes a gzip'ed file or a plain one alike (zlib
/// passes bytes that are not gzip through unchanged), and stops as soon as the unpacked bytes pass a
/// limit, so a file that unpacks to far more than it holds is refused early, not inflated.
enum GzipFile {
    /// The file's bytes, unpacked. Throws `XournalFileError` for a file that is not a regular file, a
    /// gzip stream that is damaged or cut short, or more than `limit` unpacked bytes.
    static func read(_ path: String, limit: Int) throws -> ByteBuffer {
        // O_NONBLOCK: opening a FIFO would otherwise wait for a writer; the type check refuses it.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path, errno: errno) }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let code = errno
            close(fd)
            throw failure(path, errno: code)
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
        defer { gzclose_r(file) }
        gzbuffer(file, 1 << 17)
        let bytes = ByteBuffer(capacity: min(limit, max(1 << 16, Int(status.st_size) * 4)))
        // Read a chunk at a time: never more than one chunk past the limit is held.
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let got = gzread(file, chunk.baseAddress, UInt32(chunk.count))
            if got < 0 { throw damaged(path, file) }
            bytes.append(UnsafeRawBufferPointer(rebasing: chunk[..<Int(got)]))
            if bytes.count > limit {
                throw XournalFileError(path: path, reason: "it unpacks to more than \(limit >> 20) MiB of XML, the most "
                                       + "Quire reads from one file")
            }
            if got == 0 { break }
        }
        if quire_gz_error(file) != nil { throw damaged(path, file) }
        return bytes
    }

    private static func damaged(_ path: String, _ file: gzFile) -> XournalFileError {
        let message = quire_gz_error(file).map { String(cString: $0) } ?? "unknown zlib error"
        let cutShort = message.contains("unexpected end of file")
        return XournalFileError(path: path, reason: cutShort ? "the gzip data is cut short (a truncated file)"
                                                              : "the gzip data is damaged (\(message))")
    }

    private static func failure(_ path: String, errno code: Int32) -> XournalFileError {
        XournalFileError(path: path, reason: code == ENOENT ? "there is no such file" : String(cString: strerror(code)))
    }
}

/// A gzip'ed file written in pieces as they are made, under a temporary name renamed into place by
/// `finish`, so a failed or interrupted write never leaves half a file at the destination.
final class GzipFileWriter {
    let path: String
    private let temporary: String
    private var file: gzFile?

    init(path: String, level: Int = 6) throws {
        self.path = path
        let url = URL(fileURLWithPath: path)
        temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).writing").path
        guard let file = gzopen(temporary, "wb\(min(9, max(1, level)))") else {
            throw XournalFileError(path: path, reason: "cannot write it (\(String(cString: strerror(errno))))")
        }
        self.file = file
    }

    deinit {
        if let file {
            gzclose_w(file)
            unlink(temporary)
        }
    }

    func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let file else { return }
        var done = 0
        while done < bytes.count {
            let count = min(bytes.count - done, 1 << 30)
            let written = gzwrite(file, bytes.baseAddress! + done, UInt32(count))
            guard written > 0 else { throw failure() }
            done += Int(written)
        }
    }

    /// Ends the gzip stream, flushes it to disk and moves the file into place.
    func finish() throws {
        guard let file else { return }
        self.file = nil
        guard gzclose_w(file) == Z_OK else {
            unlink(temporary)
            throw XournalFileError(path: path, reason: "cannot finish writing it (\(String(cString: strerror(errno))))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw XournalFileError(path: path, reason: "cannot move it into place (\(reason))")
        }
    }

    private func failure() -> XournalFileError {
        let message = file.flatMap { quire_gz_error($0) }.map { String(cString: $0) } ?? String(cString: strerror(errno))
        return XournalFileError(path: path, reason: "cannot write it (\(message))")
    }
}
