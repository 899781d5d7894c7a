import Foundation

/// Reads a file given to an import (a picture or a PDF) whole, checking it on the opened file before a
/// byte is read or allocated for: a folder, a FIFO (reading one would wait for a writer forever), a
/// device, an empty file or one past `limit` bytes is refused, the reason in words for the caller's own
/// error (`what` names what the file should be: "picture file", "PDF").
enum ImportedFileBytes {
    struct Refusal: Error {
        var reason: String
    }

    static func read(_ path: String, what: String, limit: Int, limitNote: String) throws(Refusal) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer; the type check
        // below then refuses it without reading.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw refusal(errno: errno) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw refusal(errno: errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw Refusal(reason: "it is a folder, not a \(what)")
        case S_IFIFO: throw Refusal(reason: "it is a named pipe (FIFO), not a \(what)")
        default: throw Refusal(reason: "it is a device or socket, not a \(what)")
        }
        let size = Int(status.st_size)
        guard size > 0 else { throw Refusal(reason: "the file is empty") }
        guard size <= limit else {
            throw Refusal(reason: "the file is \(size) bytes, more than the \(limit >> 20) MiB \(limitNote)")
        }
        return try read(fd, count: size)
    }

    /// The first bytes of the file at `path` (up to 1,024: enough for any format to tell itself by);
    /// nil when it cannot be read or is not a file with bytes (reading it whole says why).
    static func head(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var head = [UInt8](repeating: 0, count: 1024)
        let got = head.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
        guard got > 0 else { return nil }
        return Array(head.prefix(got))
    }

    /// `%PDF-` within the first 1,024 bytes.
    static func startsAsPDF(_ bytes: [UInt8]) -> Bool {
        let marker = Array("%PDF-".utf8)
        let end = min(bytes.count, 1024)
        guard end >= marker.count else { return false }
        return (0...(end - marker.count)).contains { bytes[$0..<($0 + marker.count)].elementsEqual(marker) }
    }

    /// Exactly `count` bytes from `fd`; a file that shrank while being read is an error, and one that
    /// grew is read only as far as it was when checked.
    private static func read(_ fd: Int32, count: Int) throws(Refusal) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, count - done) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw refusal(errno: errno) }
            guard got > 0 else { throw Refusal(reason: "the file shrank while it was read") }
            done += got
        }
        return bytes
    }

    private static func refusal(errno code: Int32) -> Refusal {
        Refusal(reason: code == ENOENT ? "there is no such file" : String(cString: strerror(code)))
    }
}
