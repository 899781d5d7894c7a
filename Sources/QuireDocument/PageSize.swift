/// A page's size in pixels at 96 dpi (CSS pixels), the unit of every page coordinate.
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
}
