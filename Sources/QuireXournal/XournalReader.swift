import Foundation
import QuireGeometry

/// Reads a Xournal++ file (.xopp, gzip'ed XML; plain XML is taken too) into a `XournalDocument`,
/// checking every number and count as it goes: a file that breaks `XournalLimits`, holds a number that
/// is not finite, a negative width or a coordinate far off the page, or is not well-formed, is refused
/// with a `XournalFileError` naming the file, the page and what is wrong.
public enum XournalReader {
    /// Reads the file at `path` as a stream, twice: a first pass counts its pages (the limit, the
    /// progress shown) and looks for a DOCTYPE, then the parse. Neither holds the file: memory stays that
    /// of the document read, whatever the file unpacks to (up to `XournalLimits.maximumXMLBytes`).
    public static func read(_ path: String, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws -> XournalDocument {
        let scan = try XournalPrescan.scan(GzipStream(path: path, limit: XournalLimits.maximumXMLBytes))
        try check(scan, path: path)
        let parser = try XMLPullParser(streaming: GzipStream(path: path, limit: XournalLimits.maximumXMLBytes), path: path)
        return try parse(parser, pageTags: scan.pageTags, path: path, progress: progress)
    }

    /// Parses the unpacked XML; `path` names the file in errors. `progress` gets the pages read so far
    /// and how many the file has, after each page.
    public static func parse(_ xml: [UInt8], path: String, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in })
        throws -> XournalDocument
    {
        try parse(ByteBuffer(xml), path: path, progress: progress)
    }

    static func parse(_ xml: ByteBuffer, path: String, progress: (_ done: Int, _ total: Int) -> Void) throws -> XournalDocument {
        let scan = XournalPrescan.scan(xml.bytes)
        try check(scan, path: path)
        return try parse(XMLPullParser(xml, path: path), pageTags: scan.pageTags, path: path, progress: progress)
    }

    /// Refuses a file the first pass found a DOCTYPE, too many comments or too many pages in.
    private static func check(_ scan: XournalPrescan, path: String) throws {
        if scan.declaresDocumentType {
            throw XournalFileError(path: path, reason: "it declares a DOCTYPE, which Xournal++ files never have")
        }
        guard scan.asides <= XournalLimits.maximumComments, scan.asideBytes <= XournalLimits.maximumCommentBytes else {
            throw XournalFileError(path: path, reason: "it holds more than \(XournalLimits.maximumComments) XML comments "
                                   + "or \(XournalLimits.maximumCommentBytes >> 20) MiB of them, which Xournal++ files never have")
        }
        guard scan.pageTags <= XournalLimits.maximumPages else {
            throw XournalFileError(path: path, reason: "it has \(scan.pageTags) pages, more than the \(XournalLimits.maximumPages) Quire imports")
        }
    }

    /// The parse itself; `total` pages are expected (for the progress shown).
    private static func parse(_ parser: XMLPullParser, pageTags total: Int, path: String,
                              progress: (_ done: Int, _ total: Int) -> Void) throws -> XournalDocument {
        var state = ParseState(path: path)
        var sawRoot = false
        while let event = try parser.next() {
            switch event {
            case let .start(name, attributes, isEmpty):
                if !sawRoot {
                    guard name == "xournal" || name == "xojpp" else {
                        throw XournalFileError(path: path, reason: "it is not a Xournal++ file (its XML is a <\(name)>, not a <xournal>)")
                    }
                    sawRoot = true
                }
                try state.start(name, attributes, line: parser.line)
                if isEmpty { try state.end(name) }
            case let .text(bytes):
                try state.text(bytes)
            case let .end(name):
                try state.end(name)
                if name == "page" { progress(state.document.pages.count, max(total, state.document.pages.count)) }
            }
        }
        guard sawRoot else { throw XournalFileError(path: path, reason: "it holds no XML elements") }
        guard !state.document.pages.isEmpty else { throw XournalFileError(path: path, reason: "it has no pages") }
        return state.document
    }
}

