import CCairo
import Foundation
import QuireGeometry
import QuireImageIO

/// A PDF read by poppler: its pages' sizes, each page rendered to pixels, and (inside this target) drawn
/// onto a cairo context as vectors. Opening checks everything a caller will allocate from — the file's
/// size, the page count, every page's size — so a damaged, encrypted or absurd file is a `PDFError`
/// naming it, before anything else happens. Poppler's objects are not safe to use from two threads at
/// once, so every use goes through one lock; a document may be shared between threads.
public final class PDFDocument: @unchecked Sendable {
    /// The name used in messages (the file's path, or what the bytes came from).
    public let name: String
    /// Sizes in PDF points (1/72 in), as the page is shown: a page rotated by its /Rotate is landscape.
    public let pageSizes: [(width: Double, height: Double)]

    /// Larger PDFs are refused before they are read: far beyond any paper or book people annotate.
    public static let maximumBytes = 1 << 30
    public static let maximumPages = 10_000
    /// The longest side of a page, in points: PDF's own implementation limit (200 in).
    public static let maximumPageSide = 14_400.0
    /// Rendered images are refused beyond these, before their pixels are allocated (as pictures are).
    public static let maximumRenderSide = 32_768
    public static let maximumRenderPixels = 120_000_000

    private let document: OpaquePointer
    private let lock = NSLock()

    /// Reads the PDF in `bytes`; `name` is how messages call it.
    public init(bytes: [UInt8], name: String) throws {
        guard bytes.count <= Self.maximumBytes else {
            throw PDFError.tooLarge(name: name, bytes: bytes.count, limit: Self.maximumBytes)
        }
        guard bytes.starts(with: Array("%PDF".utf8)) || Self.headerWithinPreamble(bytes) else {
            throw PDFError.notPDF(name: name)
        }
        let glibBytes = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(glibBytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let document = poppler_document_new_from_bytes(glibBytes, nil, &error) else {
            let code = error?.pointee.code
            let reason = GLibError(taking: error)?.message ?? "poppler could not read it"
            if code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) { throw PDFError.encrypted(name: name) }
            throw PDFError.unreadable(name: name, reason: reason)
        }
        self.document = document
        self.name = name
        let count = Int(poppler_document_get_n_pages(document))
        var sizes: [(width: Double, height: Double)] = []
        do {
            guard count > 0 else { throw PDFError.noPages(name: name) }
            guard count <= Self.maximumPages else {
                throw PDFError.tooManyPages(name: name, pages: count, limit: Self.maximumPages)
            }
            sizes.reserveCapacity(count)
            for index in 0..<count {
                guard let page = poppler_document_get_page(document, Int32(index)) else {
                    throw PDFError.unreadable(name: name, reason: "page \(index + 1) cannot be read")
                }
                var width = 0.0, height = 0.0
                poppler_page_get_size(page, &width, &height)
                g_object_unref(UnsafeMutableRawPointer(page))
                guard width.isFinite, height.isFinite, width >= 1, height >= 1,
                      width <= Self.maximumPageSide, height <= Self.maximumPageSide else {
                    throw PDFError.badPageSize(name: name, page: index + 1, width: width, height: height)
                }
                sizes.append((width, height))
            }
        } catch {
            g_object_unref(UnsafeMutableRawPointer(document))
            throw error
        }
        pageSizes = sizes
    }

