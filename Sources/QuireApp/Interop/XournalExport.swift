import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireStorage
import QuireXournal
import QuireText

/// Quire pages as Xournal++ pages: sizes in points, paper and pattern, every stroke with its width at
/// each point as Quire draws it (and its points exactly, so a round trip keeps them), ink on scraps
/// carried onto the page, and scraps' pictures as `<image>`s. Xournal++ has no turned or clipped
/// pictures: a scrap's whole picture is written, unclipped by its outline, when the scrap is only moved
/// and scaled; a turned or warped one is left out and counted, as is turned text. Text a scrap's outline
/// cuts (a box the scissors cut across, carried whole by a scrap each side) is written as the runs of
/// characters that show on it. A page on an imported PDF
/// page gets it as Xournal++'s PDF background, from the file `pdfBackground` wrote (one PDF a file).
public struct XournalExport {
    public private(set) var strokeCount = 0
    public private(set) var imageCount = 0
    public private(set) var textCount = 0
    /// What was left out: "turned or warped picture", "PDF page", "text", with counts.
    public private(set) var skipped: [String: Int] = [:]

    /// PDF points per page pixel.
    public static let pointsPerPixel = 72.0 / 96.0

    /// The bytes of a stored picture, by blob (the notebook's `blob(_:)`).
    private let picture: (BlobID) throws -> [UInt8]
    /// Pictures already converted, by blob: one JPEG shown by many scraps is encoded once.
    private var pngs: [BlobID: [UInt8]] = [:]

    /// Where the PDF a page lies on was written for Xournal++ to read (an absolute path), or nil when
    /// it cannot be given (Xournal++ takes one PDF a file: pages on a second PDF are left plain).
    private let pdfBackground: ((BlobID) throws -> String?)?
    /// Whether a page has named the PDF file yet: Xournal++ names it on the first page only.
    private var namedPDF = false

    public init(picture: @escaping (BlobID) throws -> [UInt8], pdfBackground: ((BlobID) throws -> String?)? = nil) {
        self.picture = picture
        self.pdfBackground = pdfBackground
    }

    public mutating func convert(_ page: Page) throws -> XournalPage {
        let k = Self.pointsPerPixel
        var result = XournalPage(width: page.size.width * k, height: page.size.height * k,
                                 background: Self.background(page.background))
        var items = page.items[...]
        // A page on a PDF page: that page as Xournal++'s PDF background (the file written beside).
        if case let .pdfPage(pdf)? = items.first?.content, let pdfBackground, let file = try pdfBackground(pdf.document) {
            result.background = .pdf(filename: namedPDF ? nil : file, domain: namedPDF ? nil : "absolute", page: pdf.pageIndex + 1)
            namedPDF = true
            items = items.dropFirst()
        }
        try add(Array(items), through: .identity, to: &result)
        return result
    }

    /// "12 strokes, 2 pictures; 1 PDF page skipped".
    public var summary: String {
        func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        var text = "\(counted(strokeCount, "stroke")), \(counted(imageCount, "picture"))"
        if textCount > 0 { text += ", \(textCount) text\(textCount == 1 ? "" : "s")" }
        let left = skipped.sorted { $0.key < $1.key }.map { counted($0.value, $0.key) + " skipped" }
        if !left.isEmpty { text += "; " + left.joined(separator: ", ") }
        return text
    }

    static func background(_ background: PageBackground) -> XournalBackground {
        let c = background.paperColor
        let color = XournalColor(red: InkColor.level(c.red), green: InkColor.level(c.green), blue: InkColor.level(c.blue))
        let style: String
        switch background.pattern {
        case .blank: style = "plain"
        case .ruled: style = "ruled"
        case .grid: style = "graph"
        case .dotted: style = "dotted"
        }
        return .solid(color: color, style: style)
    }

