import QuireX11

/// The pointer for the tool in hand. The ink tools show a round outline as wide as their widest ink at
/// the current zoom, so the person sees what the pen will cover before it touches (the eraser's is
/// filled faintly, to tell it from the pen's); the scissors aim with a crosshair; the select tool, the
/// interface and the help panel show the arrow.
struct ToolCursor: Equatable {
    /// What the tool in hand asks for (its offer's).
    var style: ToolCursorStyle
    /// The tool's widest ink in page pixels (0 for tools without ink).
    var inkWidth: Double
    var zoom: Double
    /// Over the toolbar or another panel, or with the help shown: the arrow, whatever the tool.
    var overInterface: Bool
    /// The largest cursor picture the X server takes, a side.
    var largestSide: Int

    /// Outlines narrower than this (window pixels) are drawn this wide, with a dot in the middle for the
    /// point: a smaller ring would vanish into the pointer's halo.
    static let smallestRing = 7.0
    /// Room around the ring for its light halo, each side.
    static let margin = 2

    var cursor: WindowCursor {
        if overInterface { return .standard(.arrow) }
        switch style {
        case let .inkRing(filled):
            return Self.ring(diameter: inkWidth * zoom, filled: filled, largestSide: largestSide)
                .map(WindowCursor.image) ?? .standard(.crosshair)
        case .crosshair:
            return .standard(.crosshair)
        case .arrow:
            return .standard(.arrow)
        }
    }

    /// A ring `diameter` window pixels across (kept within `smallestRing` and what the server takes): a
    /// dark line with a light halo either side, so it shows on dark ink and on white paper alike. The hot
    /// spot is the middle pixel.
    static func ring(diameter: Double, filled: Bool, largestSide: Int) -> CursorImage? {
        let largestRing = Double(min(max(largestSide, 16), CursorImage.largestSide) - 2 * margin - 1)
        let wanted = diameter.isFinite ? diameter : smallestRing
        let ringDiameter = min(max(wanted, smallestRing), largestRing)
        // An odd side puts the middle of the ring on a pixel's centre, the hot spot.
        var side = Int(ringDiameter.rounded(.up)) + 2 * margin
        if side % 2 == 0 { side += 1 }
        let middle = Double(side) / 2
        let radius = ringDiameter / 2
        let pointDot = wanted < smallestRing
        var pixels = [UInt32](repeating: 0, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                let dx = Double(x) + 0.5 - middle, dy = Double(y) + 0.5 - middle
                let distance = (dx * dx + dy * dy).squareRoot()
                // Coverage of a one-pixel line at the ring, and of the halo lines a pixel inside and outside.
                var dark = max(0, 1 - abs(distance - radius))
                if pointDot { dark = max(dark, distance < 0.75 ? 1 : 0) }
                var light = 0.85 * min(1, max(0, 1 - abs(distance - radius - 1)) + max(0, 1 - abs(distance - radius + 1)))
                if filled && distance < radius - 1 { light = max(light, 0.25) }
                pixels[y * side + x] = premultiplied(dark: dark, light: light)
            }
        }
        return CursorImage(width: side, height: side, hotX: side / 2, hotY: side / 2, pixels: pixels)
    }

    /// A near-black line of coverage `dark` over white of coverage `light`, as premultiplied ARGB.
    private static func premultiplied(dark: Double, light: Double) -> UInt32 {
        let darkLevel = 0.1
        let alpha = dark + light * (1 - dark)
        let value = dark * darkLevel + light * (1 - dark)
        let a = UInt32((alpha * 255).rounded()), v = UInt32((value * 255).rounded())
        return a << 24 | v << 16 | v << 8 | v
    }
}
