import Foundation
import QuireApp
import QuireDocument
import QuireGeometry
import QuireInk
import QuireText

/// A text box's stored row (its JSON, as a notebook keeps it) decoded, held to `ItemLimits`, then
/// laid out and drawn as the window and the exports do: any bytes are a text box or an error, never a
/// trap, a hang or a picture sized from a hostile number.
func textTarget() -> FuzzTarget {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let seeds = [
        TextItem(text: "Lecture 3\nEntropy always grows — ΔS ≥ 0", origin: Point(100, 150), fontSize: 24),
        TextItem(text: "日本語 é ß\r\nΩ\t tab", origin: Point(-20, 5000), fontFamily: "Serif", fontSize: 4,
                 color: InkColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.5)),
        // Turned and wrapped: the mutations reach the angle and the width.
        TextItem(text: "words that wrap at the box's width, turned", origin: Point(300, 200), fontSize: 18, angle: 0.6, wrapWidth: 90),
    ].compactMap { try? [UInt8](encoder.encode($0)) }
    return FuzzTarget(name: "text", seeds: seeds, protectedPrefix: 0) { bytes in
        let item = try JSONDecoder().decode(TextItem.self, from: Data(bytes))
        if let problem = PageItem.Content.text(item).problem { throw FuzzRefusal(problem) }
        _ = PageTextFonts.shared.layout(of: item)
        _ = PageTextFonts.shared.image(of: item, detail: 1)
        _ = PageTextFonts.shared.image(of: item, detail: 4)
        _ = PageTextFonts.shared.lineImages(of: item, detail: 2)
        _ = item.bounds
    }
}

/// Why a case was refused (what a reader says of it).
struct FuzzRefusal: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
