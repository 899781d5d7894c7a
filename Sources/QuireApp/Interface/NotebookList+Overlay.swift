import Foundation
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireText

/// How the notebook list draws: a dark panel over the window like the other panels, tiles with the
/// cover on a white card (a plain card with the title when the notebook has no thumbnail), the current
/// notebook ringed in the accent colour, rounded buttons, and the header and footer drawn last so tiles
/// scrolled under them are hidden.
extension NotebookList {
    static let panelColor = InkColor(red: 0.13, green: 0.13, blue: 0.15)
    static let buttonColor = InkColor(red: 0.22, green: 0.22, blue: 0.25)
    static let accent = InkColor(red: 0.27, green: 0.47, blue: 0.85)
    static let refusedColor = InkColor(red: 0.90, green: 0.25, blue: 0.22)
    static let coverShade = InkColor(red: 0.80, green: 0.80, blue: 0.83)
    typealias TextColor = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)
    static let textColor: TextColor = (235, 235, 238, 255)
    static let dimTextColor: TextColor = (150, 150, 160, 255)
    static let accentTextColor: TextColor = (130, 170, 245, 255)
    static let refusedTextColor: TextColor = (255, 140, 130, 255)
    static let coverTextColor: TextColor = (70, 70, 80, 255)

    /// The list's items in window pixels, top last (nothing while closed); notes that it was drawn.
    func overlay(width: Int, height: Int) -> [OverlayItem] {
        resize(width: width, height: height)
        markDrawn()
        guard isOpen else { return [] }
        let layout = self.layout
        let s = layout.scale
        var items: [OverlayItem] = [
            .polygon([Point(0, 0), Point(Double(width), 0), Point(Double(width), Double(height)), Point(0, Double(height))],
                     color: InkColor(red: 0, green: 0, blue: 0, alpha: 0.35)),
            .polygon(InterfaceShape.roundedRect(layout.panel, radius: 14 * s), color: Self.panelColor),
        ]
        for (index, tile) in layout.tiles.enumerated() where layout.isVisible(tile.frame) && items.count < 4_000 {
            items += tileItems(items: self.items[index], tile: tile, scale: s)
        }
        // The header and footer bands hide the tiles scrolled under them.
        let top = Rect(x: layout.panel.minX, y: layout.panel.minY + 14 * s, width: layout.panel.width,
                       height: layout.grid.minY - layout.panel.minY - 14 * s)
        items.append(.polygon(InterfaceShape.roundedRect(Rect(x: layout.panel.minX, y: layout.panel.minY, width: layout.panel.width,
                                                              height: top.maxY - layout.panel.minY), radius: 14 * s), color: Self.panelColor))
        items.append(.polygon(InterfaceShape.roundedRect(Rect(x: layout.panel.minX, y: layout.grid.maxY, width: layout.panel.width,
                                                              height: layout.panel.maxY - layout.grid.maxY), radius: 14 * s), color: Self.panelColor))
        let heading = mode == .library ? "Notebooks" : (trashed.isEmpty ? "Trash — empty" : "Trash")
        items += label(heading, size: 20 * s, color: Self.textColor, at: Point(layout.header.minX, layout.header.center.y),
                       width: layout.header.width / 2)
        for (button, rect) in layout.headerButtons {
            items += self.button(button.label, in: rect, scale: s, lit: button == .new || (button == .back))
        }
        if let message {
            items += label(message, size: 13 * s, color: Self.refusedTextColor, at: Point(layout.footer.minX, layout.footer.center.y),
                           width: layout.footer.width)
        } else {
            let hint = mode == .library ? "Tap a notebook to open it · Escape closes" : "Restore puts a notebook back in the library"
            items += label(hint, size: 12.5 * s, color: Self.dimTextColor, at: Point(layout.footer.minX, layout.footer.center.y),
                           width: layout.footer.width)
        }
        return items
    }

    private func tileItems(items item: Item, tile: NotebookListLayout.Tile, scale s: Double) -> [OverlayItem] {
        var items: [OverlayItem] = []
        let isCurrent = mode == .library && item.path == current
        if isCurrent {
            items.append(.polygon(InterfaceShape.roundedRect(tile.cover.outsetBy(4 * s), radius: 9 * s), color: Self.accent))
        }
        items.append(.polygon(InterfaceShape.roundedRect(tile.cover, radius: 6 * s), color: Self.coverShade))
        switch covers.cover(of: item.path) {
        case let .image(image, serial):
            // The page fitted into the cover, centred.
            let fit = min(tile.cover.width / Double(max(1, image.width)), tile.cover.height / Double(max(1, image.height)))
            let (w, h) = (Double(image.width) * fit, Double(image.height) * fit)
            let rect = Rect(x: tile.cover.center.x - w / 2, y: tile.cover.center.y - h / 2, width: w, height: h)
            items.append(.image(key: "notebook-cover-\(serial)", image: image, rect: rect, opacity: 1))
        case .none, .loading:
            // A plain white cover with the title on it.
            let inset = tile.cover.insetBy(10 * s)
            items.append(.polygon(InterfaceShape.roundedRect(inset, radius: 4 * s), color: .white))
            items += label(item.title, size: 14 * s, color: Self.coverTextColor, at: Point(inset.minX + 10 * s, inset.minY + 30 * s),
                           width: inset.width - 20 * s)
        }
        if let entry, entry.path == item.path {
            items += field(entry, in: tile.title, scale: s)
        } else {
            items += label(item.title, size: 14 * s, color: isCurrent ? Self.accentTextColor : Self.textColor,
                           at: Point(tile.title.minX + 2 * s, tile.title.center.y), width: tile.title.width - 4 * s)
        }
        for (action, rect) in tile.actions {
            let refused = action == .trash && notebooks.count <= 1
            items += button(action.label, in: rect, scale: s, lit: false, dim: refused, size: 12 * s)
        }
        return items
    }

    /// The title being typed: a field outlined in the accent colour (red when refused), its end shown
    /// when it is wider than the field, and a caret after it.
    private func field(_ entry: TitleEntry, in rect: Rect, scale s: Double) -> [OverlayItem] {
        let shape = InterfaceShape.roundedRect(rect, radius: 5 * s)
        var items: [OverlayItem] = [
            .polygon(shape, color: Self.buttonColor),
            .polyline(shape + [shape[0]], width: 1.5 * s, color: entry.refusal == nil ? Self.accent : Self.refusedColor),
        ]
        var caretX = rect.minX + 6 * s
        let room = rect.width - 16 * s
        if let text, !entry.text.isEmpty {
            let size = 14 * s
            // The end of the title is what is being typed: cut from the front until it fits.
            var shown = entry.text
            var dropped = 0
            while let width = try? text.layout(of: (dropped > 0 ? "…" : "") + shown, size: size).width,
                  Double(width) > room, shown.count > 1 {
                shown.removeFirst()
                dropped += 1
            }
            let words = (dropped > 0 ? "…" : "") + shown
            let color = entry.refusal == nil ? Self.textColor : Self.refusedTextColor
            items += label(words, size: size, color: color, at: Point(rect.minX + 6 * s, rect.center.y), width: room + 4 * s)
            if let run = laidOut(words, size: size, width: Int(room + 4 * s), text: text) {
                caretX = (rect.minX + 6 * s).rounded() + Double(run.layout.width) + 1 * s
            }
        }
        items.append(.polygon(InterfaceShape.roundedRect(Rect(x: caretX, y: rect.minY + 5 * s, width: 1.5 * s, height: rect.height - 10 * s),
                                                         radius: 0.5 * s), color: InkColor(red: 1, green: 1, blue: 1, alpha: 0.9)))
        return items
    }

    private func button(_ words: String, in rect: Rect, scale s: Double, lit: Bool, dim: Bool = false, size: Double? = nil) -> [OverlayItem] {
        var items: [OverlayItem] = [.polygon(InterfaceShape.roundedRect(rect, radius: min(rect.height / 2, 8 * s)),
                                             color: lit ? Self.accent : Self.buttonColor)]
        let size = size ?? 14 * s
        guard let text, let run = laidOut(words, size: size, width: Int(rect.width - 4 * s), text: text) else { return items }
        let origin = Point((rect.center.x - Double(run.layout.width) / 2).rounded(), (rect.center.y - Double(run.layout.height) / 2).rounded())
        items.append(.text(run, at: origin, color: dim ? Self.dimTextColor : Self.textColor))
        return items
    }

    /// `words` starting at `start.x`, vertically centred on `start.y`, cut short to `width`.
    private func label(_ words: String, size: Double, color: TextColor, at start: Point, width: Double) -> [OverlayItem] {
        guard let text, let run = laidOut(words, size: size, width: Int(width), text: text) else { return [] }
        return [.text(run, at: Point(start.x.rounded(), (start.y - Double(run.layout.height) / 2).rounded()), color: color)]
    }

    /// `words` laid out on the glyph atlas (kept while the list shows them).
    private func laidOut(_ words: String, size: Double, width: Int, text: TextRasterizer) -> GlyphRun? {
        let key = "\(words)-\(size)-\(width)"
        if let known = labels[key] { return known }
        // Typing makes a label per keystroke: keep those of now, not every one passed through.
        if labels.count > 256 { labels.removeAll() }
        let run = try? text.run(words, size: size, maximumWidth: max(1, width))
        labels[key] = run
        return run
    }
}
