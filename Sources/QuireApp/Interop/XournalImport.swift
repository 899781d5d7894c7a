import QuireDocument
import QuireGeometry
import QuireInk
import QuireStorage
import QuireXournal
import QuireText

/// A Xournal++ document turned into Quire pages, checked whole before a notebook is touched: page sizes
/// and backgrounds, strokes drawn at Xournal++'s widths, pictures as photo scraps, and a count of what
/// was left out. `NotebookStore.create(…blobs:)` or `appendPages` then writes it in one transaction.
public struct XournalImport {
    public var pages: [Page]
    /// The pictures' bytes, each distinct one once.
    public var blobs: [BlobBytes]
    public var strokeCount = 0
    public var imageCount = 0
    public var textCount = 0
    public var skipped: [XournalSkip: Int]
    /// The PDF pages the file's pages lay on, recorded for when PDF backgrounds are imported: the Quire
    /// page (0-based), the PDF file as the .xopp names it (carried from the first page that names it)
    /// and the PDF's page number (1-based).
    public var pdfBackgrounds: [(pageIndex: Int, filename: String?, pdfPage: Int)] = []
    /// Why PDF backgrounds were left out (the PDF not found, or not readable), for the summary.
    public var pdfBackgroundProblems: [String] = []

    /// Page pixels (1/96 inch) per PDF point (1/72 inch).
    public static let pixelsPerPoint = 96.0 / 72.0

    public init(_ document: XournalDocument, path: String) throws {
        pages = []
        blobs = []
        skipped = document.skipped
        var seen: Set<BlobID> = []
        var pdfFile: String?
        let k = Self.pixelsPerPoint
        for (index, xpage) in document.pages.enumerated() {
            let size = PageSize(width: xpage.width * k, height: xpage.height * k)
            if let problem = size.problem {
                throw XournalFileError(path: path, reason: "page \(index + 1): \(problem)")
            }
            var background = PageBackground.blank
            switch xpage.background {
            case let .solid(color, style):
                background = Self.background(color: color, style: style)
            case let .pdf(filename, _, pdfPage):
                if let filename { pdfFile = filename }
                pdfBackgrounds.append((index, pdfFile, pdfPage))
                skipped[.pdfBackground, default: 0] += 1
            case .pixmap:
                skipped[.pictureBackground, default: 0] += 1
            }
            var items: [PageItem] = []
            items.reserveCapacity(xpage.elements.count)
            for element in xpage.elements {
                switch element {
                case let .stroke(stroke):
                    items.append(.stroke(Self.stroke(stroke)))
                    strokeCount += 1
                case let .image(image):
                    let picture: PictureFile
                    do {
                        picture = try PictureFile(bytes: image.data, name: "picture \(imageCount + 1)")
                    } catch let error as ImportError {
                        throw XournalFileError(path: path, reason: "page \(index + 1), picture \(imageCount + 1): \(error.reason)")
                    }
                    let blob = picture.blob
                    if seen.insert(blob.id).inserted { blobs.append(blob) }
                    items.append(PageItem(.scrap(Self.scrap(picture, blob: blob.id, rect: image.rect))))
                    imageCount += 1
                case let .text(typed):
                    items.append(PageItem(.text(Self.text(typed))))
                    textCount += 1
                }
            }
            pages.append(Page(size: size, background: background, items: items))
        }
    }

