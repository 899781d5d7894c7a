import QuireInk

/// A finished stroke as the document keeps it: every input sample, so it can be re-rendered at any
/// zoom and by any engine, plus the style it was drawn with.
public struct Stroke: Equatable, Sendable, Codable {
    public var samples: [InputSample]
    public var color: InkColor
    public var minimumDiameter: Double
    public var maximumDiameter: Double

    public init(samples: [InputSample], color: InkColor, minimumDiameter: Double, maximumDiameter: Double) {
        self.samples = samples
        self.color = color
        self.minimumDiameter = minimumDiameter
        self.maximumDiameter = maximumDiameter
    }
}
