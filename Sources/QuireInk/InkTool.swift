/// The kind of tool a stroke is drawn with; each has its own defaults (`StrokeStyle.defaults(for:)`).
public enum InkTool: String, Hashable, Sendable, Codable, CaseIterable {
    case pen, marker, highlighter, eraser
}
