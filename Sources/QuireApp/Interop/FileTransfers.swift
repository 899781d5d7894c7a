import Dispatch
import Foundation
import QuireDocument
import QuireGeometry
import QuireStorage
import QuireX11

/// Files in and out of the window: pictures and PDFs dropped or pasted, the page written as PNG, the
/// notebook as PDF. Each says what it did, or why it did nothing, on the notice line.
final class FileTransfers {
    private let shown: ShownPage
    private let session: NotebookSession
    private let say: @Sendable (String) -> Void
    /// Where the page's PNG goes (`--export`), else a name in the current folder.
    private let exportPath: String?
    /// The formats a drop or a paste may bring.
    private let importers: FileImporters
    /// How the whole notebook is written (`exportNotebookPDF`): the command line's `--pdf`.
    private let notebookExporter: any NotebookExporter = PDFNotebookExporter()
    /// Copy and paste of Quire's own items.
    let items: ItemClipboard
    private var canvas: CanvasController { shown.canvas }

    init(shown: ShownPage, session: NotebookSession, window: X11Window, exportPath: String?, importers: FileImporters = .standard,
         say: @escaping @Sendable (String) -> Void) {
        self.shown = shown
        items = ItemClipboard(shown: shown, session: session, window: window, say: say)
        self.importers = importers
        self.session = session
        self.exportPath = exportPath
        self.say = say
    }

    /// Dropped or pasted files, read by their format (`FileImporters`): pages (PDFs, Xournal++ files) are
    /// added after the page shown, pictures go onto it, centred where they were dropped (window pixels;
    /// nil: in the middle of what the window shows).
    func importFiles(_ paths: [String], centredAt windowPoint: Point?) {
        do {
            switch try importers.read(paths) {
            case let .pictures(pictures): importPictures(centredAt: windowPoint) { pictures }
            case let .pages(pages, blobs, summary): importPages(pages, blobs: blobs, summary: summary)
            }
        } catch {
            say("quire: \(FileSystemReason.text(for: error))")
        }
    }

    /// What the clipboard handed over: another Quire's items, a picture, files or text.
    func paste(_ content: ClipboardContent) {
        switch content {
        case let .quireItems(bytes):
            items.paste(bytes)
        case let .png(bytes), let .jpeg(bytes):
            importPictures(centredAt: nil) { [try PictureFile(bytes: bytes, name: "the clipboard's picture")] }
        case let .files(paths):
            importFiles(paths, centredAt: nil)
        case let .text(text):
            canvas.pasteText(text)
        case let .nothing(reason):
            say("quire: nothing to paste: \(reason)")
        }
    }

    /// Puts pictures on the page as scraps, centred at `windowPoint` and scaled down to fit the part of
    /// the page in view. A picture that cannot be read is reported by name and nothing is added.
    private func importPictures(centredAt windowPoint: Point?, _ read: () throws -> [PictureFile]) {
        do {
            let pictures = try read()
            guard !pictures.isEmpty else { return }
            let visible = canvas.visiblePageRect
            let centre = windowPoint.map(canvas.pagePoint(atWindow:)) ?? visible.center
            guard let (edit, blobs) = PictureImport.edit(placing: pictures, on: canvas.page, visible: visible, centredAt: centre)
            else { return say("quire: the pictures cannot be placed on this page") }
            canvas.finishGesture()
            try session.storePictures(blobs)
            canvas.editor.apply(edit)
            say("Placed \(pictures.count) picture\(pictures.count == 1 ? "" : "s") on the page")
        } catch {
            say("quire: \(FileSystemReason.text(for: error))")
        }
    }

    /// Adds imported pages after the current page and shows the first of them. The files were read and
    /// checked already: a bad one was reported by name and added nothing.
    private func importPages(_ pages: [Page], blobs: [BlobBytes], summary: String) {
        guard !pages.isEmpty else { return }
        guard shown.change({ try session.importPages(pages, blobs: blobs); return true }) else { return }
        say("Added \(summary): \(session.position)")
    }

    /// Writes the page as the window shows it, with everything drawn so far, as PNG.
    func exportPage() {
        let path = exportPath ?? PageExporter.defaultPath()
        do {
            try PageExporter.write(try shown.pageImage(), to: path)
            say("Wrote the page to \(path)")
        } catch {
            say("quire: could not write the page: \(error)")
        }
    }

    /// Writes the whole notebook as a vector PDF in the current folder, on another thread: the window
    /// keeps drawing, and the notice line says when it is written (or why not). The pages are read here
    /// first, so the PDF is the notebook as it is at the key press.
    func exportNotebookPDF() {
        session.flushSaves()
        let store = session.store
        let title = session.title
        let pages: [Page]
        do {
            pages = try store.pageIDs().map { try store.loadPage($0) }
        } catch {
            return say("quire: could not read the notebook to write it as PDF: \(FileSystemReason.text(for: error))")
        }
        let path = PageExporter.defaultPDFPath(title: title)
        let say = self.say
        say("Writing \(pages.count) page\(pages.count == 1 ? "" : "s") of \(title) to \(path)…")
        let exported = ExportedPages(store: store, title: title, pages: pages)
        var settings = ExportSettings()
        settings.warn = { say("quire: \($0)") }
        let exporter = notebookExporter
        DispatchQueue.global(qos: .userInitiated).async { [settings] in
            do {
                _ = try exporter.write(exported, to: path, settings: settings, progress: { _ in })
                say("quire: wrote \(title) as PDF to \(path)")
            } catch {
                say("quire: could not write the PDF: \(FileSystemReason.text(for: error))")
            }
        }
    }
}
