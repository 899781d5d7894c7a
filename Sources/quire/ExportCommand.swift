import ArgumentParser
import Foundation
import QuireApp
import QuireDocument
import QuireImageIO
import QuireStorage

/// `quire export NOTEBOOK --png DIR [--pages 1-5] [--scale S | --dpi D]`: one PNG per page
/// (`page-001.png`, …); `--pdf FILE` the pages in one PDF and `--svg DIR` one SVG a page, as vectors;
/// `--xopp FILE` a Xournal++ file. Each format is a `NotebookExporter` (QuireApp/Interop), the same the
/// window's exports use; each is one option here naming where its pages go, exactly one is given
/// (`destination`), and `--pages` picks the pages for any of them. A progress bar on stderr when it is
/// a terminal.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Write a notebook's pages as PNG, PDF, SVG or a Xournal++ file.")
    @Argument(help: "The notebook, by title or path.") var notebook: String
    @Option(help: ArgumentHelp("The folder to write page-001.png, page-002.png, … into (made if missing).", valueName: "dir"))
    var png: String?
    @Option(help: ArgumentHelp("The PDF file to write the pages into, as vectors.", valueName: "file"))
    var pdf: String?
    @Option(help: ArgumentHelp("The folder to write page-001.svg, page-002.svg, … into, as vectors (made if missing).",
                               valueName: "dir"))
    var svg: String?
    @Option(help: ArgumentHelp("The Xournal++ file (.xopp, gzip'ed) to write the pages to, for Xournal++ 1.1 and later: "
                               + "strokes with their widths, pictures of scraps that are not turned (whole, not clipped "
                               + "to a cut outline), pages on an imported PDF on that PDF (written beside it as "
                               + "FILE.xopp.bg.pdf); turned pictures and text are left out and counted.",
                               valueName: "file"))
    var xopp: String?
    @Option(help: ArgumentHelp("The pages to write, numbered from 1: 3, 1-5, 2,4,7-9 or 10- (default: all).", valueName: "pages"))
    var pages: String?
    @Option(help: "PNG pixels per page pixel (default 1; a page pixel is 1/96 inch).") var scale: Double?
    @Option(help: ArgumentHelp("PNG pixels per inch of paper, instead of --scale (96 is --scale 1).", valueName: "dpi"))
    var dpi: Double?
    @Option(help: ArgumentHelp("zlib level for the PNG files: 0 (none, fastest) to 9 (smallest, slowest).", valueName: "0-9"))
    var pngCompression: Int = PNGWriter.fastLevel
    @OptionGroup var library: LibraryOption

    /// The format options, flag and value, in the order `--help` lists them: one for each of
    /// `NotebookExporters.standard`, whose `option` names it.
    private var destinations: [(flag: String, value: String?)] {
        [("--png", png), ("--pdf", pdf), ("--svg", svg), ("--xopp", xopp)]
    }

    /// The format asked for and where its pages go: exactly one format option is given.
    func destination() throws -> (exporter: any NotebookExporter, path: String) {
        let given = destinations.filter { $0.value != nil }
        guard given.count == 1, let chosen = given.first, let path = chosen.value else {
            let flags = destinations.map(\.flag).joined(separator: ", ")
            throw ValidationError(given.isEmpty ? "say where the pages go: one of \(flags)"
                                                : "give one of \(flags), not \(given.map(\.flag).joined(separator: " and "))")
        }
        guard let exporter = NotebookExporters.standard.exporter(option: String(chosen.flag.dropFirst(2))) else {
            throw ValidationError("\(chosen.flag) names no format Quire writes")
        }
        return (exporter, absolute(path))
    }

    /// PNG pixels per page pixel, from --scale or --dpi.
    var pixelScale: Double { dpi.map { $0 / 96 } ?? scale ?? 1 }

    func validate() throws {
        let destination = try destination()
        _ = try pages.map(PageRange.init(parsing:))
        if !(destination.exporter is PNGNotebookExporter), scale != nil || dpi != nil || pngCompression != PNGWriter.fastLevel {
            throw ValidationError("--scale, --dpi and --png-compression are for --png; PDF, SVG and Xournal++ pages are vectors")
        }
        if scale != nil, dpi != nil {
            throw ValidationError("give --scale or --dpi, not both (--dpi 96 is --scale 1)")
        }
        if let scale, !(scale.isFinite && scale > 0) {
            throw ValidationError("--scale wants a number of image pixels per page pixel above 0; got \(scale)")
        }
        if let dpi, !(dpi.isFinite && dpi > 0) {
            throw ValidationError("--dpi wants a number of image pixels per inch above 0; got \(dpi)")
        }
        guard PNGWriter.compressionLevels.contains(pngCompression) else {
            throw ValidationError("--png-compression takes a zlib level from 0 (none, fastest) to 9 (smallest files); "
                                  + "got \(pngCompression)")
        }
    }

    func run() throws {
        let store: NotebookStore
        let ids: [PageID]
        do {
            store = try library.openForReading(notebook)
        } catch { fail(error) }
        defer { try? store.close() }
        // A range past the end is the caller's mistake (exit 64); only reading the notebook can fail here.
        do { ids = try selectedPages(of: store) } catch let error as ValidationError { throw error } catch { fail(error) }
        let (exporter, path) = try destination()
        var settings = ExportSettings()
        settings.scale = pixelScale
        settings.scaleName = dpi.map { "--dpi \($0)" } ?? "--scale \(pixelScale)"
        settings.pngCompression = pngCompression
        settings.creator = "Quire \(QuireVersion.current)"
        settings.warn = { FileHandle.standardError.write(Data("quire: warning: \($0)\n".utf8)) }
        let exported: ExportedPages
        do { exported = try ExportedPages(store: store, ids: ids) } catch { fail(error) }
        // What was asked for is checked before anything is written: a problem there is the caller's
        // (exit 64), not a half-written folder.
        do { try exporter.check(exported, settings: settings) } catch let error as ExportRequestError {
            throw ValidationError(error.description)
        } catch { fail(error) }
        let progress = ProgressBar(total: ids.count, label: "pages")
        let detail: String
        do {
            detail = try exporter.write(exported, to: path, settings: settings, progress: progress.update)
        } catch {
            progress.finish()
            fail(error)
        }
        progress.finish()
        print("Wrote \(counted(ids.count, "page")) of \(exported.title) to \(path)\(detail)")
    }

    /// The ids of the pages `--pages` names (all when it is not given), checked against the notebook.
    private func selectedPages(of store: NotebookStore) throws -> [PageID] {
        let all = try store.pageIDs()
        guard let pages else { return all }
        return try PageRange(parsing: pages).indices(pageCount: all.count).map { all[$0] }
    }
}

/// `[#######.............]  35/100 pages` on stderr, redrawn in place; only on a terminal, so logs and
/// pipes get no control characters.
final class ProgressBar {
    private let total: Int
    private let label: String
    private let enabled = isatty(STDERR_FILENO) == 1
    private var shown = -1

    init(total: Int, label: String) {
        self.total = total
        self.label = label
    }

    func update(_ done: Int) {
        guard enabled, total > 1 else { return }
        let width = 30
        let filled = total == 0 ? width : done * width / total
        guard filled != shown || done == total else { return }
        shown = filled
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total) \(label)".utf8))
    }

    func finish() {
        guard enabled, total > 1 else { return }
        FileHandle.standardError.write(Data("\n".utf8))
    }
}
