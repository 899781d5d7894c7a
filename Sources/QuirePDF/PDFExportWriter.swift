import CCairo
import CDeflateLevel
import QuireDocument
import QuireInk

/// Writes pages into one PDF as vectors (`PageVectorPlan`, drawn by `PageVectorDrawing`), each page its
/// own size: page pixels are 1/96 in and PDF points 1/72 in, so a page is drawn at 0.75 points a
/// pixel. The file is written under a temporary name beside `path` and renamed into place by
/// `finish()`; a writer dropped or failed before then leaves nothing behind.
///
/// A page printed on an imported PDF page keeps that page as it is (`keepOriginalPages`): its own
/// objects, text, fonts and links, at its own size, crop box and rotation, with the rest of the page
/// (ink, scraps, pictures) drawn by cairo as a page of its own and laid over it; the document keeps the
/// outline, page labels and metadata of the PDF most pages come from (`OriginalPDFPages`). Cairo then
/// writes an ink PDF under a temporary name first and qpdf the export from it and the originals. The
/// paper under such a page is not drawn: on screen the PDF page is shown opaque, on white, as a viewer
/// shows it.
public final class PDFExportWriter {
    public static let pointsPerPixel = 0.75

    /// The zlib level of what cairo compresses while the writer works (its content streams, which cairo
    /// deflates at zlib's default 6 and has no setting for; `CDeflateLevel`): level 1 spends a third of
    /// the time for a stream about a tenth larger, on pages of handwriting where deflate took a quarter
    /// of the export. Only this thread, and only during `add` and `finish`.
    static let deflateLevel: Int32 = 1
    /// The level for a page with erasers (`PageVectorPlan.erasedGroups`). What lies under each eraser's
    /// group is a stream of its own, deflated apart from the page's other streams, and there the file's
    /// size is what gives out first: at zlib's 6 the drill page (100 strokes, 25 of them erasers) is
    /// 85 KiB instead of 101 KiB, 1.9 instead of 2.2 times Xournal++'s, for a sixth more of its time.
    static let erasedPageDeflateLevel: Int32 = 6

    public let path: String
    private let file: PartialFile
    private let surface: OpaquePointer
    private let context: OpaquePointer
    private let pictures: PictureSurfaces
    private let backgrounds: PDFBackgrounds
    private let registry: InkEngineRegistry
    private let title: String?
    /// Nil when original pages are not kept: every page is drawn by cairo into the file itself.
    private let originals: OriginalPDFPages?
    /// How many pages cairo has written.
    private var inkPages = 0
    private var finished = false

