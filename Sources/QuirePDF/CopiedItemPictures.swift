import CCairo
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk

/// Copied items as other programs take them from the clipboard: a PNG of them as shown on the page
/// (turned as they lie, transparent outside a scrap's outline), at the resolution of the picture they
/// show, and an SVG of the same. Drawn with cairo from the items' vectors (`PageVectorPlan`, as the PDF
/// and SVG exports draw), on any thread: nothing here touches GL.
public struct CopiedItemPictures: Sendable {
    /// The most pixels a copied PNG has (a 40-megapixel photo at its own detail); more is drawn smaller.
    public static let maximumPixels = 40_000_000
    /// Its longest side, for programs that cannot take more.
    public static let maximumSide = 16_000
    /// Pixels per page pixel for items that show no picture: sharp on a high-density screen.
    public static let plainScale = 2.0

    public let items: [PageItem]
    /// The items' page area, which the pictures cover.
    public let bounds: Rect
    /// Output pixels per page pixel of the PNG.
    public let scale: Double
    private let registry: InkEngineRegistry
    private let pictures: @Sendable (BlobID) throws -> [UInt8]

    /// Nil when the items cover no finite area.
    public init?(_ items: [PageItem], registry: InkEngineRegistry = .standard,
                 pictures: @escaping @Sendable (BlobID) throws -> [UInt8]) {
        let bounds = items.reduce(Rect.null) { $0.union($1.bounds) }
        guard !bounds.isNull, bounds.width.isFinite, bounds.height.isFinite, bounds.width > 0, bounds.height > 0 else { return nil }
        self.items = items
        self.bounds = bounds
        self.registry = registry
        self.pictures = pictures
        let wanted = items.compactMap(Self.pictureDetail).max() ?? Self.plainScale
        let fit = min(Double(Self.maximumSide) / bounds.width, Double(Self.maximumSide) / bounds.height,
                      (Double(Self.maximumPixels) / (bounds.width * bounds.height)).squareRoot())
        scale = max(min(wanted, fit), min(1, fit))
    }

    /// The PNG's size in pixels.
    public var pixelSize: (width: Int, height: Int) {
        (max(1, Int((bounds.width * scale).rounded(.up))), max(1, Int((bounds.height * scale).rounded(.up))))
    }

    /// A picture's own pixels per page pixel where an item shows it: a scrap's or placed picture's detail.
    static func pictureDetail(of item: PageItem) -> Double? {
        let reference: ImageReference, corners: [Point]
        switch item.content {
        case let .scrap(scrap):
            guard let image = scrap.image else { return nil }
            reference = image.reference
            corners = Quadrilateral(image.rect).corners.compactMap(scrap.transform.apply)
        case let .image(image):
            reference = image.image
            corners = image.corners.corners
        default:
            return nil
        }
        guard corners.count == 4 else { return nil }
        let across = corners[0].distance(to: corners[1]), down = corners[0].distance(to: corners[3])
        guard across > 0, down > 0 else { return nil }
        let detail = max(Double(reference.pixelWidth) / across, Double(reference.pixelHeight) / down)
        return detail.isFinite ? detail : nil
    }

    /// The items laid on a page of their own bounds' size, their bounds' corner at its origin.
    private func plan() throws -> PageVectorPlan {
        let shift = Homography(AffineTransform.translation(-bounds.minX, -bounds.minY))
        let moved = items.compactMap { $0.transformed(by: shift) }
        let size = PageSize(width: min(PageSize.maximumSide, max(PageSize.minimumSide, bounds.width)),
                            height: min(PageSize.maximumSide, max(PageSize.minimumSide, bounds.height)))
        return PageVectorPlan(Page(size: size, items: moved), registry: registry)
    }

    /// Above this many pixels the PNG is stored uncompressed: deflating a 12-megapixel photo takes a
    /// second of one core (its pixels barely compress), storing it a tenth of that, and every program
    /// reads a stored PNG. Smaller pictures are compressed at the exports' fast level.
    public static let storedAbovePixels = 4_000_000

