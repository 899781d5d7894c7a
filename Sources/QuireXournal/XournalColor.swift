/// A colour as Xournal++ writes it: `#rrggbbaa`, or one of its names ("black", "blue", …; paper has
/// names of its own: "pink", "yellow", …).
public struct XournalColor: Hashable, Sendable {
    /// 0xRRGGBBAA.
    public var rgba: UInt32

    public init(rgba: UInt32) { self.rgba = rgba }

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        rgba = UInt32(red) << 24 | UInt32(green) << 16 | UInt32(blue) << 8 | UInt32(alpha)
    }

    public var red: UInt8 { UInt8(rgba >> 24) }
    public var green: UInt8 { UInt8(truncatingIfNeeded: rgba >> 16) }
    public var blue: UInt8 { UInt8(truncatingIfNeeded: rgba >> 8) }
    public var alpha: UInt8 { UInt8(truncatingIfNeeded: rgba) }

    public static let white = XournalColor(rgba: 0xFFFF_FFFF)
    public static let black = XournalColor(rgba: 0x0000_00FF)

    /// `#rrggbbaa` (or `#rrggbb`, taken as opaque), or a name for `names`; nil for anything else.
    public init?(parsing text: String, names: [String: UInt32] = XournalColor.inkNames) {
        if text.hasPrefix("#") {
            let digits = text.dropFirst()
            guard digits.count == 8 || digits.count == 6, digits.allSatisfy(\.isHexDigit),
                  let value = UInt32(digits, radix: 16) else { return nil }
            rgba = digits.count == 8 ? value : value << 8 | 0xFF
        } else if let rgb = names[text] {
            rgba = rgb << 8 | 0xFF
        } else {
            return nil
        }
    }

    public var text: String {
        let hex = String(rgba, radix: 16)
        return "#" + String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// Xournal++'s predefined ink colours (LoadHandlerHelper), 0xRRGGBB.
    public static let inkNames: [String: UInt32] = [
        "black": 0x000000, "blue": 0x3333CC, "red": 0xFF0000, "green": 0x008000, "gray": 0x808080,
        "lightblue": 0x00C0FF, "lightgreen": 0x00FF00, "magenta": 0xFF00FF, "orange": 0xFF8000,
        "yellow": 0xFFFF00, "white": 0xFFFFFF,
    ]

    /// Paper colours by name: the pale ones Xournal++ gives the names, then the ink names.
    public static let paperNames: [String: UInt32] = inkNames.merging([
        "blue": 0xA0E8FF, "pink": 0xFFC0D4, "green": 0x80FFC0, "orange": 0xFFC080, "yellow": 0xFFFF80,
    ]) { _, paper in paper }
}
