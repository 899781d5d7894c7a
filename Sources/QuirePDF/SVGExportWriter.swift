import CCairo
import QuireDocument
import QuireInk

/// Writes one page as an SVG file of vectors (`PageVectorPlan`, drawn by `PageVectorDrawing`): its size
/// in CSS pixels, which are page pixels (width="816px", viewBox="0 0 816 1056" for a letter page),
/// pictures embedded as data (a JPEG as its own bytes), text boxes as `<text>` (`SVGTextElements`) in
/// their place among the rest (`SVGTextMarker`), where cairo would draw their glyphs as outlines. Written
/// under a temporary name and renamed into place when complete.
public struct SVGExportWriter {
    public let registry: InkEngineRegistry
    private let pictures: PictureSurfaces
    private let backgrounds: PDFBackgrounds

    public init(registry: InkEngineRegistry = .standard, pictures: @escaping (BlobID) throws -> [UInt8],
                report: @escaping (String) -> Void) {
        self.registry = registry
        self.pictures = PictureSurfaces(bytes: pictures, report: report)
        backgrounds = PDFBackgrounds(bytes: pictures, report: report)
    }

    /// Writes `page` to `path` (`number` names it in messages).
    public func write(_ page: Page, number: Int, to path: String) throws {
        try write(PreparedVectorPage(page, number: number, registry: registry), to: path)
    }

    /// Writes a page prepared beforehand, perhaps on another thread (`PreparedAhead`), to `path`.
    public func write(_ page: PreparedVectorPage, to path: String) throws {
        let file = try PartialFile(path: path)
        let stream = SVGStream(texts: PageVectorDrawing.texts(of: page.plan.steps)) { file.write($0.baseAddress, count: $0.count) }
        let statuses = try SVGSurfaceDrawing.draw(width: page.size.width, height: page.size.height, write: SVGStream.cairoWrite,
                                                  closure: stream.cairoClosure, path: path) { context in
            PageVectorDrawing(context: context, pictures: pictures, backgrounds: backgrounds, marksText: true).draw(page.plan)
        }
        pictures.removeAll()
        if statuses[1] == CAIRO_STATUS_SUCCESS { _ = stream.finish() }
        if let reason = file.writeError { throw VectorExportError.cannotWrite(path: path, reason: reason) }
        try SVGSurfaceDrawing.check(statuses, path: path)
        try file.commit()
    }
}
