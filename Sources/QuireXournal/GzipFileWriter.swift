import CZlib
import Foundation

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
