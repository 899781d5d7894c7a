import CQPDFOverlay
import Foundation
import QuireDocument

/// The imported PDFs an export keeps as they are (qpdf, through `CQPDFOverlay`): each stored PDF read
/// once, from the notebook's blob, and the export's pages listed in order — an original page with a page
/// of the ink PDF laid over it, or an ink page alone. `write` then puts the original pages, their links
/// and the outline together with the ink into the exported file. A stored PDF qpdf cannot read is
/// reported once and its pages are redrawn as before (poppler onto cairo).
final class OriginalPDFPages {
    private let handle: OpaquePointer
    private let bytes: (BlobID) throws -> [UInt8]
    private let report: (String) -> Void
    private var sources: [BlobID: Int32] = [:]
    private var refused: Set<BlobID> = []
    /// Whether any page added comes from an original: without one the ink PDF is the export as it is.
    private(set) var keepsAny = false
    /// The longest message the shim writes (qpdf's are a line).
    private static let errorCapacity = 1024

    init(bytes: @escaping (BlobID) throws -> [UInt8], report: @escaping (String) -> Void) throws {
        guard let handle = quire_pdf_overlay_create() else {
            throw VectorExportError.drawingFailed(path: "the export", reason: "no memory to keep the original PDF pages")
        }
        self.handle = handle
        self.bytes = bytes
        self.report = report
    }

    deinit {
        quire_pdf_overlay_destroy(handle)
    }

    /// Page `item.pageIndex` of `item`'s stored PDF as the original to keep: which source it is and its
    /// size in points as a viewer shows it (crop box, rotation). Nil when it cannot be kept (the PDF is
    /// unreadable to qpdf, the page is missing or its boxes are unusable): the page is then redrawn.
    func page(for item: PDFPageItem) -> (source: Int32, page: Int32, width: Double, height: Double)? {
        guard let source = source(for: item.document), item.pageIndex >= 0,
              item.pageIndex < Int(quire_pdf_overlay_page_count(handle, source)) else { return nil }
        var width = 0.0, height = 0.0
        let page = Int32(item.pageIndex)
        guard quire_pdf_overlay_page_size(handle, source, page, &width, &height) == 0 else { return nil }
        return (source, page, width, height)
    }

    /// Appends an original page with ink page `inkPage` over it (nil: nothing over it).
    func addOriginal(source: Int32, page: Int32, inkPage: Int?) {
        keepsAny = true
        quire_pdf_overlay_add_page(handle, source, page, Int32(inkPage ?? -1))
    }

    /// Appends ink page `inkPage` as a page of its own.
    func addInkPage(_ inkPage: Int) {
        quire_pdf_overlay_add_page(handle, -1, -1, Int32(inkPage))
    }

    /// Writes the export into `output` from the pages added, the ink read from the finished PDF at
    /// `inkPath`. Throws `cannotWrite` when the file could not be written, `cannotKeepOriginals` when qpdf
    /// failed otherwise (the caller may then redraw every page instead).
    func write(inkPath: String, title: String?, to output: PartialFile) throws {
        var message = [CChar](repeating: 0, count: Self.errorCapacity)
        let status = output.withHandle { file in
            quire_pdf_overlay_write(handle, inkPath, title, file, &message, message.count)
        }
        guard status != 0 else { return }
        let reason = Self.text(message)
        if let failure = output.streamError { throw VectorExportError.cannotWrite(path: output.path, reason: failure) }
        throw VectorExportError.cannotKeepOriginals(path: output.path, reason: reason)
    }

    /// The shim's message: its bytes up to the terminating zero.
    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func source(for blob: BlobID) -> Int32? {
        if let source = sources[blob] { return source }
        guard !refused.contains(blob) else { return nil }
        let name = "the stored PDF \(blob.rawValue.prefix(12))"
        var message = [CChar](repeating: 0, count: Self.errorCapacity)
        do {
            let pdf = try bytes(blob)
            let source = pdf.withUnsafeBufferPointer { buffer in
                quire_pdf_overlay_add_source(handle, name, buffer.baseAddress, buffer.count, &message, message.count)
            }
            guard source >= 0 else {
                refused.insert(blob)
                report("\(name) cannot be copied as it is (qpdf: \(Self.text(message))); its pages are redrawn")
                return nil
            }
            sources[blob] = source
            return source
        } catch {
            // The redrawing reads the blob again and says what is wrong with it.
            refused.insert(blob)
            return nil
        }
    }
}
