import QuireInk

/// A finished stroke as the document keeps it: every input sample, so it can be re-rendered at any
/// zoom and by any engine, plus the full style it was drawn with (tool, colour, brush, engine, effects),
/// so it redraws the same later.
public struct Stroke: Equatable, Sendable, Codable {
    public var samples: [InputSample]
    public var style: StrokeStyle

    public init(samples: [InputSample], style: StrokeStyle) {
        self.samples = samples
        self.style = style
    }
}
