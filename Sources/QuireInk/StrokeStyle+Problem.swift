extension StrokeStyle {
    /// What makes this style unusable, in words for a message, or nil: a width that is not a number
    /// from 0 to `InkLimits.maximumWidth`; an opacity, smoothness, pressure-curve point or colour part
    /// outside 0…1; a brush spacing, tilt widening or angle that is not a finite number in its range; a
    /// brush texture that is not a plain file name. A style read from a file is checked with this before
    /// any engine or the renderer sees it (a pen 10⁹ px wide made the export allocate 32 TB).
    public var problem: String? {
        func within(_ value: Double, _ range: ClosedRange<Double>) -> Bool { value.isFinite && range.contains(value) }
        for (name, width) in [("smallest", minimumWidth), ("largest", maximumWidth)] where !within(width, 0...InkLimits.maximumWidth) {
            return "its \(name) width is \(width) px; a stroke's width must be from 0 to \(Int(InkLimits.maximumWidth)) px"
        }
        let unit: [(String, Double)] = [("smallest opacity", minimumOpacity), ("largest opacity", maximumOpacity),
                                        ("smoothness", smoothness),
                                        ("pressure curve", pressureCurve.control1.x), ("pressure curve", pressureCurve.control1.y),
                                        ("pressure curve", pressureCurve.control2.x), ("pressure curve", pressureCurve.control2.y)]
            + color.parts.map { ("colour", Double($0)) }
        for (name, value) in unit where !within(value, 0...1) {
            return "its \(name) is \(value); it must be from 0 to 1"
        }
        guard within(brush.spacing, 0...10) else { return "its brush's spacing is \(brush.spacing); it must be from 0 to 10" }
        guard within(brush.tiltWidening, 0...10) else { return "its brush's tilt widening is \(brush.tiltWidening); it must be from 0 to 10" }
        switch brush.rotation {
        case let .fixed(angle), let .followStroke(angle):
            guard within(angle, -1000...1000) else { return "its brush's angle is \(angle)" }
        }
        let texture = brush.textureFile
        guard !texture.isEmpty, texture.count <= 255, !texture.contains("/"), !texture.hasPrefix("."), !texture.contains("\0") else {
            return "its brush names the texture '\(texture.prefix(80))', which is not a file name"
        }
        return nil
    }
}

extension StrokeColor {
    /// The colour's parts and alpha, each meant to lie in 0…1.
    var parts: [Float] {
        switch self {
        case let .rgb(color): [color.red, color.green, color.blue, color.alpha]
        case let .cmyk(color): [color.cyan, color.magenta, color.yellow, color.black, color.alpha]
        }
    }
}
