import QuireGeometry

/// A Xournal++ document as its file holds it, in its own units (PDF points, 1/72 inch, from the page's
/// top left corner): what `XournalReader` reads and `XournalWriter` writes. Layers are merged, bottom
/// first; what Quire cannot show is counted in `skipped` rather than kept.
public struct XournalDocument: Equatable, Sendable {
    public var pages: [XournalPage]
    /// Elements and backgrounds left out, and how many of each.
    public var skipped: [XournalSkip: Int]

    public init(pages: [XournalPage] = [], skipped: [XournalSkip: Int] = [:]) {
        self.pages = pages
        self.skipped = skipped
    }
}

public struct XournalPage: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public var background: XournalBackground
    /// Every layer's elements, the lowest layer's first.
    public var elements: [XournalElement]

    public init(width: Double, height: Double, background: XournalBackground = .solid(color: .white, style: "plain"),
                elements: [XournalElement] = []) {
        self.width = width
        self.height = height
        self.background = background
        self.elements = elements
    }
}

public enum XournalBackground: Equatable, Sendable {
    /// Paper of one colour, with a pattern: "plain", "lined", "ruled", "graph", "dotted", … (Xournal++'s names).
    case solid(color: XournalColor, style: String)
    /// A page of a PDF file: the file as named (nil on every page but the first that names it) and its
    /// 1-based page number.
    case pdf(filename: String?, domain: String?, page: Int)
    /// A picture file or an attached one.
    case pixmap(filename: String?, domain: String?)
}

public enum XournalElement: Equatable, Sendable {
    case stroke(XournalStroke)
    case image(XournalImage)
    case text(XournalText)
}

/// Typed text as Xournal++ keeps it: its box's top left, its font (Pango's family name, "Sans") and
/// size in points, its colour and its lines.
public struct XournalText: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var font: String
    public var size: Double
    public var color: XournalColor
    public var text: String

    public init(x: Double, y: Double, font: String, size: Double, color: XournalColor, text: String) {
        self.x = x
        self.y = y
        self.font = font
        self.size = size
        self.color = color
        self.text = text
    }
}

public enum XournalTool: String, Equatable, Sendable, CaseIterable {
    case pen, highlighter, eraser
}

public struct XournalStroke: Equatable, Sendable {
    public var tool: XournalTool
    public var color: XournalColor
    /// The nominal width, in points.
    public var width: Double
    /// Widths from pressure, one a point (Xournal++ writes one fewer: the segment from each point to the
    /// next; the last point then takes the one before it). Empty for a stroke of one width.
    public var pointWidths: [Double]
    public var points: [Point]

    /// Quire's own attribute for the last point's width, which Xournal++'s format has no place for (it
    /// keeps one width a segment); Xournal++ passes over attributes it does not know.
    public static let lastWidthAttribute = "quire-last-width"

    public init(tool: XournalTool, color: XournalColor, width: Double, pointWidths: [Double] = [], points: [Point]) {
        self.tool = tool
        self.color = color
        self.width = width
        self.pointWidths = pointWidths
        self.points = points
    }

    /// The width at each point as Xournal++ draws it: the segment leaving a point has that point's width.
    public var widths: [Double] {
        guard !pointWidths.isEmpty, pointWidths.count >= points.count - 1 else {
            return Array(repeating: width, count: points.count)
        }
        return points.indices.map { pointWidths[min($0, pointWidths.count - 1)] }
    }
}

/// A picture laid on the page over a rectangle (left, top, right, bottom in points).
public struct XournalImage: Equatable, Sendable {
    public var rect: Rect
    /// The file's bytes as embedded (a PNG, as Xournal++ writes).
    public var data: [UInt8]

    public init(rect: Rect, data: [UInt8]) {
        self.rect = rect
        self.data = data
    }
}