/// Where the parse is: the element stack and what the open page, stroke or image has gathered.
private struct ParseState {
    let path: String
    var document = XournalDocument()
    var stack: [String] = []
    var page: XournalPage?
    var stroke: (attributes: [String: String], line: Int)?
    var image: (attributes: [String: String], line: Int)?
    var typed: (attributes: [String: String], line: Int)?
    var content: [UInt8] = []
    var totalPoints = 0

    init(path: String) { self.path = path }

    private var pageNumber: Int { document.pages.count + 1 }

    private func error(_ reason: String) -> XournalFileError {
        XournalFileError(path: path, reason: "page \(pageNumber): \(reason)")
    }

    mutating func start(_ name: String, _ attributes: [String: String], line: Int) throws {
        let parent = stack.last
        stack.append(name)
        switch (parent, name) {
        case ("xournal", "page"), ("xojpp", "page"):
            guard document.pages.count < XournalLimits.maximumPages else {
                throw XournalFileError(path: path, reason: "it has more than \(XournalLimits.maximumPages) pages, the most Quire imports")
            }
            let width = try number("width", attributes, line: line)
            let height = try number("height", attributes, line: line)
            for (side, value) in [("width", width), ("height", height)] where !(value > 0 && value <= XournalLimits.maximumCoordinate) {
                throw error("the page's \(side) is \(value) pt (line \(line)); it must be above 0 and at most \(Int(XournalLimits.maximumCoordinate))")
            }
            page = XournalPage(width: width, height: height)
        case ("page", "background"):
            let parsed = try background(attributes, line: line)
            page?.background = parsed
        case ("page", "layer"):
            break
        case ("layer", "stroke"):
            stroke = (attributes, line)
            content.removeAll(keepingCapacity: true)
        case ("layer", "image"):
            image = (attributes, line)
            content.removeAll(keepingCapacity: true)
        case ("layer", "text"):
            typed = (attributes, line)
            content.removeAll(keepingCapacity: true)
        case ("layer", "teximage"):
            document.skipped[.texImage, default: 0] += 1
        case ("layer", _):
            document.skipped[.element(name), default: 0] += 1
        default:
            // The title, the preview picture, and anything inside a skipped element.
            break
        }
    }

    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard stroke != nil || image != nil || typed != nil, stack.last == "stroke" || stack.last == "image" || stack.last == "text"
        else { return }
        // A text's bytes are counted as they come: a huge one is refused before it is all held.
        if let (_, line) = typed, content.count + bytes.count > XournalLimits.maximumTextBytes {
            throw error("the text on line \(line) is longer than the \(XournalLimits.maximumTextCharacters) characters a Quire text box holds")
        }
        content.append(contentsOf: bytes)
    }

    mutating func end(_ name: String) throws {
        stack.removeLast()
        switch name {
        case "stroke" where stroke != nil && stack.last == "layer":
            let (attributes, line) = stroke!
            stroke = nil
            let made = try makeStroke(attributes, line: line)
            page?.elements.append(.stroke(made))
        case "text" where typed != nil && stack.last == "layer":
            let (attributes, line) = typed!
            typed = nil
            let made = try makeText(attributes, line: line)
            page?.elements.append(.text(made))
        case "image" where image != nil && stack.last == "layer":
            let (attributes, line) = image!
            image = nil
            let made = try makeImage(attributes, line: line)
            page?.elements.append(.image(made))
        case "page" where page != nil:
            document.pages.append(page!)
            page = nil
        default:
            break
        }
    }

    private func number(_ name: String, _ attributes: [String: String], line: Int) throws -> Double {
        guard let text = attributes[name] else { throw error("an element on line \(line) has no \(name)") }
        let (numbers, problem) = NumberList.parse(text)
        guard problem == nil, numbers.count == 1 else {
            throw error("\(name)=\"\(text.prefix(40))\" on line \(line) is not a finite number")
        }
        return numbers[0]
    }

    private func background(_ attributes: [String: String], line: Int) throws -> XournalBackground {
        switch attributes["type"] {
        case "solid", nil:
            let text = attributes["color"] ?? "white"
            guard let color = XournalColor(parsing: text, names: XournalColor.paperNames) else {
                throw error("the background colour \"\(text.prefix(40))\" on line \(line) is not #rrggbbaa or a colour name")
            }
            return .solid(color: color, style: attributes["style"] ?? "plain")
        case "pdf":
            var attributes = attributes
            // Xournal++ 1.0 writes the page number with C's long long suffix: pageno="1ll".
            if let text = attributes["pageno"], text.hasSuffix("ll") { attributes["pageno"] = String(text.dropLast(2)) }
            let number = try attributes["pageno"].map { _ in try self.number("pageno", attributes, line: line) } ?? 1
            guard number >= 1, number <= 1_000_000, number == number.rounded() else {
                throw error("the PDF background's page number \(number) on line \(line) is not a page number")
            }
            return .pdf(filename: attributes["filename"], domain: attributes["domain"], page: Int(number))
        case "pixmap":
            return .pixmap(filename: attributes["filename"], domain: attributes["domain"])
        case let other?:
            throw error("the background type \"\(other.prefix(40))\" on line \(line) is not solid, pdf or pixmap")
        }
    }

    private mutating func makeStroke(_ attributes: [String: String], line: Int) throws -> XournalStroke {
        let tool: XournalTool
        switch attributes["tool"] ?? "pen" {
        case "pen": tool = .pen
        case "highlighter": tool = .highlighter
        case "eraser": tool = .eraser
        case let other: throw error("the stroke on line \(line) has tool=\"\(other.prefix(40))\"; Xournal++ writes pen, highlighter or eraser")
        }
        let colorText = attributes["color"] ?? "black"
        guard let color = XournalColor(parsing: colorText) else {
            throw error("the stroke on line \(line) has colour \"\(colorText.prefix(40))\", not #rrggbbaa or a colour name")
        }
        guard let widthText = attributes["width"] else { throw error("the stroke on line \(line) has no width") }
        let (widths, widthProblem) = NumberList.parse(widthText)
        if let widthProblem { throw error("the stroke on line \(line) has a bad width: \(widthProblem)") }
        guard let width = widths.first else { throw error("the stroke on line \(line) has an empty width") }
        var lastWidth: Double?
        if attributes[XournalStroke.lastWidthAttribute] != nil {
            lastWidth = try number(XournalStroke.lastWidthAttribute, attributes, line: line)
        }
        if let bad = (widths + (lastWidth.map { [$0] } ?? [])).first(where: { !($0 >= 0 && $0 <= XournalLimits.maximumWidth) }) {
            throw error("the stroke on line \(line) has width \(bad) pt; widths must be from 0 to \(Int(XournalLimits.maximumWidth))")
        }
        let points = try content.withUnsafeBufferPointer { bytes -> [Point] in
            let count = NumberList.count(bytes)
            guard count % 2 == 0 else {
                throw error("the stroke on line \(line) has \(count) coordinates; they come in pairs (x y)")
            }
            guard count >= 2 else { throw error("the stroke on line \(line) has no points") }
            guard count / 2 <= XournalLimits.maximumPointsPerStroke else {
                throw error("the stroke on line \(line) has \(count / 2) points, more than the \(XournalLimits.maximumPointsPerStroke) Quire takes in one stroke")
            }
            totalPoints += count / 2
            guard totalPoints <= XournalLimits.maximumPoints else {
                throw XournalFileError(path: path, reason: "it has more than \(XournalLimits.maximumPoints) points in all, the most Quire imports from one file")
            }
            var numbers: [Double] = []
            numbers.reserveCapacity(count)
            if let problem = NumberList.parse(bytes, into: &numbers) {
                throw error("the stroke on line \(line) has a bad coordinate: \(problem)")
            }
            let limit = XournalLimits.maximumCoordinate
            if let far = numbers.first(where: { abs($0) > limit }) {
                throw error("the stroke on line \(line) has a coordinate \(far) pt, more than \(Int(limit)) pt from the page")
            }
            return stride(from: 0, to: numbers.count, by: 2).map { Point(numbers[$0], numbers[$0 + 1]) }
        }
        if let fill = attributes["fill"], fill.trimmingCharacters(in: .whitespaces) != "-1" { document.skipped[.fill, default: 0] += 1 }
        if let dashes = attributes["style"], !dashes.isEmpty, dashes != "plain" { document.skipped[.dashes, default: 0] += 1 }
        // As Xournal++: pressure widths fewer than the segments are ignored; beyond one a point, unused.
        var pointWidths = Array(widths.dropFirst())
        if pointWidths.count < points.count - 1 { pointWidths = [] }
        if pointWidths.count > points.count { pointWidths.removeLast(pointWidths.count - points.count) }
        if let lastWidth, pointWidths.count == points.count - 1, !pointWidths.isEmpty { pointWidths.append(lastWidth) }
        return XournalStroke(tool: tool, color: color, width: width, pointWidths: pointWidths, points: points)
    }

    private func makeText(_ attributes: [String: String], line: Int) throws -> XournalText {
        let x = try number("x", attributes, line: line), y = try number("y", attributes, line: line)
        for (name, value) in [("x", x), ("y", y)] where abs(value) > XournalLimits.maximumCoordinate {
            throw error("the text on line \(line) has \(name)=\(value) pt, more than \(Int(XournalLimits.maximumCoordinate)) pt from the page")
        }
        let size = try number("size", attributes, line: line)
        guard size > 0, size <= XournalLimits.maximumFontSize else {
            throw error("the text on line \(line) has size \(size) pt; a font size must be above 0 and at most \(Int(XournalLimits.maximumFontSize))")
        }
        let colorText = attributes["color"] ?? "black"
        guard let color = XournalColor(parsing: colorText) else {
            throw error("the text on line \(line) has colour \"\(colorText.prefix(40))\", not #rrggbbaa or a colour name")
        }
        guard let text = String(validating: content, as: UTF8.self) else {
            throw error("the text on line \(line) is not UTF-8")
        }
        guard text.count <= XournalLimits.maximumTextCharacters else {
            throw error("the text on line \(line) has \(text.count) characters, more than the \(XournalLimits.maximumTextCharacters) a Quire text box holds")
        }
        let font = (attributes["font"] ?? "Sans").trimmingCharacters(in: .whitespaces)
        return XournalText(x: x, y: y, font: font.isEmpty ? "Sans" : String(font.prefix(200)), size: size, color: color, text: text)
    }

    private func makeImage(_ attributes: [String: String], line: Int) throws -> XournalImage {
        var sides: [Double] = []
        for name in ["left", "top", "right", "bottom"] {
            let value = try number(name, attributes, line: line)
            guard abs(value) <= XournalLimits.maximumCoordinate else {
                throw error("the picture on line \(line) has \(name)=\(value) pt, more than \(Int(XournalLimits.maximumCoordinate)) pt from the page")
            }
            sides.append(value)
        }
        guard sides[2] > sides[0], sides[3] > sides[1] else {
            throw error("the picture on line \(line) has right ≤ left or bottom ≤ top: it covers nothing")
        }
        // base64 holds 3 bytes in 4 characters: the decoded size is known before decoding.
        guard content.count / 4 * 3 <= XournalLimits.maximumImageBytes else {
            throw error("the picture on line \(line) is more than \(XournalLimits.maximumImageBytes >> 20) MiB")
        }
        guard let data = Data(base64Encoded: Data(content), options: .ignoreUnknownCharacters), !data.isEmpty else {
            throw error("the picture on line \(line) is not base64 data")
        }
        return XournalImage(rect: Rect(x: sides[0], y: sides[1], width: sides[2] - sides[0], height: sides[3] - sides[1]),
                            data: [UInt8](data))
    }
}
