import QuireGeometry

/// Places dabs evenly along the arc length of a stroke made of lines and cubics, one segment at a time.
/// The distance walked since the last dab is carried from one segment to the next, so joins show no
/// clumps or gaps at any speed; the step is a fraction of the diameter at the last dab. Diameter, colour,
/// opacity (the colour's alpha) and rotation are interpolated by arc length between the segment's end
/// states, rotation the short way round (JotUI holds it constant per segment; that shows as facets).
///
/// The one walker behind every engine and the straight builder: a line is walked exactly (parameter
/// proportional to length, no table), a curve through an arc-length table. The walker is a few numbers,
/// so an engine copies it to draw a provisional segment and throws the copy away; the table is a
/// separate scratch buffer for the same reason (a copied array would be copied again on first write).
public struct DabWalker: Sendable {
    /// Spacing as a fraction of the diameter. 0.1–0.25 reads as a continuous line.
    public var spacingFraction: Double
    /// Never closer than this, in pixels, however thin the brush: bounds the sprite count.
    public var minimumSpacing: Double
    /// Arc length walked since the last dab; nil before the first dab.
    public private(set) var sinceLastDab: Double?
    private var lastDiameter = 0.0
    /// Dabs this stroke may still place (`InkLimits.maximumSpritesPerStroke` at the start): the hard
    /// budget, so no segment, however long, asks for more memory than that.
    public private(set) var spritesLeft = InkLimits.maximumSpritesPerStroke

    public init(spacingFraction: Double = 0.15, minimumSpacing: Double = 0.35) {
        self.spacingFraction = spacingFraction
        self.minimumSpacing = minimumSpacing
    }

    /// The first dab of a stroke, exactly at its first point.
    public mutating func start(at point: DabPoint, into sprites: inout [Sprite]) {
        spritesLeft = InkLimits.maximumSpritesPerStroke - 1
        // A width that is not finite (a damaged style) draws nothing rather than a dab no one can size.
        if point.diameter.isFinite { sprites.append(point.sprite) }
        sinceLastDab = 0
        lastDiameter = point.diameter.isFinite ? point.diameter : 0
    }

    /// Dabs along the straight segment `a`→`b`.
    public mutating func walk(from a: DabPoint, to b: DabPoint, into sprites: inout [Sprite]) {
        guard sinceLastDab != nil else {
            start(at: a, into: &sprites)
            return walk(from: a, to: b, into: &sprites)
        }
        let p0 = a.position, p1 = b.position
        place(length: p0.distance(to: p1), from: a, to: b, into: &sprites) { along, length in
            p0.lerp(to: p1, along / length)
        }
    }

    /// Dabs along `curve`, whose ends carry the states `a` and `b` (their positions are not used: the
    /// curve's own end points are).
    public mutating func walk(_ curve: BezierCurve, from a: DabPoint, to b: DabPoint,
                              table: inout ArcLengthTable, into sprites: inout [Sprite]) {
        guard sinceLastDab != nil else {
            start(at: DabPoint(position: curve.p0, diameter: a.diameter, color: a.color, rotation: a.rotation),
                  into: &sprites)
            return walk(curve, from: a, to: b, table: &table, into: &sprites)
        }
        if curve.degree == 1 {
            let p0 = curve.p0, p1 = curve.p3
            place(length: p0.distance(to: p1), from: a, to: b, into: &sprites) { along, length in
                p0.lerp(to: p1, along / length)
            }
            return
        }
        table.measure(curve)
        var hint = 1
        let t = table
        place(length: table.totalLength, from: a, to: b, into: &sprites) { along, _ in
            curve.point(at: t.parameter(atLength: along, hint: &hint))
        }
    }

    /// The carried-leftover loop itself: a dab every step from the last one, `position` giving the
    /// point at a distance along the segment (always increasing, so a table search can move forward).
    @inline(__always)
    private mutating func place(length: Double, from a: DabPoint, to b: DabPoint, into sprites: inout [Sprite],
                                position: (_ along: Double, _ length: Double) -> Point) {
        // `!(length > 0)` also turns away NaN: a degenerate segment adds nothing. A segment longer than
        // any page reaches, or with a width that is not finite, is not walked at all: walking it would
        // only spend the sprite budget on ink nobody can see.
        guard var walked = sinceLastDab, length > 0, length <= InkLimits.maximumSegmentLength,
              a.diameter.isFinite, b.diameter.isFinite, spritesLeft > 0 else { return }
        let inverseLength = 1 / length
        let turn = Self.shortestTurn(from: a.rotation, to: b.rotation)
        let dDiameter = b.diameter - a.diameter
        let dr = b.color.red - a.color.red, dg = b.color.green - a.color.green
        let db = b.color.blue - a.color.blue, da = b.color.alpha - a.color.alpha
        var along = 0.0
        var diameter = lastDiameter
        while true {
            let toNextDab = max(minimumSpacing, spacingFraction * diameter) - walked
            if !(along + toNextDab <= length) {
                walked += length - along
                break
            }
            along += toNextDab
            guard spritesLeft > 0 else { break }
            spritesLeft -= 1
            let u = along * inverseLength
            let uf = Float(u)
            let p = position(along, length)
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
