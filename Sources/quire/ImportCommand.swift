import ArgumentParser
import Foundation
import QuireApp
import QuireDocument
import QuireStorage

/// `quire import NOTEBOOK FILE… [--page N]`: pictures onto a page as photo scraps, all or none.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Put PNG or JPEG pictures on a page as scraps.",
        discussion: """
            Each picture becomes a scrap on top of the page, centred, one image pixel to one page pixel, \
            scaled down to fit the page when it is larger; several pictures cascade a little so none hides \
            another. A picture's file is stored in the notebook as it is (a JPEG is not re-encoded), and the \
            same picture imported twice is stored once.

            All or nothing: every file is checked before the notebook is touched; if any is missing, not a \
            PNG or JPEG picture, damaged or larger than 256 MiB, nothing is imported, the notebook is left \
            unchanged and the exit status is 1. PDF files are not pictures (PDF import comes later).
            """)

    @Argument(help: "The notebook, by title or path.") var notebook: String
    @Argument(help: ArgumentHelp("The PNG or JPEG files, in the order they are stacked (the last on top).", valueName: "file"))
    var files: [String]
    @Option(help: ArgumentHelp("The page: its number (1 is the first) or its id (default: the page the notebook was "
                               + "last viewed at in the window, else page 1).", valueName: "page"))
    var page: String?
    @OptionGroup var library: LibraryOption

    func run() throws {
        do {
            // The notebook must exist, but it is opened only once every picture has been read and
            // checked: a bad file leaves it untouched.
            _ = try library.library.resolve(notebook)
            let progress = ProgressBar(total: files.count, label: "pictures read")
            let pictures = try PictureImport.read(files.map(absolute), progress: progress.update)
            progress.finish()
            let store = try library.openForWriting(notebook)
            let target = try page.map { try pageID($0, in: store) } ?? defaultPage(of: store)
            try PictureImport.place(pictures, into: store, page: target)
            let number = (try store.pageIDs().firstIndex(of: target) ?? 0) + 1
            let title = try store.title
            try store.close()
            print("Imported \(counted(pictures.count, "picture")) onto page \(number) of \(title)")
        } catch { fail(error) }
    }

    /// The page last shown in the window when the notebook records one still there, else the first.
    private func defaultPage(of store: NotebookStore) throws -> PageID {
        let ids = try store.pageIDs()
        if let viewed = try store.view()?.pageID, ids.contains(viewed) { return viewed }
        guard let first = ids.first else { throw ValidationError("\(store.path) has no pages; `quire pages add` makes one") }
        return first
    }
}
