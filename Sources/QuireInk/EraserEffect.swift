/// An eraser: sprites remove the ink under them (`InkBlendMode.erase`, destination-out). Width and
/// opacity are left to the effects before it (pressure, say); the colour is irrelevant and set to black
/// so erasers from any palette colour give identical sprites.
public struct EraserEffect: InkEffectsEngine {
    public static let identifier = "eraser"
    public var identifier: String { Self.identifier }

    public init() {}

    public mutating func calibrate(to styling: inout InkStyling) {
        styling.blendMode = .erase
        styling.layerOpacity = 1
    }

    public mutating func apply(to dab: inout DabPoint, for sample: InputSample) {
        dab.color = InkColor(red: 0, green: 0, blue: 0, alpha: dab.color.alpha)
    }

    public mutating func reset() {}
}
