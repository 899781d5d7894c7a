import Foundation
import QuireImageIO
import QuireStorage

/// A picture file read whole and checked: its bytes (kept as given: a JPEG is stored as the camera
/// wrote it, never re-encoded) and what its headers say. Nothing is decoded.
public struct PictureFile: Sendable {
    public var path: String
    public var bytes: [UInt8]
    public var info: ImageInfo

    /// The largest picture file read: what a notebook stores as one blob.
    public static let maximumSize = NotebookStore.maximumBlobSize

    /// Reads and probes the file at `path`. The file's type and size are checked on the opened file
    /// before a byte is read or allocated for: a folder, a FIFO (reading one would wait for a writer
    /// forever), a device or a file past `maximumSize` is refused with a `PictureImportError` saying
    /// so, as is a file that is not a PNG or JPEG picture Quire reads.
    public init(path: String) throws {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer; the type check
        // below then refuses it without reading.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw Self.error(path, errno: errno) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw Self.error(path, errno: errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw PictureImportError(path: path, reason: "it is a folder, not a picture file")
        case S_IFIFO: throw PictureImportError(path: path, reason: "it is a named pipe (FIFO), not a picture file")
        default: throw PictureImportError(path: path, reason: "it is a device or socket, not a picture file")
        }
        let size = Int(status.st_size)
        guard size > 0 else { throw PictureImportError(path: path, reason: "the file is empty") }
        guard size <= Self.maximumSize else {
            throw PictureImportError(path: path, reason: "the file is \(size) bytes, more than the \(Self.maximumSize >> 20) MiB "
                                     + "a notebook stores as one picture")
        }
        try self.init(bytes: try Self.read(fd, count: size, path: path), name: path)
    }

    /// Checks a picture's bytes that came from elsewhere (the clipboard); `name` says where, in errors.
    public init(bytes: [UInt8], name: String) throws {
        path = name
        guard !bytes.isEmpty else { throw PictureImportError(path: name, reason: "it holds no bytes") }
        guard bytes.count <= Self.maximumSize else {
            throw PictureImportError(path: name, reason: "it is \(bytes.count) bytes, more than the \(Self.maximumSize >> 20) MiB "
                                     + "a notebook stores as one picture")
        }
        self.bytes = bytes
        if bytes.starts(with: Array("%PDF-".utf8)) {
            throw PictureImportError(path: name, reason: "it is a PDF, not a PNG or JPEG picture (PDF import comes with a later Quire)")
        }
        do {
            info = try ImageFile.probe(bytes)
        } catch {
            // ImageError says what is wrong in words of its own ("neither a PNG nor a JPEG", "cut short").
            throw PictureImportError(path: name, reason: "\(error)")
        }
        guard info.uprightWidth > 0, info.uprightHeight > 0 else {
            throw PictureImportError(path: name, reason: "the picture has no pixels")
        }
        // A header that reads says nothing of the data after it: a file cut short or damaged further in
        // would be stored and then show as a broken picture. Decoding it small reads all of its image
        // data (for a JPEG at a fraction of a full decode's cost, through libjpeg's DCT scaling) and
        // refuses such a file here, before the notebook is touched.
        do {
            _ = try ImageFile.decode(bytes, fittingIn: Self.checkSide)
        } catch {
            throw PictureImportError(path: name, reason: "\(error)")
        }
    }

    /// The size the check decodes to: small, so the check costs little memory and time.
    public static let checkSide = 256

    /// The blob the notebook stores: the file's own bytes, of the kind its headers say.
    public var blob: BlobBytes {
        BlobBytes(bytes, kind: info.format == .jpeg ? .jpeg : .png)
    }

    /// Exactly `count` bytes from `fd`; a file that shrank while being read is an error, and one that
    /// grew is read only as far as it was when checked.
    private static func read(_ fd: Int32, count: Int, path: String) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, count - done) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw error(path, errno: errno) }
            guard got > 0 else { throw PictureImportError(path: path, reason: "the file shrank while it was read") }
            done += got
        }
        return bytes
    }

    private static func error(_ path: String, errno code: Int32) -> PictureImportError {
        let reason = code == ENOENT ? "there is no such file" : String(cString: strerror(code))
        return PictureImportError(path: path, reason: reason)
    }
}