    /// `items` (in coordinates `transform` carries onto the page), bottom first; `outline`: the outline
    /// of the scrap carrying them, in the same coordinates, when they are a scrap's and some are text.
    private mutating func add(_ items: [PageItem], through transform: Homography, to page: inout XournalPage,
                              shownWithin outline: PreparedPath? = nil) throws {
        for item in items {
            switch item.content {
            case let .stroke(stroke):
                // A stroke with no usable sample draws nothing in Quire, and Xournal++ refuses a stroke without points.
                guard stroke.samples.contains(where: { $0.checkedForInk != nil }) else { continue }
                guard let converted = Self.stroke(stroke, through: transform) else {
                    skipped["stroke on a warped scrap", default: 0] += 1
                    continue
                }
                page.elements.append(.stroke(converted))
                strokeCount += 1
            case let .scrap(scrap):
                let placement = scrap.transform.concatenating(transform)
                if let image = scrap.image {
                    if let rect = Self.uprightRect(image.rect, placement) {
                        page.elements.append(.image(XournalImage(rect: rect.scaled(by: Self.pointsPerPixel),
                                                                 data: try png(image.reference.blob))))
                        imageCount += 1
                    } else {
                        skipped["turned or warped picture", default: 0] += 1
                    }
                }
                // The outline made ready only for text the scrap carries: nothing else is clipped here.
                let carriesText = scrap.items.contains { if case .text = $0.content { true } else { false } }
                try add(scrap.items, through: placement, to: &page, shownWithin: carriesText ? PreparedPath(scrap.outline) : nil)
            case let .image(placed):
                let q = placed.corners
                if q.upperLeft.y == q.upperRight.y, q.lowerLeft.y == q.lowerRight.y, q.upperLeft.x == q.lowerLeft.x,
                   q.upperRight.x == q.lowerRight.x, q.upperRight.x > q.upperLeft.x, q.lowerLeft.y > q.upperLeft.y,
                   let rect = Self.uprightRect(q.bounds, transform) {
                    page.elements.append(.image(XournalImage(rect: rect.scaled(by: Self.pointsPerPixel),
                                                             data: try png(placed.image.blob))))
                    imageCount += 1
                } else {
                    skipped["turned or warped picture", default: 0] += 1
                }
            case .pdfPage:
                skipped["PDF page", default: 0] += 1
            case let .text(text):
                // Xournal++'s text is always level.
                guard text.angle == 0 else {
                    skipped["turned text", default: 0] += 1
                    continue
                }
                let parts = outline.map { Self.parts(of: text, shownWithin: $0) } ?? [text]
                if parts.isEmpty { continue }
                let typed = parts.compactMap { Self.text($0, through: transform) }
                guard typed.count == parts.count else {
                    skipped["text on a turned or warped scrap", default: 0] += 1
                    continue
                }
                page.elements += typed.map { .text($0) }
                textCount += 1
            case let .custom(custom):
                skipped[custom.displayName, default: 0] += 1
            }
        }
    }

    /// A level text box as Xournal++'s text, when `transform` only moves and scales it: its top left (an
    /// ascender above its first baseline) and size in points; a wrapped box's lines broken where Quire
    /// shows them (Xournal++ boxes have no width).
    static func text(_ item: TextItem, through transform: Homography) -> XournalText? {
        let ascender = PageTextFonts.shared.ascender(of: item)
        guard let box = uprightRect(Rect(x: item.origin.x, y: item.origin.y - ascender, width: item.fontSize, height: item.fontSize), transform)
        else { return nil }
        let k = pointsPerPixel, scale = box.width / item.fontSize
        let c = item.color
        return XournalText(x: box.minX * k, y: box.minY * k, font: item.fontFamily, size: item.fontSize * scale * k,
                           color: XournalColor(red: InkColor.level(c.red), green: InkColor.level(c.green), blue: InkColor.level(c.blue),
                                               alpha: InkColor.level(c.alpha)),
                           text: item.wrapWidth == nil ? item.text : PageTextFonts.shared.layout(of: item)?.lines.joined(separator: "\n") ?? item.text)
    }

