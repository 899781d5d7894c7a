/// Why text cannot be drawn.
public enum TextError: Error, Equatable, Sendable, CustomStringConvertible {
    case noFontConfiguration
    case noFont(family: String)
    case unreadableFont(path: String, code: Int)
    case badSize(Double)

    public var description: String {
        switch self {
        case .noFontConfiguration:
            "fontconfig could not load its configuration (is the fontconfig package installed?)"
        case let .noFont(family):
            "no font matches \"\(family)\" (install fonts-dejavu-core)"
        case let .unreadableFont(path, code):
            "FreeType cannot read the font \(path) (error \(code))"
        case let .badSize(size):
            "text cannot be drawn \(size) pixels high; sizes from \(TextRasterizer.sizes.lowerBound) to \(TextRasterizer.sizes.upperBound) are"
        }
    }
}
