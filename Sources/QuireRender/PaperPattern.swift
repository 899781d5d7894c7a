import QuireInk

/// What is printed on the paper before any ink: rules, a grid or dots, in page pixels. Drawn by the
/// paper's fragment shader, so it is sharp at every zoom and costs no texture.
public struct PaperPattern: Equatable, Sendable {
    public enum Kind: Int32, Sendable {
        case blank = 0, ruled, grid, dotted
    }

    public var kind: Kind
    public var lineColor: InkColor
    /// Distance between rules, grid lines or dots.
    public var spacing: Double

    public init(kind: Kind, lineColor: InkColor = InkColor(red: 0.62, green: 0.75, blue: 0.9), spacing: Double = 32) {
        self.kind = kind
        self.lineColor = lineColor
        self.spacing = max(4, spacing)
    }

    public static let blank = PaperPattern(kind: .blank)
}
