import Foundation
import QuireApp
import QuireDocument
import QuireStorage
import QuireXournal

extension ExportCommand {
    /// `--xopp FILE`: the pages as one gzip'ed Xournal++ file, written under a temporary name and moved
    /// into place when complete, so a failure leaves no file (and an existing one as it was).
    func exportXopp(store: NotebookStore, pages ids: [PageID], to path: String) throws {
        let background = XoppPDFBackgroundFile(store: store, xoppPath: path)
        do {
            var export = XournalExport(picture: { try store.blob($0) }, pdfBackground: background.path(for:))
            let writer = try XournalWriter(path: path, creator: "Quire \(QuireVersion.current)")
            let progress = ProgressBar(total: ids.count, label: "pages")
            for (index, id) in ids.enumerated() {
                try writer.add(try export.convert(try store.loadPage(id)))
                progress.update(index + 1)
            }
            try writer.finish()
            progress.finish()
            print("Wrote \(counted(ids.count, "page")) of \(try store.title) to \(path): \(export.summary)"
                  + (background.written.map { "; its PDF pages lie on \($0)" } ?? ""))
        } catch {
            background.removeWritten()
            fail(error)
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
