import QuireInk

/// What a page is printed with before any ink: a paper colour and an optional pattern of lines or dots.
public struct PageBackground: Hashable, Sendable, Codable {
    public enum Pattern: String, Hashable, Sendable, Codable, CaseIterable {
        case blank, ruled, grid, dotted
    }

    public var pattern: Pattern
    public var paperColor: InkColor
    /// The colour of the rules, grid lines or dots.
    public var lineColor: InkColor
    /// Distance between rules, grid lines or dots, in page pixels.
    public var spacing: Double

    public init(pattern: Pattern = .blank, paperColor: InkColor = .white,
                lineColor: InkColor = InkColor(red: 0.62, green: 0.75, blue: 0.9), spacing: Double = 32) {
        self.pattern = pattern
        self.paperColor = paperColor
        self.lineColor = lineColor
        self.spacing = spacing
    }

    public static let blank = PageBackground()
}
