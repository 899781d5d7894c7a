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

    /// Reads and probes the file at `path`. The file's type and size are checked before a byte is read
    /// (`ImportedFileBytes`): a folder, a FIFO, a device or a file past `maximumSize` is refused with a
    /// `ImportError` saying so, as is a file that is not a PNG or JPEG picture Quire reads.
    public init(path: String) throws {
        let bytes: [UInt8]
        do {
            bytes = try ImportedFileBytes.read(path, what: "picture file", limit: Self.maximumSize,
                                               limitNote: "a notebook stores as one picture")
        } catch {
            throw ImportError(path: path, reason: error.reason)
        }
        try self.init(bytes: bytes, name: path)
    }

    /// Checks a picture's bytes that came from elsewhere (the clipboard); `name` says where, in errors.
    public init(bytes: [UInt8], name: String) throws {
        path = name
        guard !bytes.isEmpty else { throw ImportError(path: name, reason: "it holds no bytes") }
        guard bytes.count <= Self.maximumSize else {
            throw ImportError(path: name, reason: "it is \(bytes.count) bytes, more than the \(Self.maximumSize >> 20) MiB "
                                     + "a notebook stores as one picture")
        }
        self.bytes = bytes
        if ImportedFileBytes.startsAsPDF(bytes) {
            throw ImportError(path: name, reason: "it is a PDF, not a PNG or JPEG picture (a PDF is imported as pages of its own)")
        }
        do {
            info = try ImageFile.probe(bytes)
        } catch {
            // ImageError says what is wrong in words of its own ("neither a PNG nor a JPEG", "cut short").
            throw ImportError(path: name, reason: "\(error)")
        }
        guard info.uprightWidth > 0, info.uprightHeight > 0 else {
            throw ImportError(path: name, reason: "the picture has no pixels")
        }
        // A header that reads says nothing of the data after it: a file cut short or damaged further in
        // would be stored and then show as a broken picture. Decoding it small reads all of its image
        // data (for a JPEG at a fraction of a full decode's cost, through libjpeg's DCT scaling) and
        // refuses such a file here, before the notebook is touched.
        do {
            _ = try ImageFile.decode(bytes, fittingIn: Self.checkSide)
        } catch {
            throw ImportError(path: name, reason: "\(error)")
        }
    }

    /// The size the check decodes to: small, so the check costs little memory and time.
    public static let checkSide = 256

    /// The blob the notebook stores: the file's own bytes, of the kind its headers say.
    public var blob: BlobBytes {
        BlobBytes(bytes, kind: info.format == .jpeg ? .jpeg : .png)
    }
}
