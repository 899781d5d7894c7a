/// A colour with straight (not premultiplied) alpha, components 0…1 in sRGB.
public struct InkColor: Hashable, Sendable, Codable {
    public var red: Float
    public var green: Float
    public var blue: Float
    public var alpha: Float

    public init(red: Float, green: Float, blue: Float, alpha: Float = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let black = InkColor(red: 0, green: 0, blue: 0)
    public static let white = InkColor(red: 1, green: 1, blue: 1)

    public func withAlpha(_ a: Float) -> InkColor { InkColor(red: red, green: green, blue: blue, alpha: a) }

    /// A component as one of 256 levels, rounded to the nearest, clamped to 0…1 (NaN is 0): what an
    /// 8-bit picture or file stores.
    public static func level(_ component: Float) -> UInt8 {
        component.isNaN ? 0 : UInt8((min(1, max(0, component)) * 255).rounded())
    }
}