    /// Reads and converts the file at `path`; `progress` gets the pages read and the file's page count.
    public static func read(_ path: String, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws -> XournalImport {
        var imported = try XournalImport(XournalReader.read(path, progress: progress), path: path)
        imported.attachPDFBackgrounds(xoppPath: path)
        return imported
    }

    /// "3 pages, 120 strokes, 2 pictures, 1 text; 1 LaTeX image skipped, 1 PDF background not imported".
    public var summary: String {
        func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        var text = "\(counted(pages.count, "page")), \(counted(strokeCount, "stroke")), \(counted(imageCount, "picture"))"
        if textCount > 0 { text += ", \(textCount) text\(textCount == 1 ? "" : "s")" }
        let left = skipped.sorted { $0.key < $1.key }.map { $0.key.summary(count: $0.value) }
        if !left.isEmpty { text += "; " + left.joined(separator: ", ") }
        if !pdfBackgroundProblems.isEmpty { text += " (" + pdfBackgroundProblems.joined(separator: "; ") + ")" }
        return text
    }

    /// Xournal++'s paper: its colour, and its pattern as the nearest of Quire's, at Xournal++'s spacing
    /// (rules 24 pt apart, graph squares and dots 14.17 pt, 5 mm).
    static func background(color: XournalColor, style: String) -> PageBackground {
        let paper = InkColor(red: Float(color.red) / 255, green: Float(color.green) / 255, blue: Float(color.blue) / 255)
        switch style {
        case "lined", "ruled", "staves":
            return PageBackground(pattern: .ruled, paperColor: paper, spacing: 24 * pixelsPerPoint)
        case "graph", "isograph":
            return PageBackground(pattern: .grid, paperColor: paper, spacing: 14.17 * pixelsPerPoint)
        case "dotted", "isodotted":
            return PageBackground(pattern: .dotted, paperColor: paper, spacing: 14.17 * pixelsPerPoint)
        default:
            return PageBackground(pattern: .blank, paperColor: paper)
        }
    }

    /// A stroke Quire draws as Xournal++ does: straight segments between the points (smoothness 0), each
    /// point at its width. Widths vary by pressure from 0 to the widest, so pressure w/widest gives
    /// width w exactly through `PressureWidthEffect`'s linear curve. A highlighter is one width, its
    /// colour's alpha the layer's opacity.
    /// Xournal++'s text as a text box: the font size in page pixels, its box's top left an ascender
    /// above the first baseline (the font's, as Quire draws it).
    static func text(_ typed: XournalText) -> TextItem {
        let k = pixelsPerPoint
        let color = InkColor(red: Float(typed.color.red) / 255, green: Float(typed.color.green) / 255, blue: Float(typed.color.blue) / 255,
                             alpha: Float(typed.color.alpha) / 255)
        var item = TextItem(text: typed.text, origin: Point(typed.x * k, typed.y * k), fontFamily: typed.font, fontSize: typed.size * k,
                            color: color)
        item.origin.y += PageTextFonts.shared.ascender(of: item)
        return item
    }

    static func stroke(_ stroke: XournalStroke) -> Stroke {
        let k = pixelsPerPoint
        let widths = stroke.widths.map { $0 * k }
        let widest = widths.max() ?? stroke.width * k
        let color = StrokeColor.rgb(InkColor(red: Float(stroke.color.red) / 255, green: Float(stroke.color.green) / 255,
                                             blue: Float(stroke.color.blue) / 255, alpha: Float(stroke.color.alpha) / 255))
        let varies = widths.contains { $0 != widest }
        var style: StrokeStyle
        switch stroke.tool {
        case .pen:
            style = StrokeStyle(tool: .pen, color: color, brush: .hardRound, engineID: ShemanarevEngine.identifier,
                                effectIDs: [PressureWidthEffect.identifier],
                                minimumWidth: varies ? 0 : widest, maximumWidth: widest, smoothness: 0)
        case .eraser:
            style = StrokeStyle(tool: .eraser, color: color, brush: .hardRound, engineID: ShemanarevEngine.identifier,
                                effectIDs: [PressureWidthEffect.identifier, EraserEffect.identifier],
                                minimumWidth: varies ? 0 : widest, maximumWidth: widest, smoothness: 0)
        case .highlighter:
            style = StrokeStyle(tool: .highlighter, color: color, brush: .chisel, engineID: ShemanarevEngine.identifier,
                                effectIDs: [HighlighterEffect.identifier], minimumWidth: stroke.width * k,
                                maximumWidth: stroke.width * k, smoothness: 0)
        }
        style.cap = .round
        let samples = stroke.points.enumerated().map { index, point in
            InputSample(position: Point(point.x * k, point.y * k), pressure: widest > 0 ? widths[index] / widest : 1,
                        time: Double(index) * 0.005, device: .pen)
        }
        return Stroke(samples: samples, style: style)
    }

    /// A photo scrap showing `picture` over `rect` (points), stretched to it as Xournal++ draws it.
    static func scrap(_ picture: PictureFile, blob: BlobID, rect: Rect) -> Scrap {
        let k = pixelsPerPoint
        let width = Double(picture.info.uprightWidth), height = Double(picture.info.uprightHeight)
        let frame = Rect(x: 0, y: 0, width: width, height: height)
        let placement = AffineTransform.scale(rect.width * k / width, rect.height * k / height)
            .concatenating(.translation(rect.minX * k, rect.minY * k))
        let reference = ImageReference(blob: blob, pixelWidth: picture.info.uprightWidth, pixelHeight: picture.info.uprightHeight)
        return Scrap(outline: BezierPath(rect: frame), transform: Homography(placement),
                     image: ScrapImage(reference: reference, rect: frame))
    }
}
