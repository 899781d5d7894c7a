import QuireDocument
import QuireGeometry

/// One scrap as `quire info --json` and `quire scraps list` describe it: where it lies in the page's
/// stacking order, its outline carried onto the page as SVG path data, its transform, its picture and
/// how much ink and which words it carries.
struct ScrapReport: Encodable {
    struct Picture: Encodable {
        /// Upright pixels (EXIF orientation applied).
        var width, height: Int
        /// The blob's SHA-256, lowercase hex.
        var blob: String
    }

    var id: String
    /// Index in the page's items, 0 the bottom.
    var index: Int
    /// In page coordinates; nil when the transform sends part of it to infinity.
    var outline: String?
    /// Scrap → page, row-major 3×3 (x' = (m0 x + m1 y + m2) / w, …).
    var transform: [Double]
    /// Nil for plain paper.
    var image: Picture?
    /// Strokes lying on the scrap.
    var strokes: Int
    /// The words of each text box lying on the scrap (a box the scissors cut shows on a scrap each side).
    var texts: [String]
    /// The page area it covers.
    var bounds: [Double]

    init?(_ item: PageItem, index: Int) {
        guard case let .scrap(scrap) = item.content else { return nil }
        id = item.id.rawValue
        self.index = index
        outline = scrap.transform.apply(to: scrap.outline)?.svgPathData
        transform = scrap.transform.m
        image = scrap.image.map { Picture(width: $0.reference.pixelWidth, height: $0.reference.pixelHeight, blob: $0.reference.blob.rawValue) }
        strokes = scrap.items.filter { $0.stroke != nil }.count
        texts = scrap.items.compactMap { if case let .text(text) = $0.content { text.text } else { nil } }
        let b = scrap.bounds
        bounds = b.isNull ? [] : [b.minX, b.minY, b.width, b.height]
    }

    /// Every scrap of `page`, bottom first.
    static func all(on page: Page) -> [ScrapReport] {
        page.items.enumerated().compactMap { ScrapReport($1, index: $0) }
    }

    private enum CodingKeys: String, CodingKey { case id, index, outline, transform, image, strokes, texts, bounds }

    /// Written out by hand so that plain paper says `"image": null` rather than leaving the key out.
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(index, forKey: .index)
        try c.encode(outline, forKey: .outline)
        try c.encode(transform, forKey: .transform)
        try c.encode(image, forKey: .image)
        try c.encode(strokes, forKey: .strokes)
        try c.encode(texts, forKey: .texts)
        try c.encode(bounds, forKey: .bounds)
    }

    /// One line for `quire scraps list`.
    var line: String {
        let picture = image.map { "\($0.width)×\($0.height) picture \($0.blob.prefix(12))" } ?? "plain paper"
        let place = bounds.count == 4
            ? String(format: "at %.0f,%.0f %.0f×%.0f", bounds[0], bounds[1], bounds[2], bounds[3]) : "off the page"
        let words = texts.isEmpty ? "" : ", " + (texts.count == 1 ? "1 text box" : "\(texts.count) text boxes")
        return "\(id)  #\(index)  \(picture), \(place), \(counted(strokes, "stroke"))\(words)"
    }
}