    /// The PNG: transparent where nothing is drawn. cairo's pixels are unpremultiplied where they lie
    /// and handed to libpng as they are (blue first): no converted copy of a 12-megapixel picture is
    /// made, which was a sixth of the time to the PNG.
    public func png() throws -> [UInt8] {
        let level = { (pixels: Int) in pixels > Self.storedAbovePixels ? 0 : PNGWriter.fastLevel }
        #if _endian(little)
        let (surface, width, height) = try drawSurface(scale: scale)
        defer { cairo_surface_destroy(surface) }
        guard let data = cairo_image_surface_get_data(surface) else {
            throw VectorExportError.drawingFailed(path: "the clipboard", reason: "cairo kept no pixels for a \(width)×\(height) picture")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let opaque = Self.unpremultiplyInPlace(data, width: width, height: height, stride: stride)
        let writer = try PNGWriter(path: nil, width: width, height: height, channels: opaque ? .rgb : .rgba,
                                   level: level(width * height), blueFirst: true)
        try writer.write(rows: UnsafeRawBufferPointer(start: data, count: stride * height), count: height, stride: stride)
        return try writer.finish()
        #else
        let image = try render(scale: scale)
        let writer = try PNGWriter(path: nil, width: image.width, height: image.height, channels: image.isOpaque ? .rgb : .rgba,
                                   level: level(image.width * image.height))
        try writer.write(image)
        return try writer.finish()
        #endif
    }

    /// The items drawn to fit a `side` × `side` square (a thumbnail), transparent where nothing is drawn.
    public func image(fitting side: Double) throws -> RGBAImage {
        try render(scale: max(1e-3, min(side / bounds.width, side / bounds.height)))
    }

    /// The items drawn at `scale` output pixels per page pixel (within the size limits), straight RGBA.
    private func render(scale wanted: Double) throws -> RGBAImage {
        let (surface, width, height) = try drawSurface(scale: wanted)
        defer { cairo_surface_destroy(surface) }
        return Self.straightRGBA(surface, width: width, height: height)
    }

    /// The items drawn by cairo at `scale` output pixels per page pixel (within the size limits), on a
    /// surface the caller destroys.
    private func drawSurface(scale wanted: Double) throws -> (surface: OpaquePointer, width: Int, height: Int) {
        let scale = min(wanted, self.scale)
        let width = max(1, Int((bounds.width * scale).rounded(.up))), height = max(1, Int((bounds.height * scale).rounded(.up)))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw VectorExportError.drawingFailed(path: "the clipboard", reason: "cairo could not make a \(width)×\(height) picture")
        }
        var handedOver = false
        defer { if !handedOver { cairo_surface_destroy(surface) } }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
            throw VectorExportError.drawingFailed(path: "the clipboard", reason: "cairo could not make a \(width)×\(height) picture")
        }
        cairo_scale(context, scale, scale)
        let surfaces = PictureSurfaces(bytes: pictures, report: { _ in })
        PageVectorDrawing(context: context, pictures: surfaces, backgrounds: PDFBackgrounds(bytes: pictures, report: { _ in }))
            .drawOverPaper(try plan())
        let status = cairo_status(context)
        cairo_destroy(context)
        cairo_surface_flush(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw VectorExportError.drawingFailed(path: "the clipboard", reason: String(cString: cairo_status_to_string(status)))
        }
        handedOver = true
        return (surface, width, height)
    }

    /// Turns cairo's premultiplied pixels (a 32-bit word each: alpha, red, green, blue from the top
    /// byte) straight where they lie; true when every pixel is opaque. Opaque pixels, most of a photo
    /// scrap, are left as they are.
    private static func unpremultiplyInPlace(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int) -> Bool {
        var opaque = true
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let word = row[x]
                let alpha = word >> 24
                if alpha == 255 { continue }
                opaque = false
                guard alpha > 0 else { continue }
                let straight = { (shift: UInt32) -> UInt32 in min(255, (((word >> shift) & 0xFF) * 255 + alpha / 2) / alpha) << shift }
                row[x] = alpha << 24 | straight(16) | straight(8) | straight(0)
            }
        }
        return opaque
    }

    /// The SVG: the items' vectors, their pictures embedded, text boxes as `<text>`, sized in page pixels.
    public func svg() throws -> [UInt8] {
        let plan = try plan()
        var bytes: [UInt8] = []
        let stream = SVGStream(texts: PageVectorDrawing.texts(of: plan.stepsOverPaper)) { bytes.append(contentsOf: $0); return true }
        let statuses = try SVGSurfaceDrawing.draw(width: bounds.width, height: bounds.height, write: SVGStream.cairoWrite,
                                                  closure: stream.cairoClosure, path: "the clipboard") { context in
            PageVectorDrawing(context: context, pictures: PictureSurfaces(bytes: pictures, report: { _ in }),
                              backgrounds: PDFBackgrounds(bytes: pictures, report: { _ in }), marksText: true).drawOverPaper(plan)
        }
        try SVGSurfaceDrawing.check(statuses, path: "the clipboard")
        _ = stream.finish()
        return bytes
    }

    /// cairo's pixels (premultiplied, BGRA in a 32-bit word) as straight RGBA rows: unpremultiplied
    /// where they lie (`unpremultiplyInPlace`), then each word's bytes put in RGBA order.
    private static func straightRGBA(_ surface: OpaquePointer, width: Int, height: Int) -> RGBAImage {
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else {
            return RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
        }
        _ = unpremultiplyInPlace(data, width: width, height: height, stride: stride)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let word = row[x], o = (y * width + x) * 4
                    out[o] = UInt8(truncatingIfNeeded: word >> 16)
                    out[o + 1] = UInt8(truncatingIfNeeded: word >> 8)
                    out[o + 2] = UInt8(truncatingIfNeeded: word)
                    out[o + 3] = UInt8(truncatingIfNeeded: word >> 24)
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
