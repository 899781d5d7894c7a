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
}

/// Places dabs evenly along a stroke's arc length, one segment at a time. The distance walked since the
/// last dab is carried from one segment to the next, so joins get neither clumps nor gaps, and the
/// spacing follows the width (a fraction of the diameter at the last dab).
public struct DabSpacer: Sendable {
    /// Spacing as a fraction of the diameter. 0.1–0.25 reads as a continuous line.
    public var spacingFraction: Double
    /// Never closer than this, in pixels, however thin the brush: bounds the sprite count.
    public var minimumSpacing: Double
    /// Arc length walked since the last dab; nil before the first dab.
    public private(set) var sinceLastDab: Double?
    private var lastDiameter = 0.0

    public init(spacingFraction: Double = 0.15, minimumSpacing: Double = 0.35) {
        self.spacingFraction = spacingFraction
        self.minimumSpacing = minimumSpacing
    }

    private func step(for diameter: Double) -> Double {
        max(minimumSpacing, spacingFraction * diameter)
    }

    /// The first dab of a stroke, exactly at its first point.
    public mutating func start(at point: DabPoint, into sprites: inout [Sprite]) {
        sprites.append(Self.sprite(point))
        sinceLastDab = 0
        lastDiameter = point.diameter
    }

    /// Dabs along the straight segment `a`→`b`, with diameter, colour and rotation interpolated.
    public mutating func walk(from a: DabPoint, to b: DabPoint, into sprites: inout [Sprite]) {
        guard var walked = sinceLastDab else {
            start(at: a, into: &sprites)
            return walk(from: a, to: b, into: &sprites)
        }
        let length = a.position.distance(to: b.position)
        guard length > 0 else { return }
        var along = 0.0
        while true {
            let toNextDab = step(for: lastDiameter) - walked
            if along + toNextDab > length {
                walked += length - along
                break
            }
            along += toNextDab
            let p = Self.interpolate(a, b, along / length)
            sprites.append(Self.sprite(p))
            lastDiameter = p.diameter
            walked = 0
        }
        sinceLastDab = walked
    }

    static func interpolate(_ a: DabPoint, _ b: DabPoint, _ t: Double) -> DabPoint {
        let tf = Float(t)
        func mix(_ x: Float, _ y: Float) -> Float { x + (y - x) * tf }
        return DabPoint(
            position: a.position.lerp(to: b.position, t),
            diameter: a.diameter + (b.diameter - a.diameter) * t,
            color: InkColor(red: mix(a.color.red, b.color.red), green: mix(a.color.green, b.color.green),
                            blue: mix(a.color.blue, b.color.blue), alpha: mix(a.color.alpha, b.color.alpha)),
            rotation: a.rotation + (b.rotation - a.rotation) * t)
    }

    static func sprite(_ p: DabPoint) -> Sprite {
        Sprite(x: Float(p.position.x), y: Float(p.position.y), diameter: Float(p.diameter),
               rotation: Float(p.rotation), color: p.color)
    }
}
