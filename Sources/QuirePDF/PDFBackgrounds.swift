import QuireDocument
import QuireGeometry

/// The PDF pages imported pages lie on, for an export: each stored PDF read once by poppler (from the
/// notebook's blob) and kept for the whole export, each page drawn onto the export's cairo context as
/// the PDF's own vectors. A stored PDF that cannot be read is reported once and its pages left as
/// paper; the rest of the export goes on.
final class PDFBackgrounds {
    private let bytes: (BlobID) throws -> [UInt8]
    private let report: (String) -> Void
    private var documents: [BlobID: PDFDocument] = [:]
    private var refused: Set<BlobID> = []

    init(bytes: @escaping (BlobID) throws -> [UInt8], report: @escaping (String) -> Void) {
        self.bytes = bytes
        self.report = report
    }

    /// Draws `item`'s PDF page into its rectangle on `context` (page pixels).
    func draw(_ item: PDFPageItem, on context: OpaquePointer) {
        guard let document = document(for: item.document) else { return }
        guard document.pageSizes.indices.contains(item.pageIndex) else {
            report("a page shows page \(item.pageIndex + 1) of a stored PDF that has \(document.pageCount); it is left as paper")
            return
        }
        document.draw(page: item.pageIndex, in: item.rect, on: context)
    }

    private func document(for blob: BlobID) -> PDFDocument? {
        if let document = documents[blob] { return document }
        guard !refused.contains(blob) else { return nil }
        do {
            let document = try PDFDocument(bytes: try bytes(blob), name: "the stored PDF \(blob.rawValue.prefix(12))")
            documents[blob] = document
            return document
        } catch {
            refused.insert(blob)
            report("\(error); its pages are left as paper")
            return nil
        }
    }
}
