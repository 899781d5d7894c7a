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
    /// never remove its temporary file. The next page is read and prepared on another thread while
    /// cairo writes this one (`preparedPages`); a page that cannot be read or drawn ends the export
    /// there, with no file written.
    private func writePDF(store: NotebookStore, pages ids: [PageID], to file: String) throws {
        let numbers = try pageNumbers(ids, in: store)
        let writer = try PDFExportWriter(path: file, title: try store.title, pictures: { try store.blob($0) },
                                         report: Self.warn)
        let progress = ProgressBar(total: ids.count, label: "pages")
        defer { progress.finish() }
        let pages = preparedPages(ids, numbered: numbers, from: store)
        defer { pages.cancel() }
        var written = 0
        while let page = try pages.next() {
            try writer.add(page)
            written += 1
            progress.update(written)
        }
        try writer.finish()
    }

    /// The pages read from `store` and prepared for drawing, in order, one or two ahead of the writer.
    private func preparedPages(_ ids: [PageID], numbered numbers: [Int], from store: NotebookStore) -> PreparedAhead<PreparedVectorPage> {
        PreparedAhead(count: ids.count) { index in
            try PreparedVectorPage(try store.loadPage(ids[index]), number: numbers[index])
        }
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
            let pages = preparedPages(ids, numbered: numbers, from: store)
            defer { pages.cancel() }
            var written = 0
            while let page = try pages.next() {
                try writer.write(page, to: folder + String(format: "/page-%03d.svg", page.number))
                written += 1
                progress.update(written)
            }
            progress.finish()
            print("Wrote \(counted(ids.count, "page")) of \(try store.title) to \(folder)")
        } catch { fail(error) }
    }

    private static func warn(_ message: String) {
        FileHandle.standardError.write(Data("quire: warning: \(message)\n".utf8))
    }
}
