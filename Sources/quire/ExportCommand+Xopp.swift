import Foundation
import QuireApp
import QuireDocument
import QuireStorage
import QuireXournal

extension ExportCommand {
    /// `--xopp FILE`: the pages as one gzip'ed Xournal++ file, written under a temporary name and moved
    /// into place when complete, so a failure leaves no file (and an existing one as it was).
    func exportXopp(store: NotebookStore, pages ids: [PageID], to path: String) throws {
        do {
            var export = XournalExport(picture: { try store.blob($0) })
            let writer = try XournalWriter(path: path, creator: "Quire \(QuireVersion.current)")
            let progress = ProgressBar(total: ids.count, label: "pages")
            for (index, id) in ids.enumerated() {
                try writer.add(try export.convert(try store.loadPage(id)))
                progress.update(index + 1)
            }
            try writer.finish()
            progress.finish()
            print("Wrote \(counted(ids.count, "page")) of \(try store.title) to \(path): \(export.summary)")
        } catch { fail(error) }
    }
}