    /// Reads the PDF file at `path` (its size is checked before it is read).
    public convenience init(contentsOf path: String) throws {
        let size: Int
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch {
            throw PDFError.unreadable(name: path, reason: "cannot read it (\((error as NSError).localizedDescription))")
        }
        guard size <= Self.maximumBytes else { throw PDFError.tooLarge(name: path, bytes: size, limit: Self.maximumBytes) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PDFError.unreadable(name: path, reason: "cannot read it")
        }
        try self.init(bytes: [UInt8](data), name: path)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(document))
    }

    public var pageCount: Int { pageSizes.count }

    /// The pixel size `render(page:scale:)` makes for page `index` at `scale` pixels per point.
    public func renderSize(page index: Int, scale: Double) -> (width: Int, height: Int) {
        let size = pageSizes[index]
        return (max(1, Int((size.width * scale).rounded())), max(1, Int((size.height * scale).rounded())))
    }

    /// Page `index` (0-based) as straight-alpha RGBA on white, `scale` pixels per point (72 dpi × scale).
    /// The page fills the image (`renderSize`, whole pixels): where the page is no whole number of pixels
    /// at the scale, it is stretched that little, as an image laid on a page item's rectangle wants. With
    /// `exactly`, it is drawn at `scale` itself and cut at its edge, as Quire's PNG export draws a page.
    public func render(page index: Int, scale: Double, exactly: Bool = false) throws -> RGBAImage {
        guard pageSizes.indices.contains(index) else {
            throw PDFError.noSuchPage(name: name, page: index + 1, pages: pageCount)
        }
        guard scale.isFinite, scale > 0 else { throw PDFError.badScale(name: name, scale: scale) }
        let size = pageSizes[index]
        let wantedWidth = size.width * scale, wantedHeight = size.height * scale
        guard wantedWidth <= Double(Self.maximumRenderSide), wantedHeight <= Double(Self.maximumRenderSide),
              wantedWidth * wantedHeight <= Double(Self.maximumRenderPixels) else {
            throw PDFError.renderTooLarge(name: name, page: index + 1, width: wantedWidth, height: wantedHeight)
        }
        let (width, height) = renderSize(page: index, scale: scale)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw PDFError.renderFailed(name: name, page: index + 1, reason: "no memory for a \(width)×\(height) image")
        }
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)
        defer { cairo_destroy(context) }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        if exactly {
            cairo_scale(context, scale, scale)
        } else {
            cairo_scale(context, Double(width) / size.width, Double(height) / size.height)
        }
        guard withPage(index, { page in poppler_page_render(page, context) }) != nil else {
            throw PDFError.renderFailed(name: name, page: index + 1, reason: "poppler cannot read the page")
        }
        cairo_surface_flush(surface)
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw PDFError.renderFailed(name: name, page: index + 1, reason: String(cString: cairo_status_to_string(status)))
        }
        return Self.rgbaImage(from: surface, width: width, height: height)
    }

    /// The text on page `index` as poppler reads it (what a viewer's search finds), lines in reading
    /// order; empty for a page without text or one poppler cannot give.
    public func text(ofPage index: Int) -> String {
        withPage(index) { page -> String in
            guard let text = poppler_page_get_text(page) else { return "" }
            defer { g_free(text) }
            return String(cString: text)
        } ?? ""
    }

    /// Where `text` is on page `index` (poppler's search: any case, as a viewer's), each place a
    /// rectangle in points from the page's top left, in reading order.
    public func find(_ text: String, onPage index: Int) -> [Rect] {
        guard !text.isEmpty, index >= 0, index < pageSizes.count else { return [] }
        let height = pageSizes[index].height
        return withPage(index) { page -> [Rect] in
            var rects: [Rect] = []
            var list = poppler_page_find_text(page, text)
            let head = list
            while let node = list {
                if let rect = node.pointee.data?.assumingMemoryBound(to: PopplerRectangle.self).pointee {
                    // poppler's y grows up from the page's bottom.
                    rects.append(Rect(x: rect.x1, y: height - max(rect.y1, rect.y2), width: abs(rect.x2 - rect.x1), height: abs(rect.y2 - rect.y1)))
                }
                list = node.pointee.next
            }
            if let head {
                var node: UnsafeMutablePointer<GList>? = head
                while let current = node {
                    if let data = current.pointee.data { poppler_rectangle_free(data.assumingMemoryBound(to: PopplerRectangle.self)) }
                    node = current.pointee.next
                }
                g_list_free(head)
            }
            return rects
        } ?? []
    }

    /// Runs `body` with poppler's page `index` under the document's lock (for drawing onto cairo); nil
    /// when poppler cannot give the page (every page was read once when the document was opened).
    @discardableResult
    func withPage<Result>(_ index: Int, _ body: (OpaquePointer) -> Result) -> Result? {
        lock.lock()
        defer { lock.unlock() }
        guard let page = poppler_document_get_page(document, Int32(index)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        return body(page)
    }

    /// Cairo's ARGB32 is premultiplied, native-endian (B, G, R, A in memory here); RGBAImage is straight.
    private static func rgbaImage(from surface: OpaquePointer, width: Int, height: Int) -> RGBAImage {
        let stride = Int(cairo_image_surface_get_stride(surface))
        let source = cairo_image_surface_get_data(surface)!
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = source + y * stride
                for x in 0..<width {
                    let b = row[x * 4], g = row[x * 4 + 1], r = row[x * 4 + 2], a = row[x * 4 + 3]
                    let o = (y * width + x) * 4
                    if a == 255 || a == 0 {
                        out[o] = r; out[o + 1] = g; out[o + 2] = b
                    } else {
                        out[o] = UInt8((Int(r) * 255 + Int(a) / 2) / Int(a))
                        out[o + 1] = UInt8((Int(g) * 255 + Int(a) / 2) / Int(a))
                        out[o + 2] = UInt8((Int(b) * 255 + Int(a) / 2) / Int(a))
                    }
                    out[o + 3] = a
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// PDF readers accept a header within the first 1,024 bytes (some files start with junk).
    private static func headerWithinPreamble(_ bytes: [UInt8]) -> Bool {
        let marker = Array("%PDF-".utf8)
        let end = min(bytes.count, 1024)
        guard end >= marker.count else { return false }
        for start in 0...(end - marker.count) where bytes[start..<(start + marker.count)].elementsEqual(marker) {
            return true
        }
        return false
    }
}
