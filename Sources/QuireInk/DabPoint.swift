import QuireGeometry

/// A point on a stroke's centre line with the brush state there.
public struct DabPoint: Equatable, Sendable {
    public var position: Point
    public var diameter: Double
    public var color: InkColor
    public var rotation: Double

    public init(position: Point, diameter: Double, color: InkColor, rotation: Double = 0) {
        self.position = position
        self.diameter = diameter
        self.color = color
        self.rotation = rotation
    }

    /// The state `t` of the way from `self` to `other`: what the dab walker puts between two states, so
    /// a state made here (a quad's midpoint, the width at a cut) matches the dabs drawn through it.
    /// Rotation turns the short way round.
    public func interpolated(to other: DabPoint, _ t: Double) -> DabPoint {
        let tf = Float(t)
        func mix(_ x: Float, _ y: Float) -> Float { x + (y - x) * tf }
        return DabPoint(
            position: position.lerp(to: other.position, t),
            diameter: diameter + (other.diameter - diameter) * t,
            color: InkColor(red: mix(color.red, other.color.red), green: mix(color.green, other.color.green),
                            blue: mix(color.blue, other.color.blue), alpha: mix(color.alpha, other.color.alpha)),
            rotation: rotation + DabWalker.shortestTurn(from: rotation, to: other.rotation) * t)
    }

    var sprite: Sprite {
        Sprite(x: Float(position.x), y: Float(position.y), diameter: Float(diameter), rotation: Float(rotation),
               color: color)
    }
}
