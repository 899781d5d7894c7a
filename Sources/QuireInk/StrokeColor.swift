/// The colour spaces a stroke's colour may be chosen in.
public enum InkColorSpace: String, Hashable, Sendable, Codable, CaseIterable {
    case rgb, cmyk
}

/// A colour given as cyan, magenta, yellow and black ink (0…1), with opacity.
public struct CMYKColor: Hashable, Sendable, Codable {
    public var cyan: Float
    public var magenta: Float
    public var yellow: Float
    public var black: Float
    public var alpha: Float

    public init(cyan: Float, magenta: Float, yellow: Float, black: Float, alpha: Float = 1) {
        self.cyan = cyan
        self.magenta = magenta
        self.yellow = yellow
        self.black = black
        self.alpha = alpha
    }

    /// For display: the device-independent formula (no ICC profile), R = (1 − C)(1 − K) and so on.
    /// It is the conversion every CMYK picker without colour management uses, and it round-trips with
    /// `init(displaying:)`.
    public var rgb: InkColor {
        let k = 1 - clamp(black)
        return InkColor(red: (1 - clamp(cyan)) * k, green: (1 - clamp(magenta)) * k,
                        blue: (1 - clamp(yellow)) * k, alpha: alpha)
    }

    /// The CMYK with the most black (grey component replacement) that displays as `color`.
    public init(displaying color: InkColor) {
        let k = 1 - max(color.red, color.green, color.blue)
        if k >= 1 {
            self.init(cyan: 0, magenta: 0, yellow: 0, black: 1, alpha: color.alpha)
        } else {
            self.init(cyan: (1 - color.red - k) / (1 - k), magenta: (1 - color.green - k) / (1 - k),
                      yellow: (1 - color.blue - k) / (1 - k), black: k, alpha: color.alpha)
        }
    }

    private func clamp(_ v: Float) -> Float { min(1, max(0, v)) }
}

/// A stroke's colour as the user chose it, in the space they chose it in; sprites carry `displayColor`.
public enum StrokeColor: Hashable, Sendable, Codable {
    case rgb(InkColor)
    case cmyk(CMYKColor)

    public var space: InkColorSpace {
        switch self {
        case .rgb: .rgb
        case .cmyk: .cmyk
        }
    }

    /// Straight-alpha sRGB for the renderer.
    public var displayColor: InkColor {
        switch self {
        case .rgb(let c): c
        case .cmyk(let c): c.rgb
        }
    }
}
