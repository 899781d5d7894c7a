import QuireGeometry
import QuireInk

/// Typed text on the page: its string, where its first baseline starts, its font and colour.
public struct TextItem: Equatable, Sendable, Codable {
    public var text: String
    /// The start of the first line's baseline, in page pixels.
    public var origin: Point
    /// The fontconfig family name ("sans-serif" unless chosen).
    public var fontFamily: String
    /// Font size in page pixels.
    public var fontSize: Double
    public var color: InkColor

    public init(text: String, origin: Point, fontFamily: String = "sans-serif", fontSize: Double = 16,
                color: InkColor = .black) {
        self.text = text
        self.origin = origin
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.color = color
    }

    /// A generous estimate until text is laid out by FreeType: lines of 1.2 em, 0.6 em a character.
    public var bounds: Rect {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let widest = lines.map(\.count).max() ?? 0
        return Rect(x: origin.x, y: origin.y - fontSize, width: Double(widest) * fontSize * 0.6,
                    height: Double(lines.count) * fontSize * 1.2)
    }
}
