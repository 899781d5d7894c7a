import ArgumentParser
import Foundation
import QuireApp
import QuireDocument
import QuireStorage

/// `quire list`: the notebooks in the library.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the notebooks in the library.")
    @OptionGroup var library: LibraryOption

    func run() throws {
        let entries = library.library.entries()
        if entries.isEmpty {
            print("No notebooks in \(library.library.directory); `quire new TITLE` makes one.")
        }
        for entry in entries {
            print("\(entry.title)\t\(counted(entry.pageCount, "page"))\t\(entry.path)")
        }
    }
}

/// `quire new TITLE`: a notebook with one blank page.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "new", abstract: "Create a notebook with one blank page.")
    @Argument(help: "The notebook's title.") var title: String
    @Option(help: ArgumentHelp("letter or a4.", valueName: "paper")) var paper: String = "letter"
    @Flag(help: "Turn the first page landscape.") var landscape = false
    @Option(help: ArgumentHelp("blank, ruled, grid or dotted.", valueName: "pattern")) var background: String = "blank"
    @Flag(help: "Endless pages: each grows down and to the right as you draw near its edge (to 16,000 px a side).")
    var endless = false
    @OptionGroup var library: LibraryOption

    func run() throws {
        guard let pattern = PageBackground.Pattern(rawValue: background) else {
            throw ValidationError("--background wants blank, ruled, grid or dotted; got '\(background)'")
        }
        let sizes = ["letter": PageSize.letter, "a4": PageSize.a4]
        guard let size = sizes[paper.lowercased()] else { throw ValidationError("--paper wants letter or a4; got '\(paper)'") }
        let page = Page(size: size.turned(to: landscape ? .landscape : .portrait), background: PageBackground(pattern: pattern))
        do {
            let store = try library.library.create(title: title, pages: [page])
            if endless { try store.setEndless(true) }
            try store.close()
            print("Created \(store.path)\(endless ? " (endless pages)" : "")")
        } catch { fail(error) }
    }
}

/// `quire rename NOTEBOOK TITLE`.
struct RenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Give a notebook a new title.")
    @Argument(help: "The notebook, by title or path.") var notebook: String
    @Argument(help: "Its new title.") var title: String
    @OptionGroup var library: LibraryOption

    func run() throws {
        do {
            try NotebookLibrary.checkTitle(title)
            let store = try library.openForWriting(notebook)
            try store.rename(to: title)
            try store.close()
            print("Renamed \(store.path) to '\(title)'")
        } catch { fail(error) }
    }
}

/// `quire duplicate NOTEBOOK [TITLE]`.
struct DuplicateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "duplicate", abstract: "Copy a notebook, ink and all.")
    @Argument(help: "The notebook, by title or path.") var notebook: String
    @Argument(help: "The copy's title (default: TITLE copy).") var title: String?
    @OptionGroup var library: LibraryOption

    func run() throws {
        do {
            let source = try library.openForReading(notebook)
            let name = try title ?? "\(source.title) copy"
            let path = source.path
            try source.close()
            let copy = try library.library.duplicate(path, title: name)
            try copy.close()
            print("Created \(copy.path)")
        } catch { fail(error) }
    }
}

/// `quire delete NOTEBOOK`: to the library's trash folder.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete",
                                                    abstract: "Move a notebook to the library's .trash folder (move it back to restore it).")
    @Argument(help: "The notebook, by title or path.") var notebook: String
    @OptionGroup var library: LibraryOption

    func run() throws {
        do {
            // Open for writing first: a notebook open in the window is not pulled from under it.
            let store = try library.openForWriting(notebook)
            try store.close()
            let trashed = try library.library.trash(store.path)
            print("Moved \(store.path) to \(trashed)")
        } catch { fail(error) }
    }
}

