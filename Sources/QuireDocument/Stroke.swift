import QuireGeometry
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

    /// The area the stroke can have inked: its samples' bounds grown by half its widest line.
    public var bounds: Rect {
        guard var minX = samples.first?.position.x, var minY = samples.first?.position.y else { return .null }
        var maxX = minX, maxY = minY
        for sample in samples {
            minX = min(minX, sample.position.x); maxX = max(maxX, sample.position.x)
            minY = min(minY, sample.position.y); maxY = max(maxY, sample.position.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).outsetBy(style.maximumWidth / 2)
    }
}
