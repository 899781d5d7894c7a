import Foundation
import QuireGeometry
import QuireInk
import QuireRender
import QuireText

/// What the settings panels (pen, text) draw alike: labels from the glyph atlas and sliders.
final class PanelLabels {
    let text: TextRasterizer?
    /// Laid out by their text, size and room (values change as sliders move; old ones are dropped).
    private var runs: [String: GlyphRun?] = [:]

    init(text: TextRasterizer?) {
        self.text = text
    }

    /// `words` at the top left of `rect`, cut short to its width.
    func items(_ words: String, size: Double, in rect: Rect, color: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> [OverlayItem] {
        guard let text else { return [] }
        let key = "\(words)-\(size)-\(Int(rect.width))"
        if runs[key] == nil {
            // Keep the labels of now, not every value a slider passed through.
            if runs.count > 64 { runs.removeAll() }
            runs[key] = try? text.run(words, size: size, maximumWidth: max(1, Int(rect.width)))
        }
        guard let run = runs[key] ?? nil else { return [] }
        return [.text(run, at: Point(rect.minX, rect.minY), color: color)]
    }

    /// How wide `words` are laid out at `size` (0 without a font).
    func width(of words: String, size: Double) -> Double {
        guard let text, let width = try? text.layout(of: words, size: size).width else { return 0 }
        return Double(width)
    }
}

enum PanelDrawing {
    static let panelColor = InkColor(red: 0.13, green: 0.13, blue: 0.15)
    static let accent = InkColor(red: 0.27, green: 0.47, blue: 0.85)
    static let faint = InkColor(red: 1, green: 1, blue: 1, alpha: 0.18)
    static let light = InkColor(red: 0.93, green: 0.93, blue: 0.95)
    static let textColor: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (235, 235, 238, 255)
    static let dimTextColor: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (160, 160, 170, 255)

    /// A track lit up to its knob at `position` (0…1); the knob larger while held.
    static func slider(track: Rect, position: Double, held: Bool, scale s: Double) -> [OverlayItem] {
        let knob = Point(track.minX + track.width * position, track.center.y)
        let radius = (held ? 8 : 7) * s
        return [
            .polygon(InterfaceShape.roundedRect(track, radius: track.height / 2), color: faint),
            .polygon(InterfaceShape.roundedRect(Rect(x: track.minX, y: track.minY, width: max(track.height, knob.x - track.minX),
                                                     height: track.height), radius: track.height / 2), color: accent),
            .polygon(disc(knob, radius: radius), color: light),
        ]
    }

    static func disc(_ center: Point, radius: Double) -> [Point] {
        (0..<24).map { i in
            let a = Double(i) / 24 * 2 * Double.pi
            return Point(center.x + radius * cos(a), center.y + radius * sin(a))
        }
    }
}
