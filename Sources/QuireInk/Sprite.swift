/// One dab of a brush: the unit the renderer draws. Eight Floats, laid out to be copied to the GPU
/// as they are (32 bytes a sprite).
public struct Sprite: Equatable, Sendable {
    /// Centre in page pixels.
    public var x: Float
    public var y: Float
    /// Diameter in page pixels.
    public var diameter: Float
    /// Brush rotation in radians.
    public var rotation: Float
    /// Straight-alpha colour; `alpha` is this dab's opacity.
    public var red: Float
    public var green: Float
    public var blue: Float
    public var alpha: Float

    public init(x: Float, y: Float, diameter: Float, rotation: Float = 0, color: InkColor) {
        self.x = x
        self.y = y
        self.diameter = diameter
        self.rotation = rotation
        red = color.red
        green = color.green
        blue = color.blue
        alpha = color.alpha
    }

    public var color: InkColor { InkColor(red: red, green: green, blue: blue, alpha: alpha) }
}

/// What a stroke builder hands the renderer after each sample. `committed` sprites are final and are
/// appended to the stroke; `provisional` ones replace the previous provisional set. That lets the newest
/// sample show at once (a provisional segment reaches it) and be corrected when the next sample fixes
/// the curve's tangent there.
public struct StrokeUpdate: Equatable, Sendable {
    public var committed: [Sprite]
    public var provisional: [Sprite]

    public init(committed: [Sprite] = [], provisional: [Sprite] = []) {
        self.committed = committed
        self.provisional = provisional
    }
}
