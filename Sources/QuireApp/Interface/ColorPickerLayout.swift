import QuireGeometry
import QuireInk

/// Where the colour picker's parts lie in the window: the panel beside the toolbar's colour swatch,
/// the saturation × brightness square, the hue strip, the row of recent colours, and the current
/// colour with its hex field below. Sizes are design pixels × the scale; in a window too short for it
/// the panel draws smaller (never below half), as the toolbar does.
struct ColorPickerLayout: Equatable {
    /// What a point of the panel is on.
    enum Part: Equatable {
        case square, hueStrip
        /// The recent colour at this index (newest first).
        case recent(Int)
        case hexField
        /// Elsewhere on the panel (its background, the current colour).
        case panel
    }

    static let padding = 12.0
    static let squareSide = 200.0
    static let gap = 12.0
    static let stripWidth = 24.0
    static let rowGap = 10.0
    static let recentSide = 24.0
    static let fieldHeight = 30.0
    /// Between the toolbar and the panel, and the panel and the window's edges.
    static let margin = 10.0

    static var designWidth: Double { 2 * padding + squareSide + gap + stripWidth }
    static var designHeight: Double { 2 * padding + squareSide + 2 * rowGap + recentSide + fieldHeight }

    let scale: Double
    let panel: Rect
    let square: Rect
    let hueStrip: Rect
    let recent: [Rect]
    let current: Rect
    let hexField: Rect

    /// The panel to the right of `left` (the toolbar's right edge), centred on `anchor` (the swatch)
    /// up and down but kept within a window `windowWidth` × `windowHeight`.
    init(beside anchor: Rect, left: Double, windowWidth: Int, windowHeight: Int, scale wanted: Double) {
        let room = (Double(windowHeight) - 2 * Self.margin * wanted) / Self.designHeight
        let scale = max(wanted / 2, min(wanted, room))
        self.scale = scale
        let (width, height) = (Self.designWidth * scale, Self.designHeight * scale)
        let x = max(0, min(left + Self.margin * wanted, Double(windowWidth) - width - Self.margin * wanted))
        let y = max(Self.margin * wanted, min(anchor.center.y - height / 2, Double(windowHeight) - height - Self.margin * wanted))
        panel = Rect(x: x, y: y, width: width, height: height)
        let inner = Rect(x: x + Self.padding * scale, y: y + Self.padding * scale,
                         width: width - 2 * Self.padding * scale, height: height - 2 * Self.padding * scale)
        square = Rect(x: inner.minX, y: inner.minY, width: Self.squareSide * scale, height: Self.squareSide * scale)
        hueStrip = Rect(x: square.maxX + Self.gap * scale, y: inner.minY, width: Self.stripWidth * scale, height: square.height)
        let rowY = square.maxY + Self.rowGap * scale
        let side = Self.recentSide * scale
        let count = Double(PickedColors.recentCount)
        let spacing = (inner.width - count * side) / (count - 1)
        recent = (0..<PickedColors.recentCount).map { index in
            Rect(x: inner.minX + Double(index) * (side + spacing), y: rowY, width: side, height: side)
        }
        let fieldY = rowY + side + Self.rowGap * scale
        current = Rect(x: inner.minX, y: fieldY, width: Self.fieldHeight * scale * 1.6, height: Self.fieldHeight * scale)
        hexField = Rect(x: current.maxX + Self.gap * scale, y: fieldY, width: inner.maxX - current.maxX - Self.gap * scale,
                        height: Self.fieldHeight * scale)
    }

    /// The part under `point` (window pixels), or nil off the panel.
    func part(at point: Point) -> Part? {
        guard panel.contains(point) else { return nil }
        if square.contains(point) { return .square }
        if hueStrip.contains(point) { return .hueStrip }
        if let index = recent.firstIndex(where: { $0.contains(point) }) { return .recent(index) }
        if hexField.contains(point) { return .hexField }
        return .panel
    }

    /// The window point of saturation and brightness `color` in the square.
    func squarePoint(of color: HSBColor) -> Point {
        Point(square.minX + color.saturation * square.width, square.minY + (1 - color.brightness) * square.height)
    }

    /// The height in the hue strip of `hue`.
    func stripY(of hue: Double) -> Double {
        hueStrip.minY + hue * hueStrip.height
    }
}
