/// The size of a page rendered to an image at some scale, checked against what one offscreen render
/// can hold. Each side is at most `maximumSide` (GL_MAX_TEXTURE_SIZE on llvmpipe, 16,384) and the
/// whole at most `maximumPixels` (2^27, 512 MB per RGBA buffer; an export holds about three), so an
/// export neither fails inside GL ("framebuffer incomplete") nor asks for gigabytes. Stated in INSTALL.md.
public struct PageImageSize: Equatable, Sendable {
    public static let maximumSide = 16384
    public static let maximumPixels = 1 << 27

    public let width: Int
    public let height: Int

    /// The image of a `pageWidth`×`pageHeight` page at `scale` image pixels per page pixel, or an error
    /// stating the limits and the largest scale this page allows.
    public init(pageWidth: Double, pageHeight: Double, scale: Double) throws {
        guard pageWidth.isFinite, pageHeight.isFinite, pageWidth >= 1, pageHeight >= 1 else {
            throw PageImageSizeError(message: "the page is \(pageWidth)×\(pageHeight) px, not a size a page can have")
        }
        let largest = Self.largestScale(pageWidth: pageWidth, pageHeight: pageHeight)
        // Checked as Doubles first: converting an absurd product to Int would trap.
        let w = (pageWidth * scale).rounded(), h = (pageHeight * scale).rounded()
        guard scale.isFinite, scale > 0, w >= 1, h >= 1, w <= Double(Self.maximumSide), h <= Double(Self.maximumSide),
              w * h <= Double(Self.maximumPixels) else {
            throw PageImageSizeError(message: """
                a scale of \(scale) makes a \(Int(pageWidth.rounded()))×\(Int(pageHeight.rounded())) px page \
                \(w)×\(h) px; images are at most \(Self.maximumSide) px a side and \(Self.maximumPixels) pixels \
                in all, so this page takes scales from \(Self.smallestScale(pageWidth: pageWidth, pageHeight: pageHeight)) \
                to \(largest)
                """)
        }
        width = Int(w)
        height = Int(h)
    }

    /// The largest scale at which the page's image is within the limits (rounded down to 1/1000).
    public static func largestScale(pageWidth: Double, pageHeight: Double) -> Double {
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
