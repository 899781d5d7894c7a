import CGL

/// The size of a page rendered to an image at some scale, checked against what one offscreen render
/// can hold. Each side is at most `maximumSide` (GL_MAX_TEXTURE_SIZE on llvmpipe, 16,384) and the
/// whole at most `maximumPixels` (2^27, 512 MB per RGBA buffer; an export holds about three), so an
/// export neither fails inside GL ("framebuffer incomplete") nor asks for gigabytes. Stated in INSTALL.md.
///
/// An export renders in tiles (`ExportTiling`) and streams rows to the PNG writer, so its images may be
/// larger: `tiled` allows `maximumTiledSide` a side and `maximumTiledPixels` in all (a 20× Letter page is
/// 16,320×21,120). Those bound the time and the file, not memory, which a band at a time keeps small.
public struct PageImageSize: Equatable, Sendable {
    public static let maximumSide = 16384
    public static let maximumPixels = 1 << 27
    public static let maximumTiledSide = 65536
    public static let maximumTiledPixels = 1 << 32

    public let width: Int
    public let height: Int

    /// The longest side the current GL context can render an image to, capped at `maximumSide`: a
    /// driver with smaller textures, renderbuffers or viewports (older Intel: 8192) lowers the limit, so
    /// the error states it instead of a framebuffer failing. The viewport also holds the guard band on
    /// both sides (half the largest point size, see `PageProjection`); GL would clamp a larger viewport
    /// silently and stretch the picture. Needs a current GL context.
    public static func currentMaximumSide() -> Int {
        var texture: GLint = 0, renderbuffer: GLint = 0
        var viewport: [GLint] = [0, 0]
        var points: [GLfloat] = [0, 0]
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &texture)
        glGetIntegerv(GLenum(GL_MAX_RENDERBUFFER_SIZE), &renderbuffer)
        glGetIntegerv(GLenum(GL_MAX_VIEWPORT_DIMS), &viewport)
        glGetFloatv(GLenum(GL_ALIASED_POINT_SIZE_RANGE), &points)
        let guardBand = points[1].isFinite && points[1] > 0 ? Int(min(points[1], 65536) / 2) + 2 : 0
        let sides = [Int(texture), Int(renderbuffer), Int(min(viewport[0], viewport[1])) - 2 * guardBand]
        return max(1, min(maximumSide, sides.filter { $0 > 0 }.min() ?? maximumSide))
    }

    /// The image of a `pageWidth`×`pageHeight` page at `scale` image pixels per page pixel, or an error
    /// stating the limits and the largest scale this page allows; `maximumSide` lowers the side limit
    /// (to `currentMaximumSide()`, say).
    public init(pageWidth: Double, pageHeight: Double, scale: Double, maximumSide: Int = Self.maximumSide) throws {
        try self.init(pageWidth: pageWidth, pageHeight: pageHeight, scale: scale, maximumSide: min(maximumSide, Self.maximumSide),
                      maximumPixels: Self.maximumPixels)
    }

    /// The image of a page exported in tiles: the same checks against the larger tiled limits.
    public static func tiled(pageWidth: Double, pageHeight: Double, scale: Double) throws -> PageImageSize {
        try PageImageSize(pageWidth: pageWidth, pageHeight: pageHeight, scale: scale, maximumSide: maximumTiledSide,
                          maximumPixels: maximumTiledPixels)
    }

    private init(pageWidth: Double, pageHeight: Double, scale: Double, maximumSide: Int, maximumPixels: Int) throws {
        guard pageWidth.isFinite, pageHeight.isFinite, pageWidth >= 1, pageHeight >= 1 else {
            throw PageImageSizeError(message: "the page is \(pageWidth)×\(pageHeight) px, not a size a page can have")
        }
        let largest = Self.largestScale(pageWidth: pageWidth, pageHeight: pageHeight, maximumSide: maximumSide,
                                        maximumPixels: maximumPixels)
        // Checked as Doubles first: converting an absurd product to Int would trap.
        let w = (pageWidth * scale).rounded(), h = (pageHeight * scale).rounded()
        guard scale.isFinite, scale > 0, w >= 1, h >= 1, w <= Double(maximumSide), h <= Double(maximumSide),
              w * h <= Double(maximumPixels) else {
            throw PageImageSizeError(message: """
                a scale of \(scale) makes a \(Int(pageWidth.rounded()))×\(Int(pageHeight.rounded())) px page \
                \(Self.pixels(w))×\(Self.pixels(h)) px; images are at most \(maximumSide) px a side and \(maximumPixels) pixels \
                in all, so this page takes scales from \(Self.smallestScale(pageWidth: pageWidth, pageHeight: pageHeight)) \
                to \(largest)
                """)
        }
        width = Int(w)
        height = Int(h)
    }

    /// A side for a message: whole pixels when that reads (not 16320.0), else as Double prints it (1e+22).
    private static func pixels(_ side: Double) -> String {
        side.isFinite && abs(side) < 1e15 ? String(Int(side)) : "\(side)"
    }

    /// The largest scale at which the page's image is within the limits (rounded down to 1/1000).
    public static func largestScale(pageWidth: Double, pageHeight: Double, maximumSide: Int = Self.maximumSide,
                                    maximumPixels: Int = Self.maximumPixels) -> Double {
        let bySide = Double(maximumSide) / max(pageWidth, pageHeight)
        let byArea = (Double(maximumPixels) / (pageWidth * pageHeight)).squareRoot()
        return (min(bySide, byArea) * 1000).rounded(.down) / 1000
    }

    /// The smallest scale that leaves each side at least one pixel (rounded up to 1/1000).
    public static func smallestScale(pageWidth: Double, pageHeight: Double) -> Double {
        (0.5 / min(pageWidth, pageHeight) * 1000).rounded(.up) / 1000
    }
}

/// A page image that cannot be rendered at the asked scale; the message states the limits.
public struct PageImageSizeError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
