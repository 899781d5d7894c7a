import Foundation
import QuireImageIO
import QuireRender
import QuireStorage

/// `--png DIR`: one PNG a page (`page-001.png`, …), rendered offscreen with headless GL at the export's
/// scale, pages rendering while others encode (`PageExportPipeline`); an image beyond the GL limits is
/// rendered in tiles.
public struct PNGNotebookExporter: NotebookExporter {
    public init() {}
    public var name: String { "PNG" }
    public var option: String { "png" }
    public var writesFolder: Bool { true }

    /// Every page's image size at the scale, checked before anything is written: a scale too large for a
    /// page is a usage error, not a half-written folder. Beyond the GL limits pages are tiled.
    public func check(_ pages: ExportedPages, settings: ExportSettings) throws {
        let wanted = Dictionary(zip(pages.pageIDs, pages.numbers), uniquingKeysWith: { first, _ in first })
        for page in try pages.store.summary().pages {
            guard let number = wanted[page.id] else { continue }
            do {
                let sides = page.size.clampedSize
                _ = try PageImageSize.tiled(pageWidth: sides.width, pageHeight: sides.height, scale: settings.scale)
            } catch {
                throw ExportRequestError("\(settings.scaleName ?? "the scale \(settings.scale)") is too large for page \(number): \(error)")
            }
        }
    }

    public func write(_ pages: ExportedPages, to folder: String, settings: ExportSettings,
                      progress: (Int) -> Void) throws -> String {
        let context: HeadlessGLContext
        do { context = try HeadlessGLContext() } catch {
            throw ExportRequestError("exporting needs OpenGL 3.3 without a window (EGL surfaceless, Mesa): \(error)")
        }
        let warn = settings.warn
        let pictures = PictureCache(store: pages.store, report: warn)
        // PDF backgrounds are rendered by poppler at the export's own scale, as large as one texture
        // takes (beyond it, on a page tiled past the GL limits, they are stretched from that size).
        let pdfPages = PDFPageCache(store: pages.store, budget: 64 << 20, maximumPixels: PDFPageCache.exportMaximumPixels,
                                    maximumSide: PageImageSize.currentMaximumSide(), report: warn)
        let scale = settings.scale
        let pipeline = PageExportPipeline(scale: scale, compression: settings.pngCompression,
                                          builder: RenderItemBuilder(pictureDetail: max(1, scale), image: pictures.image,
                                                                     pdfDetail: scale, pdfPage: pdfPages.image))
        try writingFolder(folder) { written in
            do {
                for index in 0..<pages.count {
                    let page = try pages.page(index)
                    let file = pageFile(pages.numbers[index], in: folder, extension: "png")
                    // Named as it is handed over: the pipeline encodes and writes it on another thread,
                    // and a failure later must take it away too.
                    written.append(file)
                    try PageExportError.naming(page: pages.numbers[index]) { try pipeline.export(page, to: file) }
                    progress(index + 1)
                }
            } catch {
                // Let the pages handed over finish before their files are taken away.
                try? pipeline.finish()
                throw error
            }
            try pipeline.finish()
        }
        withExtendedLifetime(context) {}
        return ""
    }
}
