import CCairo
import Foundation
import QuireDocument
import QuireInk
import QuireText

/// Text boxes in an SVG as `<text>` elements, so a browser or an editor (Inkscape) selects, finds and
/// edits them as text: one element a box, a `<tspan>` a line as the window breaks them, in the box's
/// font family, size and colour, turned and placed by a transform. Cairo's SVG surface would draw the
/// glyphs as outlines, which nothing reads as text.
enum SVGTextElements {
    /// The elements for the text steps of a plan, in their order.
    static func markup(for steps: [VectorDrawingStep]) -> String {
        var markup = ""
        for case let .text(item, frame) in steps { markup += element(item, frame: frame) }
        return markup
    }

    static func element(_ item: TextItem, frame: TextFrame) -> String {
        guard frame.origin.x.isFinite, frame.origin.y.isFinite, frame.angle.isFinite, frame.scale.isFinite, frame.scale > 0,
              PageItem.Content.text(item).problem == nil else { return "" }
        let layout = PageTextFonts.shared.layout(of: item)
        let lines = layout?.lines ?? TextBlock.lines(of: item.text)
        let lineHeight = layout?.lineHeight ?? item.fontSize * 1.2
        let c = item.color
        let degrees = frame.angle * 180 / .pi
        var element = "<text transform=\"translate(\(number(frame.origin.x)) \(number(frame.origin.y))) rotate(\(number(degrees))) "
            + "scale(\(number(frame.scale)))\" font-family=\"\(escaped(item.fontFamily))\" font-size=\"\(number(item.fontSize))\" "
            + "fill=\"rgb(\(channel(c.red)),\(channel(c.green)),\(channel(c.blue)))\" fill-opacity=\"\(number(Double(c.alpha)))\" "
            + "xml:space=\"preserve\">"
        for (index, line) in lines.enumerated() where !line.isEmpty {
            element += "<tspan x=\"0\" y=\"\(number(Double(index) * lineHeight))\">\(escaped(line.replacingOccurrences(of: "\t", with: " ")))</tspan>"
        }
        return element + "</text>\n"
    }

    private static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private static func channel(_ value: Float) -> Int { Int(InkColor.level(value)) }

    /// `text` safe inside an element or a quoted attribute: markup characters as entities, and the
    /// characters XML 1.0 cannot hold (controls other than tab and line breaks) left out.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                if v < 0x20 || v == 0xFFFE || v == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Passes cairo's SVG on to the file, holding back its last bytes, so `finish` can put more elements
/// in before the closing `</svg>`.
final class SVGStream {
    private let file: PartialFile
    private var held: [UInt8] = []
    /// Enough for `</svg>` and the line breaks round it.
    private static let holdBack = 64

    init(file: PartialFile) {
        self.file = file
    }

    static let cairoWrite: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let stream = Unmanaged<SVGStream>.fromOpaque(closure).takeUnretainedValue()
        return stream.write(UnsafeBufferPointer(start: data, count: Int(length))) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
    }

    var cairoClosure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private func write(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        held.append(contentsOf: bytes)
        guard held.count > Self.holdBack else { return true }
        let passing = held.count - Self.holdBack
        let ok = held.withUnsafeBufferPointer { file.write($0.baseAddress, count: passing) }
        held.removeFirst(passing)
        return ok
    }

    /// Writes `markup` before the closing `</svg>` (at the end when there is none), then the rest.
    func finish(inserting markup: String) -> Bool {
        let close = Array("</svg>".utf8)
        var at = held.count
        if held.count >= close.count {
            for start in stride(from: held.count - close.count, through: 0, by: -1) where Array(held[start..<(start + close.count)]) == close {
                at = start
                break
            }
        }
        let whole = Array(held[..<at]) + Array(markup.utf8) + Array(held[at...])
        held = []
        return whole.withUnsafeBufferPointer { file.write($0.baseAddress, count: $0.count) }
    }
}