    /// `pictures` gives a blob's bytes (PNG, JPEG or PDF); `report` hears of a picture that cannot be
    /// drawn; `title` (the notebook's) goes into the document's information. With `keepOriginalPages`
    /// false every page is redrawn, imported PDF pages too (poppler onto cairo), as `finish` failing
    /// with `VectorExportError.cannotKeepOriginals` suggests.
    public init(path: String, title: String? = nil, registry: InkEngineRegistry = .standard, keepOriginalPages: Bool = true,
                pictures: @escaping (BlobID) throws -> [UInt8], report: @escaping (String) -> Void) throws {
        self.path = path
        self.registry = registry
        self.title = title
        originals = keepOriginalPages ? try OriginalPDFPages(bytes: pictures, report: report) : nil
        file = try PartialFile(path: path)
        // The first page's size is set when it is added.
        guard let surface = cairo_pdf_surface_create_for_stream(PartialFile.cairoWrite, file.cairoClosure, 612, 792) else {
            throw VectorExportError.drawingFailed(path: path, reason: "cairo could not start a PDF")
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            let reason = String(cString: cairo_status_to_string(cairo_surface_status(surface)))
            cairo_surface_destroy(surface)
            throw VectorExportError.drawingFailed(path: path, reason: "cairo could not start a PDF: \(reason)")
        }
        guard let context = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw VectorExportError.drawingFailed(path: path, reason: "cairo could not start drawing")
        }
        self.surface = surface
        self.context = context
        self.pictures = PictureSurfaces(bytes: pictures, report: report)
        backgrounds = PDFBackgrounds(bytes: pictures, report: report)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Quire")
        if let title { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title) }
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
        file.discard()
    }

    /// Adds `page` (`number` names it in messages).
    public func add(_ page: Page, number: Int) throws {
        try add(PreparedVectorPage(page, number: number, registry: registry))
    }

    /// Adds a page prepared beforehand, perhaps on another thread (`PreparedAhead`).
    public func add(_ page: PreparedVectorPage) throws {
        let drawing = PageVectorDrawing(context: context, pictures: pictures, backgrounds: backgrounds)
        if let originals, let item = page.printedOn, let original = originals.page(for: item) {
            guard !page.plan.stepsOverPaper.isEmpty else {
                originals.addOriginal(source: original.source, page: original.page, inkPage: nil)
                return
            }
            // The ink page is the original's shown size; the page's drawing is stretched onto it (the
            // import kept the original's shape, so this is one scale unless the page was resized).
            var scaleX = original.width / page.size.width, scaleY = original.height / page.size.height
            if abs(scaleX - scaleY) <= 1e-6 * scaleX { scaleY = scaleX }
            drawInkPage(width: original.width, height: original.height, scaleX: scaleX, scaleY: scaleY, level: level(page)) {
                drawing.drawOverPaper(page.plan)
            }
            originals.addOriginal(source: original.source, page: original.page, inkPage: inkPages - 1)
        } else {
            let scale = Self.pointsPerPixel
            drawInkPage(width: page.size.width * scale, height: page.size.height * scale, scaleX: scale, scaleY: scale, level: level(page)) {
                drawing.draw(page.plan)
            }
            originals?.addInkPage(inkPages - 1)
        }
        pictures.removeAll()
        try check()
    }

    /// Ends the document and puts the file in place. Throws `VectorExportError.cannotKeepOriginals` when
    /// qpdf could not put the original pages in (nothing is left at `path`).
    public func finish() throws {
        guard !finished else { return }
        finished = true
        withDeflateLevel { cairo_surface_finish(surface) }
        try check()
        guard let originals, originals.keepsAny else {
            try file.commit()
            return
        }
        try file.close()
        let output = try PartialFile(path: path)
        try originals.write(inkPath: file.temporaryPath, title: title, to: output)
        try output.commit()
        file.discard()
    }

    private func level(_ page: PreparedVectorPage) -> Int32 {
        page.plan.erasedGroups > 0 ? Self.erasedPageDeflateLevel : Self.deflateLevel
    }

    /// One page of `width` × `height` points from cairo, `draw` seeing page pixels scaled by `scaleX`,
    /// `scaleY`, its streams deflated at `level`.
    private func drawInkPage(width: Double, height: Double, scaleX: Double, scaleY: Double, level: Int32, _ draw: () -> Void) {
        withDeflateLevel(level) {
            cairo_pdf_surface_set_size(surface, width, height)
            cairo_save(context)
            cairo_scale(context, scaleX, scaleY)
            draw()
            cairo_restore(context)
            cairo_show_page(context)
        }
        inkPages += 1
    }

    /// Runs `body` with this thread's default deflate level at `level`, then puts back what it was.
    private func withDeflateLevel(_ level: Int32 = deflateLevel, _ body: () -> Void) {
        let previous = quire_default_deflate_level()
        quire_set_default_deflate_level(level)
        defer { quire_set_default_deflate_level(previous) }
        body()
    }

    private func check() throws {
        if let reason = file.writeError { throw VectorExportError.cannotWrite(path: path, reason: reason) }
        let status = cairo_status(context) != CAIRO_STATUS_SUCCESS ? cairo_status(context) : cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw VectorExportError.drawingFailed(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
    }
}
