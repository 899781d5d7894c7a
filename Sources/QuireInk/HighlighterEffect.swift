/// A highlighter: the stroke goes into a layer of its own (`InkBlendMode.highlight`) at full coverage,
/// and the layer is composited at the style's opacity, so the ink is translucent but one stroke never
/// darkens where it crosses itself. The width is constant, as with a felt tip.
public struct HighlighterEffect: InkEffectsEngine {
    public static let identifier = "highlighter"
    public var identifier: String { Self.identifier }

    private var width = 1.0

    public init() {}

    public mutating func calibrate(to styling: inout InkStyling) {
        styling.blendMode = .highlight
        styling.layerOpacity = Double(styling.color.displayColor.alpha) * styling.maximumOpacity
        width = styling.maximumWidth
    }

    public mutating func apply(to dab: inout DabPoint, for sample: InputSample) {
        dab.diameter = width
        dab.color.alpha = 1
    }

    public mutating func reset() {}
}
