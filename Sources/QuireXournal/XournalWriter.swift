import Foundation
import QuireGeometry

/// Writes a gzip'ed .xopp that Xournal++ (1.1 and later) opens: one layer a page, strokes with their
/// widths, pictures as base64 PNG. Pages go out one by one as they are added, never held as one string,
/// and the file appears at `path` only when `finish` has written all of it.
public final class XournalWriter {
    /// Xournal++'s current file format version, as its own files say.
    public static let fileVersion = 4

    private let out: GzipFileWriter

    public init(path: String, creator: String) throws {
        // zlib's fastest level: on page XML it packs within about 10% of the default level (6), six
        // times as fast (`quire-bench --only xopp`).
        out = try GzipFileWriter(path: path, level: 1)
        try out.write("<?xml version=\"1.0\" standalone=\"no\"?>\n")
        try out.write("<xournal creator=\"\(Self.escaped(creator))\" fileversion=\"\(Self.fileVersion)\">\n")
        try out.write("<title>Xournal++ document - see https://xournalpp.github.io/</title>\n")
    }

    public func add(_ page: XournalPage) throws {
        try out.write(Self.xml(for: page))
    }

    /// Ends the document and moves the file into place. Without it (an error on the way) no file is left.
    public func finish() throws {
        try out.write("</xournal>\n")
        try out.finish()
    }

    /// One `<page>` element, its elements in one layer.
    static func xml(for page: XournalPage) -> String {
        var text = "<page width=\"\(number(page.width))\" height=\"\(number(page.height))\">\n"
        switch page.background {
        case let .solid(color, style):
            text += "<background type=\"solid\" color=\"\(color.text)\" style=\"\(escaped(style))\"/>\n"
        case let .pdf(filename, domain, page):
            // As Xournal++ writes it: the file and its domain on the first page that names it only.
            text += "<background type=\"pdf\""
            if let domain { text += " domain=\"\(escaped(domain))\"" }
            if let filename { text += " filename=\"\(escaped(filename))\"" }
            text += " pageno=\"\(max(1, page))\"/>\n"
        case .pixmap:
            // Quire never writes these (it has no picture backgrounds): plain white.
            text += "<background type=\"solid\" color=\"#ffffffff\" style=\"plain\"/>\n"
        }
        text += "<layer>\n"
        for element in page.elements {
            switch element {
            case let .stroke(stroke): append(stroke, to: &text)
            case let .image(image): append(image, to: &text)
            case let .text(typed): append(typed, to: &text)
            }
        }
        text += "</layer>\n</page>\n"
        return text
    }

    private static func append(_ stroke: XournalStroke, to text: inout String) {
        // Xournal++ refuses a stroke of fewer than two points: a dot is written as two at one place.
        let points = stroke.points.count == 1 ? stroke.points + stroke.points : stroke.points
        text += "<stroke tool=\"\(stroke.tool.rawValue)\" color=\"\(stroke.color.text)\" width=\"\(number(stroke.width))"
        // Xournal++ keeps a width for each segment, n − 1 of them, and warns of any other count. Quire
        // draws the last point at a width of its own: that one goes in an attribute Xournal++ passes over,
        // so a round trip through Quire keeps every point's width.
        var lastWidth: Double?
        if !stroke.pointWidths.isEmpty {
            let segments = points.count - 1
            let widths = (0..<segments).map { stroke.pointWidths[min($0, stroke.pointWidths.count - 1)] }
            for width in widths { text += " " + number(width) }
            if stroke.pointWidths.count == points.count { lastWidth = stroke.pointWidths.last }
        }
        text += "\""
        if let lastWidth { text += " \(XournalStroke.lastWidthAttribute)=\"\(number(lastWidth))\"" }
        text += ">"
        for (index, point) in points.enumerated() {
            if index > 0 { text += " " }
            text += number(point.x) + " " + number(point.y)
        }
        text += "</stroke>\n"
    }

    private static func append(_ typed: XournalText, to text: inout String) {
        text += "<text font=\"\(escaped(typed.font))\" size=\"\(number(typed.size))\" x=\"\(number(typed.x))\" y=\"\(number(typed.y))\""
        text += " color=\"\(typed.color.text)\">\(escaped(typed.text))</text>\n"
    }

    private static func append(_ image: XournalImage, to text: inout String) {
        let r = image.rect
        text += "<image left=\"\(number(r.minX))\" top=\"\(number(r.minY))\" right=\"\(number(r.maxX))\" bottom=\"\(number(r.maxY))\">"
        text += Data(image.data).base64EncodedString()
        text += "</image>\n"
    }

    /// The shortest text that reads back as the same single-precision number, which is as precisely as
    /// Quire keeps points and widths (notebooks store them as 32-bit floats): "12.5", not
    /// "12.499999523162842". Whole numbers without ".0".
    static func number(_ value: Double) -> String {
        let v = value == 0 ? 0 : value
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        guard abs(v) < 1e30 else { return v.description }
        return Float(v).description
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
