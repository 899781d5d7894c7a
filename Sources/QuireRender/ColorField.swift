import QuireGeometry

/// A field of colours the colour picker shows, computed per pixel by a fragment shader
/// (`ColorFieldRenderer`) rather than drawn from a picture: every colour of the square is exact at any
/// size, and a new hue costs one uniform. The colours are `HSBColor.rgb`'s, the same formula.
public enum ColorField: Equatable, Sendable {
    /// Saturation 0 → 1 left to right, brightness 1 → 0 top to bottom, at `hue` (0…1).
    case saturationBrightness(hue: Double)
    /// Every hue, 0 → 1 top to bottom, at full saturation and brightness.
    case hue

    /// The saturation and brightness (square) or hue (strip, in `x`) at `point` in a field filling
    /// `rect`, each clamped to 0…1; `point` is where a pixel's centre lies.
    public static func coordinates(of point: Point, in rect: Rect) -> Point {
        let u = rect.width > 0 ? (point.x - rect.minX) / rect.width : 0
        let v = rect.height > 0 ? (point.y - rect.minY) / rect.height : 0
        return Point(min(1, max(0, u.isFinite ? u : 0)), min(1, max(0, v.isFinite ? v : 0)))
    }
}
