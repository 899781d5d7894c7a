import CCairo
import CDeflateLevel
import QuireDocument
import QuireInk

/// Writes pages into one PDF as vectors (`PageVectorPlan`, drawn by `PageVectorDrawing`), each page its
/// own size: page pixels are 1/96 in and PDF points 1/72 in, so a page is drawn at 0.75 points a
/// pixel. The file is written under a temporary name beside `path` and renamed into place by
/// `finish()`; a writer dropped or failed before then leaves nothing behind.
public final class PDFExportWriter {
    public static let pointsPerPixel = 0.75

    /// The zlib level of what cairo compresses while the writer works (its content streams, which cairo
    /// deflates at zlib's default 6 and has no setting for; `CDeflateLevel`): level 1 spends a third of
    /// the time for a stream about a tenth larger, on pages of handwriting where deflate took a quarter
    /// of the export. Only this thread, and only during `add` and `finish`.
    static let deflateLevel: Int32 = 1

    public let path: String
    private let file: PartialFile
    private let surface: OpaquePointer
    private let context: OpaquePointer
    private let pictures: PictureSurfaces
    private let backgrounds: PDFBackgrounds
    private let registry: InkEngineRegistry
    private var finished = false

    /// `pictures` gives a blob's bytes (PNG or JPEG); `report` hears of a picture that cannot be drawn;
    /// `title` (the notebook's) goes into the document's information.
    public init(path: String, title: String? = nil, registry: InkEngineRegistry = .standard,
                pictures: @escaping (BlobID) throws -> [UInt8], report: @escaping (String) -> Void) throws {
        self.path = path
        self.registry = registry
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
        withDeflateLevel {
            cairo_pdf_surface_set_size(surface, page.size.width * Self.pointsPerPixel, page.size.height * Self.pointsPerPixel)
            cairo_save(context)
            cairo_scale(context, Self.pointsPerPixel, Self.pointsPerPixel)
            PageVectorDrawing(context: context, pictures: pictures, backgrounds: backgrounds).draw(page.plan)
            cairo_restore(context)
            cairo_show_page(context)
        }
        pictures.removeAll()
        try check()
    }

    /// Ends the document and puts the file in place.
    public func finish() throws {
        guard !finished else { return }
        finished = true
        withDeflateLevel { cairo_surface_finish(surface) }
        try check()
        try file.commit()
    }

    /// Runs `body` with this thread's default deflate level at `deflateLevel`, then puts back what it was.
    private func withDeflateLevel(_ body: () -> Void) {
        let previous = quire_default_deflate_level()
        quire_set_default_deflate_level(Self.deflateLevel)
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
