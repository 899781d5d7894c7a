import QuireGeometry
import QuireInk

/// How one inking tool draws, as the person sets it (the pen settings panel, or the config file):
/// widths and opacities at the lightest and firmest touch, smoothing, and the pressure curve. Applied
/// over the tool's `StrokeStyle` defaults for every new stroke; strokes already drawn keep the style
/// they were drawn with.
public struct PenSettings: Hashable, Sendable {
    public var minimumWidth: Double
    public var maximumWidth: Double
    public var minimumOpacity: Double
    public var maximumOpacity: Double
    public var smoothing: Double
    public var pressureCurve: PressureCurve

    /// Widths in page pixels: from a hairline to a broad brush.
    public static let widths = 0.1...64.0
    /// Opacity multiplies the colour's alpha. The firmest touch must leave some ink (the width effect
    /// scales each dab's alpha by opacity over the maximum).
    public static let opacities = 0.0...1.0
    public static let leastMaximumOpacity = 0.05
    public static let smoothings = 0.0...1.0
    /// Each control point coordinate of the pressure curve, as xsetwacom's 0…100 scaled to 0…1.
    public static let curveCoordinates = 0.0...1.0

    public init(minimumWidth: Double, maximumWidth: Double, minimumOpacity: Double, maximumOpacity: Double,
                smoothing: Double, pressureCurve: PressureCurve) {
        self.minimumWidth = minimumWidth
        self.maximumWidth = maximumWidth
        self.minimumOpacity = minimumOpacity
        self.maximumOpacity = maximumOpacity
        self.smoothing = smoothing
        self.pressureCurve = pressureCurve
    }

    /// The tool as it comes (`StrokeStyle.defaults(for:)`).
    public init(defaultsFor tool: InkTool) {
        let style = StrokeStyle.defaults(for: tool)
        self.init(minimumWidth: style.minimumWidth, maximumWidth: style.maximumWidth, minimumOpacity: style.minimumOpacity,
                  maximumOpacity: style.maximumOpacity, smoothing: style.smoothness, pressureCurve: style.pressureCurve)
    }

    /// Which of the settings a tool's ink uses: a highlighter is one width and one opacity whatever the
    /// pressure (`HighlighterEffect`); an eraser removes ink wholly, so has no opacity.
    public struct Uses: Equatable, Sendable {
        public var widthRange: Bool
        public var opacity: Bool
        public var opacityRange: Bool
        public var pressureCurve: Bool
    }

    public static func uses(for tool: InkTool) -> Uses {
        switch tool {
        case .pen, .marker: Uses(widthRange: true, opacity: true, opacityRange: true, pressureCurve: true)
        case .highlighter: Uses(widthRange: false, opacity: true, opacityRange: false, pressureCurve: false)
        case .eraser: Uses(widthRange: true, opacity: false, opacityRange: false, pressureCurve: true)
        }
    }

    /// `style` with these settings in place of its widths, opacities, smoothing and curve.
    public func applied(to style: StrokeStyle) -> StrokeStyle {
        var style = style
        style.minimumWidth = minimumWidth
        style.maximumWidth = maximumWidth
        style.minimumOpacity = minimumOpacity
        style.maximumOpacity = maximumOpacity
        style.smoothness = smoothing
        style.pressureCurve = pressureCurve
        return style
    }

    /// The width at the lightest touch moved to `value` (within `widths`); the widest follows when
    /// passed, so the lightest is never wider than the firmest.
    public mutating func setMinimumWidth(_ value: Double) {
        minimumWidth = Self.clamp(value, Self.widths)
        maximumWidth = max(maximumWidth, minimumWidth)
    }

    public mutating func setMaximumWidth(_ value: Double) {
        maximumWidth = Self.clamp(value, Self.widths)
        minimumWidth = min(minimumWidth, maximumWidth)
    }

    /// One width at every pressure (a highlighter's).
    public mutating func setWidth(_ value: Double) {
        minimumWidth = Self.clamp(value, Self.widths)
        maximumWidth = minimumWidth
    }

    /// One opacity at every pressure (a highlighter's).
    public mutating func setOpacity(_ value: Double) {
        maximumOpacity = Self.clamp(value, Self.leastMaximumOpacity...Self.opacities.upperBound)
        minimumOpacity = maximumOpacity
    }

    public mutating func setMinimumOpacity(_ value: Double) {
        minimumOpacity = Self.clamp(value, Self.opacities)
        maximumOpacity = max(maximumOpacity, minimumOpacity, Self.leastMaximumOpacity)
    }

    public mutating func setMaximumOpacity(_ value: Double) {
        maximumOpacity = Self.clamp(value, Self.leastMaximumOpacity...Self.opacities.upperBound)
        minimumOpacity = min(minimumOpacity, maximumOpacity)
    }

    public mutating func setSmoothing(_ value: Double) {
        smoothing = Self.clamp(value, Self.smoothings)
    }

    /// Moves control point 1 or 2 of the pressure curve to `point`, kept in the unit square.
    public mutating func setCurveControl(_ index: Int, to point: Point) {
        let p = Point(Self.clamp(point.x, Self.curveCoordinates), Self.clamp(point.y, Self.curveCoordinates))
        pressureCurve = index == 1 ? PressureCurve(p, pressureCurve.control2) : PressureCurve(pressureCurve.control1, p)
    }

    private static func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
        value.isFinite ? min(range.upperBound, max(range.lowerBound, value)) : range.lowerBound
    }
}
