import CCairo
import Foundation
import QuireDocument
import QuireGeometry
import QuireText

/// Where a text box lies among what cairo draws into an SVG. Cairo would draw a box's glyphs as
/// outlines, which nothing reads as text; a `<text>` element added after cairo's drawing lay over
/// everything else on the page — over a photo laid on the words, outside the outline of a scrap
/// holding them, out of an eraser's reach. So in the box's place cairo fills a marker: a rectangle round
/// the box in a colour no page uses (green 3.14159 %, blue 2.71828 %), its red numbering the box. The
/// stream (`SVGStream`) swaps each marker's `<path>` for the box's `<text>`, placed by the marker's
/// corners, so it lands inside whatever clip group (a scrap's outline, an eraser's cut) and group
/// cairo put the marker in, in the page's order. A marker cairo leaves out (the box wholly off the page
/// or outside its clip) leaves out words that would not show.
enum SVGTextMarker {
    static let green = 0.0314159, blue = 0.0271828
    /// Boxes one page can number: red runs from 0.0001 % (the first) to 100 %.
    static let limit = 999_999
    /// The largest side of a marker in the SVG's pixels: cairo keeps paths in 24.8 fixed point.
    private static let largestSide = 1_000_000.0

    /// The red that numbers box `index` (0-based).
    static func red(numbering index: Int) -> Double { Double(index + 1) / 1_000_000 }

    /// The rectangle filled for a box, in its own units (the first line's baseline from 0, lines going
    /// down): wider and taller than any font draws its lines, so a marker is left out only where none
    /// of its text would show.
    static func localRect(of item: TextItem, scale: Double) -> Rect {
        let size = item.fontSize
        let lines = item.wrapWidth == nil ? TextBlock.lines(of: item.text) : PageTextFonts.shared.layout(of: item)?.lines ?? TextBlock.lines(of: item.text)
        let longest = lines.map { $0.count }.max() ?? 0
        let limit = largestSide / max(scale, 1e-6)
        let width = min((item.wrapWidth ?? Double(max(longest, 1)) * size * 1.5) + 2 * size, limit)
        let height = min(Double(max(lines.count, 1)) * size * 2 + 2 * size, limit)
        return Rect(x: -size, y: -2 * size, width: width, height: height)
    }

    /// Fills box `index`'s marker where `TextDrawing` would draw its glyphs. Nothing for a box the
    /// markers cannot number (it is drawn as glyphs instead) or one that draws nothing.
    static func draw(_ item: TextItem, frame: TextFrame, index: Int, on context: OpaquePointer) {
        guard index < limit else { return TextDrawing.draw(item, frame: frame, on: context) }
        guard frame.origin.x.isFinite, frame.origin.y.isFinite, frame.angle.isFinite, frame.scale.isFinite, frame.scale > 0,
              PageItem.Content.text(item).problem == nil else { return }
        let rect = localRect(of: item, scale: frame.scale)
        cairo_save(context)
        cairo_translate(context, frame.origin.x, frame.origin.y)
        cairo_rotate(context, frame.angle)
        cairo_scale(context, frame.scale, frame.scale)
        cairo_set_source_rgba(context, red(numbering: index), green, blue, 1)
        // The rectangle with a fifth corner out of its left side: cairo fills a rectangle covering the
        // whole surface as a paint (a `<rect>` with no corners of the box's).
        cairo_new_path(context)
        cairo_move_to(context, rect.minX, rect.minY)
        cairo_line_to(context, rect.maxX, rect.minY)
        cairo_line_to(context, rect.maxX, rect.maxY)
        cairo_line_to(context, rect.minX, rect.maxY)
        cairo_line_to(context, rect.minX - item.fontSize, rect.center.y)
        cairo_close_path(context)
        cairo_fill(context)
        cairo_restore(context)
    }

    /// What an element at the start of `bytes` is (its "<path" or "<rect").
    enum Match: Equatable {
        /// Not a marker: passed on as it is.
        case other
        /// Too little of it has come to tell, or it has not ended yet.
        case incomplete
        /// A marker of `length` bytes: box `index`, its first, second and fourth corners as drawn (the
        /// local rectangle's top left, top right and bottom left); none where cairo filled the whole
        /// surface with it instead (a `<rect>`).
        case marker(length: Int, index: Int, corners: [Point])
        /// A marker whose corners cannot be read: dropped.
        case unreadable(length: Int)
    }

    /// A marker's whole element is shorter than this (five corners and a style); an element still
    /// open this far is passed on.
    private static let longestMarker = 1_200

