import QuireGeometry
import QuireInk

/// Typed text on the page: its string, where its first baseline starts, its font and colour, how far it
/// is turned and where its lines wrap.
public struct TextItem: Equatable, Sendable {
    public var text: String
    /// The start of the first line's baseline, in page pixels.
    public var origin: Point
    /// The fontconfig family name ("sans-serif" unless chosen).
    public var fontFamily: String
    /// Font size in page pixels.
    public var fontSize: Double
    public var color: InkColor
    /// Radians the box is turned about `origin`, clockwise on the page (y down); 0 is level.
    public var angle: Double
    /// The box's width (page pixels, from `origin` along the baseline) at which lines break between
    /// words; nil: lines end only where the text breaks them.
    public var wrapWidth: Double?

    public init(text: String, origin: Point, fontFamily: String = "sans-serif", fontSize: Double = 16,
                color: InkColor = .black, angle: Double = 0, wrapWidth: Double? = nil) {
        self.text = text
        self.origin = origin
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.color = color
        self.angle = angle
        self.wrapWidth = wrapWidth
    }

    /// The box's own frame (x along its baseline, y down its lines, origin at `origin`) onto the page.
    public var localToPage: AffineTransform {
        AffineTransform.rotation(angle).concatenating(.translation(origin.x, origin.y))
    }

    /// The page rectangle `estimatedBox` covers, turned with the box.
    public var bounds: Rect { localToPage.apply(estimatedBox) }

    /// Whether `point` (page pixels) lies in `estimatedBox`, or within `tolerance` of it.
    public func contains(_ point: Point, tolerance: Double) -> Bool {
        guard let local = localToPage.inverted?.apply(point) else { return false }
        return estimatedBox.outsetBy(tolerance).contains(local)
    }

    /// A generous estimate of the box in its own frame until text is laid out by FreeType: lines of
    /// 1.2 em, 0.6 em a character, wrapped at `wrapWidth`.
    public var estimatedBox: Rect {
        let em = fontSize * 0.6
        var widest = 0.0, lines = 0.0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let width = Double(line.count) * em
            if let wrapWidth, wrapWidth > 0, width > wrapWidth {
                widest = max(widest, wrapWidth + em)
                lines += (width / max(wrapWidth, em)).rounded(.up) + 1
            } else {
                widest = max(widest, width)
                lines += 1
            }
        }
        return Rect(x: 0, y: -fontSize, width: widest, height: lines * fontSize * 1.2)
    }
}

extension TextItem: Codable {
    private enum CodingKeys: String, CodingKey {
        case text, origin, fontFamily, fontSize, color, angle, wrapWidth
    }

    /// Rows written before boxes turned or wrapped have neither: level, unwrapped.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        origin = try container.decode(Point.self, forKey: .origin)
        fontFamily = try container.decode(String.self, forKey: .fontFamily)
        fontSize = try container.decode(Double.self, forKey: .fontSize)
        color = try container.decode(InkColor.self, forKey: .color)
        angle = try container.decodeIfPresent(Double.self, forKey: .angle) ?? 0
        wrapWidth = try container.decodeIfPresent(Double.self, forKey: .wrapWidth)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(origin, forKey: .origin)
        try container.encode(fontFamily, forKey: .fontFamily)
        try container.encode(fontSize, forKey: .fontSize)
        try container.encode(color, forKey: .color)
        if angle != 0 { try container.encode(angle, forKey: .angle) }
        try container.encodeIfPresent(wrapWidth, forKey: .wrapWidth)
    }
}
