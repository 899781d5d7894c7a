import ArgumentParser
import Foundation
import QuireApp
import QuireDocument
import QuireStorage

/// `quire import NOTEBOOK FILE… [--page N]`: pictures onto a page as photo scraps, or PDFs as new pages;
/// all or none.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Put PNG or JPEG pictures on a page as scraps, or add the pages of PDFs or Xournal++ files.",
        discussion: """
            Each picture becomes a scrap on top of the page, centred, one image pixel to one page pixel, \
            scaled down to fit the page when it is larger; several pictures cascade a little so none hides \
            another. A picture's file is stored in the notebook as it is (a JPEG is not re-encoded), and the \
            same picture imported twice is stored once.

            Each page of a PDF becomes a new page, at the end of the notebook (after page N with --page N), \
            the size and orientation of the PDF page (1 point is 4/3 page pixels; a page larger than 16,000 \
            pixels a side is scaled down to fit, keeping its shape), with the PDF page as its background to \
            write on. The PDF's file is stored in the notebook once, however many pages show it and however \
            often it is imported. The pages of a Xournal++ file (.xopp or .xoj) are added the same way, as \
            `quire import-xopp` reads them. One import takes files of one kind (PDFs, Xournal++ files or \
            pictures): give others in another import. Whether a file is a PDF is read from its first bytes, \
            whether it is a Xournal++ file from its name.

            All or nothing: every file is checked before the notebook is touched, and everything is written \
            in one transaction; if any file is missing, damaged, cut short, encrypted, has no pages or more \
            than 10,000, has a page larger than 14,400 points a side, is not a picture or PDF Quire reads or \
            is larger than 256 MiB, nothing is imported, the notebook is left unchanged and the exit status is 1.
            """)

    @Argument(help: "The notebook, by title or path.") var notebook: String
    @Argument(help: ArgumentHelp("The PNG or JPEG files, in the order they are stacked (the last on top), or the PDF "
                                 + "or Xournal++ files, in the order their pages are added.", valueName: "file"))
    var files: [String]
    @Option(help: ArgumentHelp("The page: its number (1 is the first) or its id. Pictures go onto it (default: the page "
                               + "the notebook was last viewed at in the window, else page 1); a file's pages are added "
                               + "after it (default: at the end).", valueName: "page"))
    var page: String?
    @OptionGroup var library: LibraryOption

    func run() throws {
        do {
            // The notebook must exist, but it is opened only once every file has been read and checked:
            // a bad file leaves it untouched.
            _ = try library.library.resolve(notebook)
            let paths = files.map(absolute)
            let importer = try FileImporters.standard.importer(for: paths)
            let progress = ProgressBar(total: paths.count, label: "\(importer.name)s read")
            let content = try importer.read(paths, progress: progress.update)
            progress.finish()
            switch content {
            case let .pictures(pictures): try place(pictures)
            case let .pages(pages, blobs, summary): try add(pages, blobs: blobs, summary: summary)
            }
        } catch { fail(error) }
    }

    private func place(_ pictures: [PictureFile]) throws {
        let store = try library.openForWriting(notebook)
        let target = try page.map { try pageID($0, in: store) } ?? defaultPage(of: store)
        try PictureImport.place(pictures, into: store, page: target)
        let number = (try store.pageIDs().firstIndex(of: target) ?? 0) + 1
        let title = try store.title
        try store.close()
        print("Imported \(counted(pictures.count, "picture")) onto page \(number) of \(title)")
    }

    private func add(_ pages: [Page], blobs: [BlobBytes], summary: String) throws {
        let store = try library.openForWriting(notebook)
        let existing = try store.pageIDs()
        let index = try page.map { reference in try existing.firstIndex(of: try pageID(reference, in: store)).map { $0 + 1 } ?? existing.count }
        let writing = ProgressBar(total: pages.count, label: "pages")
        try store.insertPages(pages, at: index, storing: blobs, progress: writing.update)
        writing.finish()
        let all = try store.pageIDs()
        let first = (all.firstIndex(of: pages[0].id) ?? 0) + 1
        let title = try store.title
        try store.close()
        let count = pages.count
        print("Imported \(summary) as page\(count == 1 ? " \(first)" : "s \(first)–\(first + count - 1)") "
              + "of \(title) (now \(counted(all.count, "page")))")
    }

    /// The page last shown in the window when the notebook records one still there, else the first.
    private func defaultPage(of store: NotebookStore) throws -> PageID {
        let ids = try store.pageIDs()
        if let viewed = try store.view()?.pageID, ids.contains(viewed) { return viewed }
        guard let first = ids.first else { throw ValidationError("\(store.path) has no pages; `quire pages add` makes one") }
        return first
    }
}
