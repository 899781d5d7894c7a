import Foundation
import QuireDocument
import QuireStorage
import QuireXournal

/// `--xopp FILE`: the pages as one gzip'ed Xournal++ file (`XournalExport`), written under a temporary
/// name and moved into place when complete, so a failure leaves no file (and an existing one as it was).
public struct XoppNotebookExporter: NotebookExporter {
    public init() {}
    public var name: String { "Xournal++ file" }
    public var option: String { "xopp" }
    public var writesFolder: Bool { false }

    public func write(_ pages: ExportedPages, to path: String, settings: ExportSettings,
                      progress: (Int) -> Void) throws -> String {
        let store = pages.store
        let background = XoppPDFBackgroundFile(store: store, xoppPath: path)
        do {
            var export = XournalExport(picture: { try store.blob($0) }, pdfBackground: background.path(for:))
            let writer = try XournalWriter(path: path, creator: settings.creator)
            for index in 0..<pages.count {
                let page = try pages.page(index)
                try PageExportError.naming(page: pages.numbers[index]) { try writer.add(try export.convert(page)) }
                progress(index + 1)
            }
            try writer.finish()
            return ": \(export.summary)" + (background.written.map { "; its PDF pages lie on \($0)" } ?? "")
        } catch {
            background.removeWritten()
            throw error
        }
    }
}

/// The PDF an exported .xopp's pages lie on, written beside it as `FILE.xopp.bg.pdf` the first time a
/// page asks (Xournal++ reads one PDF a file: pages on another PDF are written without it).
final class XoppPDFBackgroundFile {
    private let store: NotebookStore
    private let file: String
    private var blob: BlobID?
    private(set) var written: String?

    init(store: NotebookStore, xoppPath: String) {
        self.store = store
        file = xoppPath + ".bg.pdf"
    }

    func path(for blob: BlobID) throws -> String? {
        if let known = self.blob { return known == blob ? file : nil }
        try Data(store.blob(blob)).write(to: URL(fileURLWithPath: file), options: .atomic)
        self.blob = blob
        written = file
        return file
    }

    /// Takes the PDF away again when the export failed.
    func removeWritten() {
        if let written { try? FileManager.default.removeItem(atPath: written) }
    }
}
