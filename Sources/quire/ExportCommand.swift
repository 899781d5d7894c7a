import ArgumentParser
import Foundation
import QuireApp
import QuireDocument
import QuireImageIO
import QuirePDF
import QuireRender
import QuireStorage
import QuireXournal

/// `quire export NOTEBOOK --png DIR [--pages 1-5] [--scale S | --dpi D]`: one PNG per page
/// (`page-001.png`, …), rendered offscreen with headless GL; a progress bar on stderr when it is a
/// terminal. `--pdf FILE` writes the pages into one PDF and `--svg DIR` one SVG a page, as vectors
/// (`ExportCommand+Vector.swift`). Pages render one after another while others encode (`PageExportPipeline`); an image beyond
/// the GL limits is rendered in tiles. Each output format is one option naming where it goes; exactly
/// one is given (`destination`), and `--pages` picks the pages for any of them.
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

    /// Where the pages go, one case per format.
    enum Destination {
        case png(folder: String)
        case pdf(file: String)
        case svg(folder: String)
        case xopp(file: String)
    }

    /// The format options, flag and value, in the order `--help` lists them.
    private var destinations: [(flag: String, value: String?)] {
        [("--png", png), ("--pdf", pdf), ("--svg", svg), ("--xopp", xopp)]
    }

    func destination() throws -> Destination {
        let given = destinations.filter { $0.value != nil }
        guard given.count == 1, let chosen = given.first, let path = chosen.value else {
            let flags = destinations.map(\.flag).joined(separator: ", ")
            throw ValidationError(given.isEmpty ? "say where the pages go: one of \(flags)"
                                                : "give one of \(flags), not \(given.map(\.flag).joined(separator: " and "))")
        }
        switch chosen.flag {
        case "--pdf": return .pdf(file: absolute(path))
        case "--svg": return .svg(folder: absolute(path))
        case "--xopp": return .xopp(file: absolute(path))
        default: return .png(folder: absolute(path))
        }
    }

    /// PNG pixels per page pixel, from --scale or --dpi.
    var pixelScale: Double { dpi.map { $0 / 96 } ?? scale ?? 1 }

    func validate() throws {
        let destination = try destination()
        _ = try pages.map(PageRange.init(parsing:))
        if case .png = destination {} else if scale != nil || dpi != nil || pngCompression != PNGWriter.fastLevel {
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
        switch try destination() {
        case let .png(folder): try exportPNG(store: store, pages: ids, to: folder)
        case let .pdf(file): exportPDF(store: store, pages: ids, to: file)
        case let .svg(folder): exportSVG(store: store, pages: ids, to: folder)
        case let .xopp(file): try exportXopp(store: store, pages: ids, to: file)
        }
    }

    /// The ids of the pages `--pages` names (all when it is not given), checked against the notebook.
    private func selectedPages(of store: NotebookStore) throws -> [PageID] {
        let all = try store.pageIDs()
        guard let pages else { return all }
        return try PageRange(parsing: pages).indices(pageCount: all.count).map { all[$0] }
    }

    private func exportPNG(store: NotebookStore, pages ids: [PageID], to folder: String) throws {
        let scale = pixelScale
        let scaleName = dpi.map { "--dpi \($0)" } ?? "--scale \(scale)"
        let sizes: [PageSummary]
        let context: HeadlessGLContext
        do {
            let wanted = Set(ids)
            sizes = try store.summary().pages.filter { wanted.contains($0.id) }
            do { context = try HeadlessGLContext() } catch {
                throw ValidationError("exporting needs OpenGL 3.3 without a window (EGL surfaceless, Mesa): \(error)")
            }
        } catch { fail(error) }
        // Every page's image size is checked before anything is written: a scale too large for any page is
        // a usage error (exit 64), not a half-written folder. Beyond the GL limits pages are tiled.
        for page in sizes {
            do {
                _ = try PageImageSize.tiled(pageWidth: Double(page.size.pixelSize.width),
                                            pageHeight: Double(page.size.pixelSize.height), scale: scale)
            } catch {
                let number = try pageNumbers([page.id], in: store)[0]
                throw ValidationError("\(scaleName) is too large for page \(number): \(error)")
            }
        }
        do {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw ValidationError("cannot make the folder \(folder) (\(FileSystemReason.text(for: error))); choose another with --png")
            }
            let report: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
            let pictures = PictureCache(store: store, report: report)
            // PDF backgrounds are rendered by poppler at the export's own scale, as large as one texture
            // takes (beyond it, on a page tiled past the GL limits, they are stretched from that size).
            let pdfPages = PDFPageCache(store: store, budget: 64 << 20, maximumPixels: PDFPageCache.exportMaximumPixels,
                                        maximumSide: PageImageSize.currentMaximumSide(), report: report)
            let pipeline = PageExportPipeline(scale: scale, compression: pngCompression,
                                              builder: RenderItemBuilder(pictureDetail: max(1, scale), image: pictures.image,
                                                                         pdfDetail: scale, pdfPage: pdfPages.image))
            let numbers = try pageNumbers(ids, in: store)
            let progress = ProgressBar(total: ids.count, label: "pages")
            for (index, id) in ids.enumerated() {
                let page = try store.loadPage(id)
                try pipeline.export(page, to: folder + String(format: "/page-%03d.png", numbers[index]))
                progress.update(index + 1)
            }
            try pipeline.finish()
            progress.finish()
            withExtendedLifetime(context) {}
            print("Wrote \(counted(ids.count, "page")) of \(try store.title) to \(folder)")
        } catch { fail(error) }
    }
}

/// The 1-based numbers of `ids` in the notebook, which name their files (page-003.png is page 3
/// whichever pages were asked for).
func pageNumbers(_ ids: [PageID], in store: NotebookStore) throws -> [Int] {
    // One pass over the notebook's pages, not a search per page: exports take up to 10,000 pages.
    let numbers = Dictionary(try store.pageIDs().enumerated().map { ($1, $0 + 1) }, uniquingKeysWith: { first, _ in first })
    return ids.map { numbers[$0] ?? 1 }
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
