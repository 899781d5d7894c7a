/// A styling provider, the SpiralKit way: how a stroke looks (tool, colour and its space, blend mode,
/// widths, cap, brush) and the effects that vary that along the stroke. Engines ask it for the ink at
/// each sample.
public protocol InkStylingProvider: Sendable {
    var tool: InkTool { get }
    var color: StrokeColor { get }
    var blendMode: InkBlendMode { get }
    var minimumWidth: Double { get }
    var maximumWidth: Double { get }
    var cap: InkLineCap { get }
    var brush: Brush { get }
    var effects: [any InkEffectsEngine] { get }
    /// What the renderer needs besides the sprites.
    var renderStyle: StrokeRenderStyle { get }
    /// The ink at `sample`: the styling's base state with every effect applied in order.
    mutating func dab(for sample: InputSample) -> DabPoint
    /// Resets every effect's per-stroke state.
    mutating func resetEffects()
}

extension InkStylingProvider {
    public var colorSpace: InkColorSpace { color.space }
}

/// Per stroke, what the renderer needs besides its sprites.
public struct StrokeRenderStyle: Hashable, Sendable {
    public var blendMode: InkBlendMode
    /// For `.highlight`, the opacity the stroke's layer is composited at; 1 otherwise.
    public var layerOpacity: Float
    /// The texture to stamp (`brush.textureFile` in `Resources/Brushes/`); sprite rotations already
    /// follow `brush.rotation`.
    public var brush: Brush

    public init(blendMode: InkBlendMode, layerOpacity: Float, brush: Brush) {
        self.blendMode = blendMode
        self.layerOpacity = layerOpacity
        self.brush = brush
    }
}