    /// What of the level box `text` shows within a scrap's `outline` (both in the scrap's coordinates),
    /// as Xournal++ can have it, having no clipped text: the whole box when it lies inside, nothing when
    /// outside, and where the outline runs across it, each run of characters on one line whose middles
    /// lie inside, as a box of its own placed where those characters were. The other side of a cut then
    /// writes the rest, so the box reads whole while its sides lie together and each part moves with its
    /// own. The whole box when it cannot be laid out (no font).
    static func parts(of text: TextItem, shownWithin outline: PreparedPath) -> [TextItem] {
        guard let layout = PageTextFonts.shared.layout(of: text) else { return [text] }
        switch outline.placement(ofConvex: layout.corners.corners, fillRule: .evenOdd) {
        case .inside?: return [text]
        case .outside?: return []
        case nil: break
        }
        var parts: [TextItem] = []
        for (line, characters) in layout.lines.map(Array.init).enumerated() {
            let stops = layout.caretStops[line]
            let middleHeight = -layout.ascender + (Double(line) + 0.5) * layout.lineHeight
            let shown = (0..<min(characters.count, stops.count - 1)).map { column in
                outline.contains(layout.localToPage.apply(Point((stops[column] + stops[column + 1]) / 2, middleHeight)), fillRule: .evenOdd)
            }
            var column = 0
            while column < shown.count {
                guard shown[column] else {
                    column += 1
                    continue
                }
                let start = column
                while column < shown.count, shown[column] { column += 1 }
                let run = String(characters[start..<column])
                guard run.contains(where: { !$0.isWhitespace }) else { continue }
                var part = text
                part.text = run
                part.wrapWidth = nil
                part.origin = layout.localToPage.apply(Point(stops[start], Double(line) * layout.lineHeight))
                parts.append(part)
            }
        }
        return parts
    }

    /// `rect` carried onto the page by `transform` when that only moves and scales it (no turn, shear
    /// or perspective, no mirroring); nil otherwise.
    static func uprightRect(_ rect: Rect, _ transform: Homography) -> Rect? {
        guard let t = transform.affineTransform, abs(t.b) < 1e-9, abs(t.c) < 1e-9, t.a > 0, t.d > 0 else { return nil }
        return t.apply(rect)
    }

    /// The stroke's samples in page points, each with the width Quire draws there (its effects run over
    /// the samples as the engines run them), one width a point. Nil on a scrap warped in perspective,
    /// whose ink has no one width scale.
    static func stroke(_ stroke: Stroke, through transform: Homography) -> XournalStroke? {
        guard let affine = transform.affineTransform else { return nil }
        let k = pointsPerPixel
        let widthScale = abs(affine.determinant).squareRoot() * k
        let samples = stroke.samples.compactMap(\.checkedForInk)
        var styling = InkStyling(style: stroke.style, effects: InkEngineRegistry.standard.makeEffects(stroke.style.effectIDs))
        let widths = samples.map { styling.dab(for: $0).diameter * widthScale }
        let points = samples.map { affine.apply($0.position).scaled(by: k) }
        let style = stroke.style
        let tool: XournalTool = switch style.tool {
        case .pen, .marker: .pen
        case .highlighter: .highlighter
        case .eraser: .eraser
        }
        // Opacity: a highlighter's is its layer's; a marker's varies with pressure in Quire, here its firmest.
        let c = style.color.displayColor
        let color = XournalColor(red: InkColor.level(c.red), green: InkColor.level(c.green), blue: InkColor.level(c.blue),
                                 alpha: InkColor.level(c.alpha * Float(style.maximumOpacity)))
        let nominal = widths.max() ?? style.maximumWidth * widthScale
        let varies = widths.contains { $0 != nominal }
        return XournalStroke(tool: tool, color: color, width: nominal, pointWidths: varies ? widths : [], points: points)
    }

    /// A picture's bytes as PNG: Xournal++ reads only PNG pictures, so a JPEG is decoded (upright, by its
    /// EXIF orientation, as Quire shows it) and written as PNG.
    private mutating func png(_ blob: BlobID) throws -> [UInt8] {
        if let known = pngs[blob] { return known }
        let bytes = try picture(blob)
        let converted = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? bytes : try PNG.encode(try ImageFile.decode(bytes))
        pngs[blob] = converted
        return converted
    }
}

private extension Point {
    func scaled(by k: Double) -> Point { Point(x * k, y * k) }
}

private extension Rect {
    func scaled(by k: Double) -> Rect { Rect(x: minX * k, y: minY * k, width: width * k, height: height * k) }
}