    /// Reads the element starting at `bytes[start]`.
    static func match(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Match {
        let available = bytes.count - start
        guard let end = find(Array("/>".utf8), in: bytes, from: start, within: longestMarker) else {
            return available < longestMarker ? .incomplete : .other
        }
        let length = end + 2 - start
        let element = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(end + 2)]), as: UTF8.self)
        let data = element.range(of: " d=\"")
        guard let index = numbering(String(element[..<(data?.lowerBound ?? element.endIndex)])) else { return .other }
        guard element.hasPrefix("<path") else { return .marker(length: length, index: index, corners: []) }
        guard let data else { return .unreadable(length: length) }
        let numbers = element[data.upperBound...].split { !($0.isNumber || $0 == "." || $0 == "-") }.compactMap { Double($0) }
        guard numbers.count >= 10, numbers.allSatisfy(\.isFinite) else { return .unreadable(length: length) }
        // M top-left L top-right L bottom-right L bottom-left L (the fifth) Z: each corner placed.
        let corners = [Point(numbers[0], numbers[1]), Point(numbers[2], numbers[3]), Point(numbers[6], numbers[7])]
        return .marker(length: length, index: index, corners: corners)
    }

    /// The box a marker's style numbers, or nil for any other fill: "fill:rgb(R%,G%,B%)" as cairo 1.16
    /// writes it (spaces after the commas, or a `fill="rgb(…)"` attribute, as later cairos write, read too).
    static func numbering(_ style: String) -> Int? {
        guard let open = style.range(of: "rgb(") else { return nil }
        let rest = style[open.upperBound...]
        guard let close = rest.firstIndex(of: ")") else { return nil }
        let channels = rest[..<close].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard channels.count == 3, channels.allSatisfy({ $0.hasSuffix("%") }) else { return nil }
        let percents = channels.compactMap { Double($0.dropLast()) }
        guard percents.count == 3, abs(percents[1] - green * 100) < 5e-6, abs(percents[2] - blue * 100) < 5e-6 else { return nil }
        let index = Int((percents[0] * 10_000).rounded()) - 1
        return (0..<limit).contains(index) ? index : nil
    }

    /// The frame box `item` is drawn at in the marker's space, worked out from its `corners` (as
    /// `match` read them; without them, as drawn) and the frame it was drawn at (`drawn`): where the two agree but
    /// for where the box starts (the page's own space, or a group cairo moved), the drawn angle and scale
    /// are kept exactly; nil when the corners are not the marker's rectangle.
    static func frame(of item: TextItem, drawn: TextFrame, corners: [Point]) -> TextFrame? {
        guard corners.count == 3 else { return drawn }
        let rect = localRect(of: item, scale: drawn.scale)
        let across = Point(corners[1].x - corners[0].x, corners[1].y - corners[0].y)
        let down = Point(corners[2].x - corners[0].x, corners[2].y - corners[0].y)
        let scale = (across.x * across.x + across.y * across.y).squareRoot() / rect.width
        let downScale = (down.x * down.x + down.y * down.y).squareRoot() / rect.height
        guard scale > 0, scale.isFinite, abs(downScale / scale - 1) < 0.01 else { return nil }
        var angle = atan2(across.y, across.x)
        var kept = scale
        let turn = remainder(angle - drawn.angle, 2 * .pi)
        if abs(turn) < 1e-3, abs(scale / drawn.scale - 1) < 1e-3 {
            (angle, kept) = (drawn.angle, drawn.scale)
        }
        // The box's origin: the rectangle's corner less its offset, turned and scaled.
        let (c, s) = (cos(angle) * kept, sin(angle) * kept)
        var origin = Point(corners[0].x - (c * rect.minX - s * rect.minY), corners[0].y - (s * rect.minX + c * rect.minY))
        // Cairo placed the corners to 1/256 of a pixel, and moves a group's surface by whole pixels:
        // where the box moved by whole pixels give or take that, it moved by exactly those.
        let moved = Point(origin.x - drawn.origin.x, origin.y - drawn.origin.y)
        if abs(moved.x - moved.x.rounded()) < 1.0 / 64, abs(moved.y - moved.y.rounded()) < 1.0 / 64 {
            origin = Point(drawn.origin.x + moved.x.rounded(), drawn.origin.y + moved.y.rounded())
        }
        return TextFrame(origin: origin, angle: angle, scale: kept)
    }

    /// Where `needle` starts in `bytes[from...]`, looking no further than `within` bytes past `from`.
    private static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int, within: Int) -> Int? {
        let last = min(bytes.count - needle.count, from + within)
        guard from <= last else { return nil }
        for at in from...last where bytes[at] == needle[0] {
            var whole = true
            for k in 1..<needle.count where bytes[at + k] != needle[k] { whole = false; break }
            if whole { return at }
        }
        return nil
    }
}
