/// What the pointer looks like over the window.
public enum WindowCursor: Hashable, Sendable {
    /// A picture of Quire's own (the ink tools' round outline).
    case image(CursorImage)
    /// One of the desktop's cursors, from its cursor theme, or X's cursor font without one.
    case standard(StandardCursor)
}

/// The desktop cursors Quire uses, by their cursor-theme names.
public enum StandardCursor: String, Hashable, Sendable {
    /// Pointing at something to press or pick: the toolbar, the select tool.
    case arrow = "left_ptr"
    /// Aiming a path: the scissors.
    case crosshair

    /// The X cursor font's glyph (X11/cursorfont.h), for a desktop without a cursor theme.
    var fontShape: UInt32 {
        switch self {
        case .arrow: 68  // XC_left_ptr
        case .crosshair: 34  // XC_crosshair
        }
    }
}

/// A cursor picture: premultiplied ARGB pixels (0xAARRGGBB), rows top down, and the hot spot, the pixel
/// that points.
public struct CursorImage: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public let hotX: Int
    public let hotY: Int
    public let pixels: [UInt32]

    /// Pictures larger than this a side are refused: X servers draw big cursors in software, slowly.
    public static let largestSide = 256

    /// Nil unless the sizes are 1…`largestSide`, the hot spot lies inside, and there are width × height pixels.
    public init?(width: Int, height: Int, hotX: Int, hotY: Int, pixels: [UInt32]) {
        guard (1...Self.largestSide).contains(width), (1...Self.largestSide).contains(height),
              (0..<width).contains(hotX), (0..<height).contains(hotY), pixels.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.hotX = hotX
        self.hotY = hotY
        self.pixels = pixels
    }
}
