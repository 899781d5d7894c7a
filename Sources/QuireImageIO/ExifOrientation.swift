/// How a camera says its stored pixels must be turned to be seen upright: EXIF tag 0x0112 (TIFF 6.0
/// "Orientation"). A phone held on its side stores the picture sideways and writes 6 or 8 here rather
/// than rotating the pixels. Each case is named for what is done to the stored pixels to show them.
public enum ExifOrientation: Int, Sendable, Codable, CaseIterable {
    /// Row 0 is the top, column 0 the left: shown as stored.
    case upright = 1
    /// Mirrored left to right.
    case mirror = 2
    /// Turned half a turn.
    case turn180 = 3
    /// Mirrored top to bottom.
    case flip = 4
    /// Mirrored across the top-left to bottom-right diagonal.
    case transpose = 5
    /// Turned a quarter turn clockwise: stored row 0 becomes the right-hand column.
    case turnClockwise = 6
    /// Mirrored across the top-right to bottom-left diagonal.
    case transverse = 7
    /// Turned a quarter turn counterclockwise: stored row 0 becomes the left-hand column.
    case turnCounterclockwise = 8

    /// Whether the upright picture is as wide as the stored one is tall.
    public var swapsSides: Bool { rawValue >= 5 }

    /// `image` (the stored pixels) as it is meant to be seen.
    public func apply(to image: RGBAImage) -> RGBAImage {
        if self == .upright { return image }
        let width = image.width, height = image.height  // stored
        let outWidth = swapsSides ? height : width, outHeight = swapsSides ? width : height
        var out = [UInt8](repeating: 0, count: image.pixels.count)
        image.pixels.withUnsafeBytes { source in
            out.withUnsafeMutableBytes { target in
                let from = source.bindMemory(to: UInt32.self), to = target.bindMemory(to: UInt32.self)
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        let (sx, sy) = storedPosition(ofUprightX: x, y: y, storedWidth: width, storedHeight: height)
                        to[y * outWidth + x] = from[sy * width + sx]
                    }
                }
            }
        }
        return RGBAImage(width: outWidth, height: outHeight, pixels: out)
    }

    /// The stored pixel shown at (`x`, `y`) of the upright picture.
    func storedPosition(ofUprightX x: Int, y: Int, storedWidth width: Int, storedHeight height: Int) -> (x: Int, y: Int) {
        switch self {
        case .upright: return (x, y)
        case .mirror: return (width - 1 - x, y)
        case .turn180: return (width - 1 - x, height - 1 - y)
        case .flip: return (x, height - 1 - y)
        case .transpose: return (y, x)
        case .turnClockwise: return (y, height - 1 - x)
        case .transverse: return (width - 1 - y, height - 1 - x)
        case .turnCounterclockwise: return (width - 1 - y, x)
        }
    }
}
