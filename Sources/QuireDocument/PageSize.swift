/// A page's size in pixels at 96 dpi (CSS pixels), the unit of every page coordinate. The size is as the
/// page is drawn: a landscape page is wider than it is tall.
public struct PageSize: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// US Letter, 8.5 × 11 in.
    public static let letter = PageSize(width: 816, height: 1056)
    /// ISO A4, 210 × 297 mm.
    public static let a4 = PageSize(width: 793.7, height: 1122.5)

    /// The longest side a page may have, in page pixels: GL_MAX_TEXTURE_SIZE on llvmpipe (16,384) less
    /// room for the renderer's guard band, so a page's ink layer at 1:1 is always one texture and its
    /// viewport fits (`PageRenderer.maximumPageSide`, the same number). Stated in INSTALL.md.
    public static let maximumSide = 16000.0
    /// The shortest: a page narrower than one pixel has nothing to draw on.
    public static let minimumSide = 1.0

    /// What is wrong with this size for a page (a side not finite, under `minimumSide` or over
    /// `maximumSide`), or nil when it is usable. A size read from a file is checked with this before
    /// anything is allocated from it.
    public var problem: String? {
        for (name, side) in [("width", width), ("height", height)]
        where !(side.isFinite && side >= Self.minimumSide && side <= Self.maximumSide) {
            return "its \(name) is \(side) px; a page's sides must be from \(Int(Self.minimumSide)) to \(Int(Self.maximumSide)) px"
        }
        return nil
    }

    /// Width and height in whole pixels, as the renderer sizes the page; a side out of range is clamped
    /// into it (a checked size, see `problem`, is never changed except by rounding). Never traps.
    public var pixelSize: (width: Int, height: Int) {
        let sides = clampedSize
        return (Int(sides.width.rounded()), Int(sides.height.rounded()))
    }

    /// Width and height with a side out of range clamped into it (not a number: the smallest side), not
    /// rounded: what an exported image covers at its scale (an A4 page is 793.7 × 1122.5 pixels).
    public var clampedSize: (width: Double, height: Double) {
        func clamped(_ side: Double) -> Double {
            side.isFinite ? min(Self.maximumSide, max(Self.minimumSide, side)) : Self.minimumSide
        }
        return (clamped(width), clamped(height))
    }

    public var orientation: PageOrientation { width > height ? .landscape : .portrait }

    /// The same paper turned to `orientation`.
    public func turned(to orientation: PageOrientation) -> PageSize {
        self.orientation == orientation ? self : PageSize(width: height, height: width)
    }
}

public enum PageOrientation: String, Hashable, Sendable, Codable, CaseIterable {
    case portrait, landscape
}