/// `quire info NOTEBOOK [--json]`: pages, strokes and other items per page, bounds.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "info", abstract: "Describe a notebook's pages, ink and scraps.")
    @Argument(help: "The notebook, by title or path.") var notebook: String
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var library: LibraryOption

    struct Report: Encodable {
        struct Bounds: Encodable { var x, y, width, height: Double }
        struct PageReport: Encodable {
            var number: Int
            var id: String
            var width, height: Double
            var orientation: String
            var background: PageBackground
            var strokes: Int
            /// Every item on the page by kind (strokes included; a scrap's own items count with it).
            var items: [String: Int]
            var bounds: Bounds?
            /// The page's scraps, bottom first (`ScrapReport`).
            var scraps: [ScrapReport]
            /// The page's text boxes, bottom first (`TextReport`).
            var texts: [TextReport]
            /// How many steps of the page's stored history undo and redo can take.
            var undo: Int
            var redo: Int
        }
        var title: String
        var id: String
        var path: String
        /// Whether its pages grow as ink comes near their edge (`quire new --endless`).
        var endless: Bool
        var strokes: Int
        var items: Int
        var pages: [PageReport]
        /// How many of the notebook's page changes (pages added, deleted, moved, sent) undo and redo can take.
        var pageChanges: Depth
        struct Depth: Encodable { var undo, redo: Int }
    }

    func run() throws {
        do {
            let store = try library.openForReading(notebook)
            let summary = try store.summary()
            // Only pages that have scraps or text are read whole, so a notebook of ink stays quick to describe.
            let whole = try summary.pages.map { page in
                (page.itemCounts["scrap"] ?? 0) + (page.itemCounts["text"] ?? 0) > 0 ? try store.loadPage(page.id) : nil
            }
            let scraps = whole.map { $0.map(ScrapReport.all) ?? [] }
            let texts = whole.map { $0.map(TextReport.all) ?? [] }
            let depths = try store.historyDepths()
            let pageChanges = try store.notebookHistoryDepth()
            let endless = try store.isEndless
            try store.close()
            let pages = summary.pages.enumerated().map { index, page in
                Report.PageReport(number: index + 1, id: page.id.rawValue, width: page.size.width, height: page.size.height,
                                  orientation: page.size.orientation.rawValue, background: page.background,
                                  strokes: page.strokeCount, items: page.itemCounts,
                                  bounds: page.inkBounds.isNull ? nil : .init(x: page.inkBounds.minX, y: page.inkBounds.minY,
                                                                              width: page.inkBounds.width, height: page.inkBounds.height),
                                  scraps: scraps[index], texts: texts[index], undo: depths[page.id]?.undo ?? 0, redo: depths[page.id]?.redo ?? 0)
            }
            let report = Report(title: summary.title, id: summary.id, path: store.path, endless: endless,
                                strokes: pages.reduce(0) { $0 + $1.strokes },
                                items: pages.reduce(0) { $0 + $1.items.values.reduce(0, +) }, pages: pages,
                                pageChanges: .init(undo: pageChanges.undo, redo: pageChanges.redo))
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                print(String(decoding: try encoder.encode(report), as: UTF8.self))
            } else {
                print("\(report.title) — \(counted(report.pages.count, report.endless ? "endless page" : "page")), "
                      + "\(counted(report.strokes, "stroke")) — \(report.path)")
                for page in report.pages {
                    let bounds = page.bounds.map { String(format: "ink %.0f,%.0f %.0f×%.0f", $0.x, $0.y, $0.width, $0.height) } ?? "no ink"
                    let others = page.items.filter { $0.key != "stroke" }.sorted { $0.key < $1.key }
                        .map { ", \(counted($0.value, $0.key))" }.joined()
                        + (page.scraps.isEmpty ? "" : " (\(page.scraps.reduce(0) { $0 + $1.strokes }) strokes on scraps)")
                    print(String(format: "  %3d  %@ %.0f×%.0f %@, %d strokes%@, %@", page.number, page.orientation,
                                 page.width, page.height, page.background.pattern.rawValue, page.strokes, others, bounds))
                }
            }
        } catch { fail(error) }
    }
}

/// Turns a 1-based page number (or a page id) into the page's id.
func pageID(_ reference: String, in store: NotebookStore) throws -> PageID {
    let ids = try store.pageIDs()
    if let number = Int(reference) {
        guard ids.indices.contains(number - 1) else {
            throw ValidationError("\(store.path) has pages 1 to \(ids.count); there is no page \(number)")
        }
        return ids[number - 1]
    }
    guard let id = ids.first(where: { $0.rawValue == reference }) else {
        throw NotebookFileError.noSuchPage(path: store.path, page: reference)
    }
    return id
}

/// The hidden drill the crash test kills (see `AutosaveDrill`).
struct AutosaveDrillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "autosave-drill", abstract: "Test drill: autosave numbered strokes.",
                                                    shouldDisplay: false)
    @Argument var path: String
    @Option var first: Int = 1
    @Option var count: Int = 100
    @Option var pauseMilliseconds: Double = 2
    @Option(help: "Undo stroke N right after drawing it when N is a multiple of this (0: never).") var undoEvery: Int = 0

    func run() throws {
        do {
            try AutosaveDrill.run(path: absolute(path), first: first, count: count, pause: pauseMilliseconds / 1000,
                                  undoEvery: undoEvery) { line in
                print(line)
                fflush(nil)
            }
        } catch { fail(error) }
    }
}
