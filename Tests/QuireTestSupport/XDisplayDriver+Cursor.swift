import CXTest

/// The pointer's picture as the server shows it now (XFixes): premultiplied ARGB pixels, rows top down.
public struct ShownCursor: Equatable {
    public let width: Int
    public let height: Int
    public let hotX: Int
    public let hotY: Int
    public let pixels: [UInt32]

    public func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] }
    public func alpha(_ x: Int, _ y: Int) -> Int { Int(pixel(x, y) >> 24) }
}

extension XDisplayDriver {
    /// The cursor picture the server shows now, or nil without XFixes.
    public func shownCursor() -> ShownCursor? {
        var event: Int32 = 0, error: Int32 = 0
        guard XFixesQueryExtension(display, &event, &error) != 0,
              let image = XFixesGetCursorImage(display) else { return nil }
        defer { XFree(image) }
        let width = Int(image.pointee.width), height = Int(image.pointee.height)
        // XFixes hands the pixels out as C longs, one 32-bit ARGB value in each.
        let pixels = (0..<(width * height)).map { UInt32(truncatingIfNeeded: image.pointee.pixels[$0]) }
        return ShownCursor(width: width, height: height, hotX: Int(image.pointee.xhot), hotY: Int(image.pointee.yhot),
                           pixels: pixels)
    }
}
