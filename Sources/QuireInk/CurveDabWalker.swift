import QuireGeometry

/// Places dabs evenly along the arc length of a stroke made of cubic segments: the curve counterpart of
/// `DabSpacer`. The distance walked since the last dab is carried from one segment to the next, so joins
/// show no clumps or gaps; the step is a fraction of the diameter at the last dab. Diameter, colour,
/// opacity (the colour's alpha) and rotation are interpolated by arc length between the segment's end
/// states, rotation the short way round (JotUI holds it constant per segment; that shows as facets).
///
/// The walker is a few numbers, so an engine copies it to draw a provisional segment and throws the copy
/// away; the arc-length table is a separate scratch buffer for the same reason (a copied array would be
/// copied again on first write).
public struct CurveDabWalker: Sendable {
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

    /// The first dab of a stroke, exactly at its first point.
    public mutating func start(at point: DabPoint, into sprites: inout [Sprite]) {
        sprites.append(DabSpacer.sprite(point))
        sinceLastDab = 0
        lastDiameter = point.diameter
    }

    /// Dabs along `segment`, whose ends carry the states `a` and `b` (their positions are not used: the
    /// segment's own end points are).
    public mutating func walk(_ segment: CubicSegment, from a: DabPoint, to b: DabPoint,
                              table: inout ArcLengthTable, into sprites: inout [Sprite]) {
        guard var walked = sinceLastDab else {
            start(at: DabPoint(position: segment.start, diameter: a.diameter, color: a.color, rotation: a.rotation),
                  into: &sprites)
            return walk(segment, from: a, to: b, table: &table, into: &sprites)
        }
        table.measure(segment)
        let length = table.totalLength
        guard length > 0 else { return }
        let inverseLength = 1 / length
        let turn = Self.shortestTurn(from: a.rotation, to: b.rotation)
        let dDiameter = b.diameter - a.diameter
        let dr = b.color.red - a.color.red, dg = b.color.green - a.color.green
        let db = b.color.blue - a.color.blue, da = b.color.alpha - a.color.alpha
        var along = 0.0
        var hint = 1
        var diameter = lastDiameter
        while true {
            let toNextDab = max(minimumSpacing, spacingFraction * diameter) - walked
            if along + toNextDab > length {
                walked += length - along
                break
            }
            along += toNextDab
            let u = along * inverseLength
            let uf = Float(u)
            let p = segment.point(at: table.parameter(atLength: along, hint: &hint))
            diameter = a.diameter + dDiameter * u
            sprites.append(Sprite(x: Float(p.x), y: Float(p.y), diameter: Float(diameter),
                                  rotation: Float(a.rotation + turn * u),
                                  color: InkColor(red: a.color.red + dr * uf, green: a.color.green + dg * uf,
                                                  blue: a.color.blue + db * uf, alpha: a.color.alpha + da * uf)))
            walked = 0
        }
        lastDiameter = diameter
        sinceLastDab = walked
    }

    /// `b − a` wrapped into (−π, π]: the turn the short way round.
    @inline(__always)
    public static func shortestTurn(from a: Double, to b: Double) -> Double {
        var d = b - a
        if d > .pi || d <= -.pi {
            d -= (2 * .pi) * (d / (2 * .pi)).rounded()
            if d <= -.pi { d += 2 * .pi }
        }
        return d
    }
}
