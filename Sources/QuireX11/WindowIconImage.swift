/// One size of the window's icon (`_NET_WM_ICON`): straight, not premultiplied, RGBA bytes, rows top
/// first. The caller decodes it (from the installed PNGs); this module only checks and sends it.
public struct WindowIconImage: Equatable, Sendable {
    /// Window managers show icons at task-bar and switcher sizes; 512 px is the largest hicolor size
    /// and keeps one icon under a megabyte on the wire.
    public static let maximumSide = 512

    public let width: Int
    public let height: Int
    public let rgba: [UInt8]

    /// Checks the size before anything is built from it: each side 1…512 and 4 bytes a pixel.
    public init(width: Int, height: Int, rgba: [UInt8]) throws {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw WindowIconError.badSize(width: width, height: height)
        }
        guard rgba.count == width * height * 4 else {
            throw WindowIconError.wrongByteCount(expected: width * height * 4, got: rgba.count)
        }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The property's form of this image: width, height, then one 0xAARRGGBB value a pixel. Xlib
    /// takes format-32 data as C longs (64 bits here) and sends the low 32 bits of each.
    var cardinals: [Int] {
        var out = [Int]()
        out.reserveCapacity(2 + width * height)
        out.append(width)
        out.append(height)
        for i in stride(from: 0, to: rgba.count, by: 4) {
            out.append(Int(rgba[i + 3]) << 24 | Int(rgba[i]) << 16 | Int(rgba[i + 1]) << 8 | Int(rgba[i + 2]))
        }
        return out
    }
}
