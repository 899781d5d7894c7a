import QuireGeometry

/// The built-in styling provider: a `StrokeStyle` brought to life with its effects.
public struct InkStyling: InkStylingProvider {
    public var style: StrokeStyle
    public var blendMode: InkBlendMode
    public var layerOpacity: Double
    public private(set) var effects: [any InkEffectsEngine]

    /// Makes the styling and calibrates each effect to it (an effect may change the blend mode).
    public init(style: StrokeStyle, effects: [any InkEffectsEngine]) {
        self.style = style
        blendMode = .normal
        layerOpacity = 1
        self.effects = []
        var calibrated = effects
        for i in calibrated.indices { calibrated[i].calibrate(to: &self) }
        self.effects = calibrated
    }

    public var tool: InkTool { style.tool }
    public var color: StrokeColor { style.color }
    public var minimumWidth: Double { style.minimumWidth }
    public var maximumWidth: Double { style.maximumWidth }
    public var minimumOpacity: Double { style.minimumOpacity }
    public var maximumOpacity: Double { style.maximumOpacity }
    public var pressureCurve: PressureCurve { style.pressureCurve }
    public var cap: InkLineCap { style.cap }
    public var brush: Brush { style.brush }

    public var renderStyle: StrokeRenderStyle {
        StrokeRenderStyle(blendMode: blendMode, layerOpacity: Float(layerOpacity), brush: style.brush)
    }

    /// Before any effect: the widest, most opaque ink in the stroke's colour, turned by a fixed brush
    /// (a brush that follows the stroke is turned by the engine, which knows the direction).
    public func baseDab(for sample: InputSample) -> DabPoint {
        let color = style.color.displayColor
        let rotation: Double
        switch style.brush.rotation {
        case .fixed(let angle): rotation = angle
        case .followStroke: rotation = 0
        }
        return DabPoint(position: sample.position, diameter: style.maximumWidth,
                        color: color.withAlpha(color.alpha * Float(style.maximumOpacity)), rotation: rotation)
    }

    public mutating func dab(for sample: InputSample) -> DabPoint {
        var dab = baseDab(for: sample)
        for i in effects.indices { effects[i].apply(to: &dab, for: sample) }
        return dab
    }

    public mutating func resetEffects() {
        for i in effects.indices { effects[i].reset() }
    }
}
