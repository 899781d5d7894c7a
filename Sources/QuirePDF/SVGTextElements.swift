import Foundation
import QuireDocument
import QuireInk
import QuireText

/// Text boxes in an SVG as `<text>` elements, so a browser or an editor (Inkscape) selects, finds and
/// edits them as text: one element a box, a `<tspan>` a line as the window breaks them, in the box's
/// font family, size and colour, turned and placed by a transform. Cairo's SVG surface would draw the
/// glyphs as outlines, which nothing reads as text; each element takes its marker's place (`SVGTextMarker`).
enum SVGTextElements {
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

    /// `value` to a thousandth, whole numbers without a decimal point (finite values only reach here).
    private static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
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
