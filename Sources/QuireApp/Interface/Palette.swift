import QuireInk

/// The nine colours on keys 1–9, each tool starting on the one it is most used with.
public enum Palette {
    public static let colors: [InkColor] = [
        InkColor(red: 0.05, green: 0.05, blue: 0.07),  // 1 black ink
        InkColor(red: 0.10, green: 0.25, blue: 0.75),  // 2 blue
        InkColor(red: 0.80, green: 0.12, blue: 0.12),  // 3 red
        InkColor(red: 0.10, green: 0.55, blue: 0.20),  // 4 green
        InkColor(red: 1.00, green: 0.85, blue: 0.10),  // 5 yellow (the highlighter's)
        InkColor(red: 0.95, green: 0.50, blue: 0.10),  // 6 orange
        InkColor(red: 0.55, green: 0.20, blue: 0.70),  // 7 purple
        InkColor(red: 0.45, green: 0.45, blue: 0.47),  // 8 grey
        InkColor(red: 1.00, green: 0.40, blue: 0.70),  // 9 pink
    ]

    /// The palette slot (0-based) each tool starts with.
    public static func initialSlot(for tool: ToolID) -> Int {
        tool == .highlighter ? 4 : 0
    }
}
