import QuireGeometry

/// The simplest stroke builder: straight segments between samples, dabs evenly spaced along them, width
/// from pressure (or fixed for a mouse). Every update is final, so nothing is provisional.
///
/// No app code draws with it: it stays as the ink benchmark's baseline (what dabs cost without smoothing)
/// and for render tests that need dabs at exactly known places.
public struct StraightStrokeBuilder: Sendable {
    public var color: InkColor
    /// Diameter at zero and at full pressure; a device without pressure draws at `maximumDiameter`.
    public var minimumDiameter: Double
    public var maximumDiameter: Double
    private var spacer: DabWalker
    private var last: DabPoint?

    public init(color: InkColor = .black, minimumDiameter: Double = 1.5, maximumDiameter: Double = 4,
                spacingFraction: Double = 0.15) {
        self.color = color
        self.minimumDiameter = minimumDiameter
        self.maximumDiameter = maximumDiameter
        spacer = DabWalker(spacingFraction: spacingFraction)
    }

    private func dabPoint(_ sample: InputSample) -> DabPoint {
        let diameter = sample.pressure.map { minimumDiameter + (maximumDiameter - minimumDiameter) * min(1, max(0, $0)) }
            ?? maximumDiameter
        return DabPoint(position: sample.position, diameter: diameter, color: color)
    }

    public mutating func begin(_ sample: InputSample) -> StrokeUpdate {
        spacer = DabWalker(spacingFraction: spacer.spacingFraction, minimumSpacing: spacer.minimumSpacing)
        let p = dabPoint(sample)
        last = p
        var sprites: [Sprite] = []
        spacer.start(at: p, into: &sprites)
        return StrokeUpdate(committed: sprites)
    }

    public mutating func add(_ sample: InputSample) -> StrokeUpdate {
        guard let from = last else { return begin(sample) }
        let to = dabPoint(sample)
        var sprites: [Sprite] = []
        spacer.walk(from: from, to: to, into: &sprites)
        last = to
        return StrokeUpdate(committed: sprites)
    }

    public mutating func end() -> StrokeUpdate {
        last = nil
        return StrokeUpdate()
    }
}
