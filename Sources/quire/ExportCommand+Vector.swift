import ArgumentParser
import Foundation
import QuireDocument
import QuirePDF
import QuireStorage

/// `--pdf FILE` and `--svg DIR`: the pages as vectors, drawn by QuirePDF with cairo. Pictures come from
/// the notebook's blobs; one that cannot be read is reported and its items show their ink only, as in
/// PNG exports. Every file is written under a temporary name and renamed into place when whole.
extension ExportCommand {
    func exportPDF(store: NotebookStore, pages ids: [PageID], to file: String) {
        do {
            try writePDF(store: store, pages: ids, to: file)
            print("Wrote \(counted(ids.count, "page")) of \(try store.title) to \(file)")
        } catch { fail(error) }
    }

    /// The writer lives only in here: `fail` exits the process, so a writer still held there would
    /// never remove its temporary file.
    private func writePDF(store: NotebookStore, pages ids: [PageID], to file: String) throws {
        let numbers = try pageNumbers(ids, in: store)
        let writer = try PDFExportWriter(path: file, title: try store.title, pictures: { try store.blob($0) },
                                         report: Self.warn)
        let progress = ProgressBar(total: ids.count, label: "pages")
        defer { progress.finish() }
        for (index, id) in ids.enumerated() {
            try writer.add(try store.loadPage(id), number: numbers[index])
            progress.update(index + 1)
        }
        try writer.finish()
    }

    func exportSVG(store: NotebookStore, pages ids: [PageID], to folder: String) {
        do {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw ValidationError("cannot make the folder \(folder) (\(FileSystemReason.text(for: error))); choose another with --svg")
            }
            let numbers = try pageNumbers(ids, in: store)
            let writer = SVGExportWriter(pictures: { try store.blob($0) }, report: Self.warn)
            let progress = ProgressBar(total: ids.count, label: "pages")
            for (index, id) in ids.enumerated() {
                try writer.write(try store.loadPage(id), number: numbers[index],
                                 to: folder + String(format: "/page-%03d.svg", numbers[index]))
                progress.update(index + 1)
            }
            progress.finish()
            print("Wrote \(counted(ids.count, "page")) of \(try store.title) to \(folder)")
        } catch { fail(error) }
    }

    private static func warn(_ message: String) {
        FileHandle.standardError.write(Data("quire: warning: \(message)\n".utf8))
    }
}
