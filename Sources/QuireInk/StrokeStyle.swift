import QuireGeometry

/// Everything that decides how a stroke's samples become sprites, as plain values: what the document
/// stores with each stroke so it redraws the same later. Engines and effects are named by their registry
/// ids; `InkEngineRegistry.makeEngine(for:)` turns a style back into a working engine.
public struct StrokeStyle: Hashable, Sendable, Codable {
    public var tool: InkTool
    public var color: StrokeColor
    public var brush: Brush
    /// The draw engine's registry id, e.g. `ShemanarevEngine.identifier`.
    public var engineID: String
    /// Effects applied to every sample in this order, by registry id.
    public var effectIDs: [String]
    /// Diameters in page pixels at the lightest and the firmest touch (or the fastest and slowest mouse).
    public var minimumWidth: Double
    public var maximumWidth: Double
    /// Opacities (multiplying the colour's alpha) at the lightest and firmest touch. For a highlighter,
    /// the opacity of its whole layer.
    public var minimumOpacity: Double
    public var maximumOpacity: Double
    /// 0 draws straight segments between samples, 1 fully rounded curves.
    public var smoothness: Double
    public var pressureCurve: PressureCurve
    public var cap: InkLineCap

    public init(tool: InkTool, color: StrokeColor, brush: Brush, engineID: String, effectIDs: [String],
                minimumWidth: Double, maximumWidth: Double, minimumOpacity: Double = 1, maximumOpacity: Double = 1,
                smoothness: Double = 0.75, pressureCurve: PressureCurve = .linear, cap: InkLineCap = .round) {
        self.tool = tool
        self.color = color
        self.brush = brush
        self.engineID = engineID
        self.effectIDs = effectIDs
        self.minimumWidth = minimumWidth
        self.maximumWidth = maximumWidth
        self.minimumOpacity = minimumOpacity
        self.maximumOpacity = maximumOpacity
        self.smoothness = smoothness
        self.pressureCurve = pressureCurve
        self.cap = cap
    }

    /// Each tool as it comes, drawn by the default engine. `InkEngineRegistry.style(for:color:)` swaps
    /// in the engine its tool is mapped to.
    public static func defaults(for tool: InkTool, color: StrokeColor = .rgb(.black)) -> StrokeStyle {
        switch tool {
        case .pen:
            StrokeStyle(tool: .pen, color: color, brush: .hardRound, engineID: ShemanarevEngine.identifier,
                        effectIDs: [PressureWidthEffect.identifier], minimumWidth: 0.8, maximumWidth: 3.2)
        case .marker:
            StrokeStyle(tool: .marker, color: color, brush: .chisel, engineID: ShemanarevEngine.identifier,
                        effectIDs: [PressureWidthEffect.identifier], minimumWidth: 5, maximumWidth: 9,
                        minimumOpacity: 0.75, maximumOpacity: 0.95)
        case .highlighter:
            StrokeStyle(tool: .highlighter, color: color, brush: .chisel, engineID: ShemanarevEngine.identifier,
                        effectIDs: [HighlighterEffect.identifier], minimumWidth: 16, maximumWidth: 16,
                        minimumOpacity: 0.35, maximumOpacity: 0.35, smoothness: 0.5)
        case .eraser:
            // Hard-edged: a soft rim would only half-remove ink at the eraser's edge, leaving ghosts.
            StrokeStyle(tool: .eraser, color: color, brush: .hardRound, engineID: ShemanarevEngine.identifier,
                        effectIDs: [PressureWidthEffect.identifier, EraserEffect.identifier],
                        minimumWidth: 12, maximumWidth: 24)
        }
    }
}
