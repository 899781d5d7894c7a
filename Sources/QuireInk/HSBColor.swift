/// A colour as hue, saturation and brightness (HSV), each 0…1: the colour picker's square is
/// saturation × brightness at one hue, its strip the hues. The conversion to RGB is the branch-free
/// form the picker's fragment shader uses (`ColorField`), so a point of the square and the colour it
/// picks are the same colour to the last rounding.
public struct HSBColor: Equatable, Sendable {
    /// 0…1 round the colour wheel (0 and 1 both red).
    public var hue: Double
    public var saturation: Double
    public var brightness: Double

    /// Values are clamped to 0…1 (not finite: 0), so any input gives a colour.
    public init(hue: Double, saturation: Double, brightness: Double) {
        self.hue = Self.unit(hue)
        self.saturation = Self.unit(saturation)
        self.brightness = Self.unit(brightness)
    }

    /// The colour's hue, saturation and brightness. Greys have no hue of their own: they get 0, or
    /// `keepingHue` (the picker keeps its hue when the brightness or saturation reaches zero).
    public init(_ color: InkColor, keepingHue: Double = 0) {
        let r = Self.unit(Double(color.red)), g = Self.unit(Double(color.green)), b = Self.unit(Double(color.blue))
        let maximum = max(r, g, b), minimum = min(r, g, b)
        let delta = maximum - minimum
        var hue = keepingHue
        if delta > 0 {
            if maximum == r {
                hue = (g - b) / delta / 6
            } else if maximum == g {
                hue = ((b - r) / delta + 2) / 6
            } else {
                hue = ((r - g) / delta + 4) / 6
            }
            if hue < 0 { hue += 1 }
        }
        self.init(hue: hue, saturation: maximum > 0 ? delta / maximum : 0, brightness: maximum)
    }

    /// The opaque RGB colour: each channel `brightness × mix(1, pure hue, saturation)`, the pure hue's
    /// channel being `clamp(|(6h + k) mod 6 − 3| − 1, 0, 1)` with k = 0, 4, 2 for red, green, blue.
    public var rgb: InkColor {
        func channel(_ k: Double) -> Float {
            var x = (hue * 6 + k).truncatingRemainder(dividingBy: 6)
            if x < 0 { x += 6 }
            let pure = min(1, max(0, abs(x - 3) - 1))
            return Float(brightness * (1 + saturation * (pure - 1)))
        }
        return InkColor(red: channel(0), green: channel(4), blue: channel(2))
    }

    private static func unit(_ value: Double) -> Double {
        value.isFinite ? min(1, max(0, value)) : 0
    }
}
