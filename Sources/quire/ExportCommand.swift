import ArgumentParser
import Foundation
import QuireApp
import QuireDocument
import QuireImageIO
import QuireRender
import QuireStorage

/// `quire export NOTEBOOK --png DIR`: one PNG per page (`page-001.png`, …), rendered offscreen with
/// headless GL; a progress bar on stderr when it is a terminal. Pages render one after another while
/// others encode (`PageExportPipeline`); an image beyond the GL limits is rendered in tiles.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Write every page of a notebook as PNG.")
    @Argument(help: "The notebook, by title or path.") var notebook: String
    @Option(help: ArgumentHelp("The folder to write page-001.png, page-002.png, … into (made if missing).", valueName: "dir"))
    var png: String
    @Option(help: "Image pixels per page pixel.") var scale: Double = 1
    @Option(help: ArgumentHelp("zlib level for the PNG files: 0 (none, fastest) to 9 (smallest, slowest).", valueName: "0-9"))
    var pngCompression: Int = PNGWriter.fastLevel
    @OptionGroup var library: LibraryOption

    func validate() throws {
        guard scale.isFinite, scale > 0 else {
            throw ValidationError("--scale wants a number of image pixels per page pixel above 0; got \(scale)")
        }
        guard PNGWriter.compressionLevels.contains(pngCompression) else {
            throw ValidationError("--png-compression takes a zlib level from 0 (none, fastest) to 9 (smallest files); "
                                  + "got \(pngCompression)")
        }
    }

    func run() throws {
        let store: NotebookStore
        let pages: [PageSummary]
        let context: HeadlessGLContext
        do {
            store = try library.openForReading(notebook)
            pages = try store.summary().pages
            do { context = try HeadlessGLContext() } catch {
                throw ValidationError("exporting needs OpenGL 3.3 without a window (EGL surfaceless, Mesa): \(error)")
            }
        } catch { fail(error) }
        defer { try? store.close() }
        // Every page's image size is checked before anything is written: a scale too large for any page
        // is a usage error (exit 64), not a half-written folder. Beyond the GL limits pages are tiled.
        for (index, page) in pages.enumerated() {
            do {
                _ = try PageImageSize.tiled(pageWidth: Double(page.size.pixelSize.width),
                                            pageHeight: Double(page.size.pixelSize.height), scale: scale)
            } catch {
                throw ValidationError("--scale \(scale) is too large for page \(index + 1): \(error)")
            }
        }
        do {
            let folder = absolute(png)
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw ValidationError("cannot make the folder \(folder) (\(FileSystemReason.text(for: error))); choose another with --png")
            }
            let pictures = PictureCache(store: store, report: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
            let pipeline = PageExportPipeline(scale: scale, compression: pngCompression,
                                              builder: RenderItemBuilder(pictureDetail: max(1, scale), image: pictures.image))
            let ids = try store.pageIDs()
            let progress = ProgressBar(total: ids.count, label: "pages")
            for (index, id) in ids.enumerated() {
                let page = try store.loadPage(id)
                try pipeline.export(page, to: folder + String(format: "/page-%03d.png", index + 1))
                progress.update(index + 1)
            }
            try pipeline.finish()
            progress.finish()
            withExtendedLifetime(context) {}
            print("Wrote \(counted(ids.count, "page")) of \(try store.title) to \(folder)")
        } catch { fail(error) }
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
