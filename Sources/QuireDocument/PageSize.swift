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

    public var orientation: PageOrientation { width > height ? .landscape : .portrait }

    /// The same paper turned to `orientation`.
    public func turned(to orientation: PageOrientation) -> PageSize {
        self.orientation == orientation ? self : PageSize(width: height, height: width)
    }
}

public enum PageOrientation: String, Hashable, Sendable, Codable, CaseIterable {
    case portrait, landscape
}
