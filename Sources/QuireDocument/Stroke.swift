import QuireGeometry
import QuireInk

/// A finished stroke as the document keeps it: every input sample, so it can be re-rendered at any
/// zoom and by any engine, plus the full style it was drawn with (tool, colour, brush, engine, effects),
/// so it redraws the same later.
public struct Stroke: Equatable, Sendable, Codable {
    /// The samples in their compact form (a page keeps every stroke for as long as it is open);
    /// `samples` gives them back exactly.
    public private(set) var storedSamples: StrokeSamples
    public var style: StrokeStyle

    public init(samples: [InputSample], style: StrokeStyle) {
        storedSamples = StrokeSamples(samples)
        self.style = style
    }

    /// Every sample, exactly as drawn. Each read unpacks them: read once, change the copy, set it back.
    public var samples: [InputSample] {
        get { storedSamples.samples }
        set { storedSamples = StrokeSamples(newValue) }
    }

    /// The area the stroke can have inked: its samples' bounds grown by half its widest line.
    public var bounds: Rect {
        guard !storedSamples.isEmpty else { return .null }
        let first = storedSamples.position(at: 0)
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for index in 1..<storedSamples.count {
            let position = storedSamples.position(at: index)
            minX = min(minX, position.x); maxX = max(maxX, position.x)
            minY = min(minY, position.y); maxY = max(maxY, position.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).outsetBy(style.maximumWidth / 2)
    }

    public static func == (lhs: Stroke, rhs: Stroke) -> Bool {
        lhs.style == rhs.style && lhs.storedSamples.count == rhs.storedSamples.count && lhs.samples == rhs.samples
    }

    private enum CodingKeys: String, CodingKey {
        case samples, style
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(samples: try c.decode([InputSample].self, forKey: .samples), style: try c.decode(StrokeStyle.self, forKey: .style))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(samples, forKey: .samples)
        try c.encode(style, forKey: .style)
    }
}
