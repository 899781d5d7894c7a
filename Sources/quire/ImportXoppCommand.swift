import ArgumentParser
import Foundation
import QuireApp
import QuireStorage
import QuireXournal

/// `quire import-xopp FILE.xopp [--to NOTEBOOK]`: a Xournal++ file's pages into a new notebook titled
/// after the file, or appended to an existing one; all or nothing.
struct ImportXoppCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-xopp", abstract: "Read a Xournal++ file (.xopp) into a notebook.",
        discussion: """
            Each page keeps its size (Xournal++'s points become Quire's 96-dpi page pixels) and its paper: \
            colour, and plain, lined/ruled, graph or dotted pattern. Layers are merged in order. Strokes keep \
            their points, colour and width at every point (pen, highlighter and eraser); pictures become \
            photo scraps. Text, LaTeX pictures and PDF or picture backgrounds are not imported: the summary \
            line counts them.

            All or nothing: the whole file is read and checked before any notebook is touched. A file that \
            is not gzip'ed or plain XML of Xournal++'s format, is damaged or cut short, unpacks to more than \
            \(XournalLimits.maximumXMLBytes >> 20) MiB, has more than \(XournalLimits.maximumPages) pages, \
            \(XournalLimits.maximumPointsPerStroke) points in one stroke or \(XournalLimits.maximumPoints) in \
            all, or holds a number that is not finite, a negative width or a coordinate more than \
            \(Int(XournalLimits.maximumCoordinate)) points off the page, is refused with a message naming \
            the file and the problem, exit status 1, and no notebook is created or changed.
            """)

    @Argument(help: ArgumentHelp("The Xournal++ file.", valueName: "file.xopp")) var file: String
    @Option(help: ArgumentHelp("Append the pages to this notebook (by title or path) instead of making a new one "
                               + "titled after the file.", valueName: "notebook"))
    var to: String?
    @OptionGroup var library: LibraryOption

    func run() throws {
        do {
            let (title, _, imported) = try XoppImport.run(absolute(file), into: to, library: library)
            print("Imported \((file as NSString).lastPathComponent) into \(title): \(imported.summary)")
        } catch { fail(error) }
    }
}

/// The import itself, shared with `quire open FILE.xopp`.
enum XoppImport {
    /// Reads `path` (a progress bar on a terminal), then appends its pages to `notebook`, or makes a new
    /// notebook of them; returns the notebook's title and path, and what was imported.
    static func run(_ path: String, into notebook: String?, library: LibraryOption)
        throws -> (title: String, path: String, imported: XournalImport)
    {
        // The notebook must exist before the file is read, but it is opened only once the file is.
        if let notebook { _ = try library.library.resolve(notebook) }
        var progress: ProgressBar?
        let imported = try XournalImport.read(path) { done, total in
            if progress == nil { progress = ProgressBar(total: total, label: "pages read") }
            progress?.update(done)
        }
        progress?.finish()
        if let notebook {
            let store = try library.openForWriting(notebook)
            try store.appendPages(imported.pages, storing: imported.blobs)
            let title = try store.title
            try store.close()
            return (title, store.path, imported)
        }
        let title = freeTitle(for: path, in: library.library)
        let store = try library.library.create(title: title, pages: imported.pages, blobs: imported.blobs)
        try store.close()
        return (title, store.path, imported)
    }

    /// The file's name without its extension, numbered ("Lecture 2") when a notebook has that title.
    static func freeTitle(for path: String, in library: NotebookLibrary) -> String {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let base = stem.isEmpty ? "Xournal++ notebook" : stem
        let taken = Set(library.entries().map(\.title))
        var title = base
        var n = 2
        while taken.contains(title) {
            title = "\(base) \(n)"
            n += 1
        }
        return title
    }
}
