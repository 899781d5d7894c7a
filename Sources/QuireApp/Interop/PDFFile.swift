import Foundation
import QuireDocument
import QuirePDF
import QuireStorage

/// A PDF file read whole and opened by poppler: its bytes (stored in the notebook as they are) and its
/// pages' sizes. Everything a page is made from is checked here, before the notebook is touched: the
/// file's type and size, that poppler reads it, that it is not encrypted, and its page count and every
/// page's size (`PDFDocument`).
public struct PDFFile: Sendable {
    public var path: String
    public var bytes: [UInt8]
    /// Each page's size in PDF points, as shown (a page turned by its /Rotate is landscape).
    public var pageSizes: [(width: Double, height: Double)]

    /// The largest PDF file read: what a notebook stores as one blob.
    public static let maximumSize = NotebookStore.maximumBlobSize

    public init(path: String) throws {
        let bytes: [UInt8]
        do {
            bytes = try ImportedFileBytes.read(path, what: "PDF", limit: Self.maximumSize, limitNote: "a notebook stores as one PDF")
        } catch {
            throw ImportError(path: path, reason: error.reason)
        }
        try self.init(bytes: bytes, name: path)
    }

    /// Checks a PDF's bytes that came from elsewhere; `name` says where, in errors.
    public init(bytes: [UInt8], name: String) throws {
        guard bytes.count <= Self.maximumSize else {
            throw ImportError(path: name, reason: "it is \(bytes.count) bytes, more than the \(Self.maximumSize >> 20) MiB "
                                 + "a notebook stores as one PDF")
        }
        path = name
        self.bytes = bytes
        do {
            // Poppler's messages name the file by its last component: the error already names the path.
            pageSizes = try PDFDocument(bytes: bytes, name: (name as NSString).lastPathComponent).pageSizes
        } catch {
            throw ImportError(path: name, reason: "\(error)")
        }
    }

    /// The blob the notebook stores: the file's own bytes.
    public var blob: BlobBytes { BlobBytes(bytes, kind: .pdf) }
}
