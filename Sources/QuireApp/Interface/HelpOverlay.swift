import QuireGeometry
import QuireInk
import QuireRender
import QuireText

/// Every key and gesture on one panel over the window (? or F1), made from `KeyTable` — the same table
/// the keys act by and the README and `quire keys` print — so none of them can disagree. Each row is
/// the keys in a light blue and what they do in white; the panel shrinks its text to fit a small
/// window, and a line too long for it is cut with an ellipsis.
final class HelpOverlay {
    static let textSize = 13.0
    static let titleSize = 17.0
    /// The smallest text the panel shrinks to before it lets rows fall off the bottom.
    static let smallestTextSize = 8.0

    private let text: TextRasterizer?
    var scale = 1.0
    private var cached: (width: Int, height: Int, scale: Double, items: [OverlayItem])?

    /// A panel's rows: a heading, or keys and what they do.
    enum Row: Equatable {
        case heading(String)
        case entry(keys: String, does: String)
    }

    init(text: TextRasterizer?) {
        self.text = text
    }

    /// The rows, in the order shown: canvas keys, notebook keys, gestures.
    static var rows: [Row] {
        func entries(_ section: KeyBinding.Section) -> [Row] {
            KeyTable.bindings.filter { $0.section == section }
                .map { .entry(keys: $0.keys, does: $0.does.replacingOccurrences(of: "`", with: "")) }
        }
        return [.heading("Keys")] + entries(.canvas) + [.heading("Pages and notebooks")] + entries(.notebook)
            + [.heading("Pen, mouse and fingers")] + KeyTable.gestures.map { .entry(keys: $0.gesture, does: $0.does) }
    }

    /// The panel for a window `width` × `height` (cached until the size or scale changes).
    func overlay(windowWidth width: Int, windowHeight height: Int) -> [OverlayItem] {
        if let cached, cached.width == width, cached.height == height, cached.scale == scale { return cached.items }
        let items = (try? build(width: width, height: height)) ?? []
        cached = (width, height, scale, items)
        return items
    }

    private func build(width: Int, height: Int) throws -> [OverlayItem] {
        guard let text else { return [] }
        let rows = Self.rows
        let margin = 20 * scale, padding = 18 * scale
        let panelHeight = Double(height) - 2 * margin
        // Line heights: 1.5 em a row, headings 2 em; shrink the text until every row fits.
        var size = Self.textSize * scale
        func needed(_ size: Double) -> Double {
            rows.reduce(0) { total, row in
                if case .heading = row { return total + size * 2.1 }
                return total + size * 1.5
            } + Self.titleSize / Self.textSize * size * 1.6 + 2 * padding
        }
        while needed(size) > panelHeight, size > Self.smallestTextSize { size -= 0.5 }
        let panelWidth = min(Double(width) - 2 * margin, 1000 * scale)
        guard panelWidth > 100, panelHeight > 60 else { return [] }
        let panel = Rect(x: (Double(width) - panelWidth) / 2, y: margin, width: panelWidth,
                         height: min(panelHeight, needed(size)))
        var items: [OverlayItem] = [
            .polygon(InterfaceShape.roundedRect(panel, radius: 14 * scale), color: InkColor(red: 0.11, green: 0.11, blue: 0.13, alpha: 0.93)),
        ]
        let keyColumn = panelWidth * 0.34
        let inner = Int(panelWidth - 2 * padding)
        var y = panel.minY + padding
        let titleSize = Self.titleSize / Self.textSize * size
        let title = try text.run("Quire — keys and gestures (any key or click closes this)", size: titleSize, maximumWidth: inner)
        items.append(.text(title, at: Point(panel.minX + padding, y), color: (245, 245, 245, 255)))
        y += titleSize * 1.6
        for row in rows {
            switch row {
            case let .heading(heading):
                y += size * 0.6
                let run = try text.run(heading.uppercased(), size: size * 0.9, maximumWidth: inner)
                items.append(.text(run, at: Point(panel.minX + padding, y), color: (150, 150, 160, 255)))
                y += size * 1.5
            case let .entry(keys, does):
                let keysRun = try text.run(keys, size: size, maximumWidth: Int(keyColumn - 12 * scale))
                let doesRun = try text.run(does, size: size, maximumWidth: Int(Double(inner) - keyColumn))
                items.append(.text(keysRun, at: Point(panel.minX + padding, y), color: (160, 200, 255, 255)))
                items.append(.text(doesRun, at: Point(panel.minX + padding + keyColumn, y), color: (235, 235, 235, 255)))
                y += size * 1.5
            }
            if y > panel.maxY - padding { break }
        }
        return items
    }
}
