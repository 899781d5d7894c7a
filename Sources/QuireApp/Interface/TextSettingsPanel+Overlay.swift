import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireText

/// How the text settings panel draws: the pen settings panel's dark panel, a white card with a line in
/// the chosen font, size and colour (drawn as text boxes are, by `PageTextFonts`), the family buttons
/// (the chosen one lit), and the size slider.
extension TextSettingsPanel {
    /// What the card shows.
    static let sample = "Aa Quire 123"

    func overlay() -> [OverlayItem] {
        guard let layout else { return [] }
        let s = drawnScale
        var items: [OverlayItem] = [.polygon(InterfaceShape.roundedRect(layout.panel, radius: 12 * s), color: PanelDrawing.panelColor)]
        items += labels.items("Text settings", size: 15 * s, in: layout.title, color: PanelDrawing.textColor)
        items += previewItems(layout)
        items += labels.items("Font", size: 12.5 * s, in: layout.familyLabel, color: PanelDrawing.textColor)
        for (index, button) in layout.familyButtons.enumerated() {
            let chosen = families[index] == family
            items.append(.polygon(InterfaceShape.roundedRect(button, radius: 6 * s), color: chosen ? PanelDrawing.accent : PanelDrawing.faint))
            let name = Self.buttonName(families[index]), size = 13 * s
            let width = min(labels.width(of: name, size: size), button.width - 8 * s)
            let inside = Rect(x: button.center.x - width / 2, y: button.center.y - size * 0.7, width: max(1, width), height: size * 1.4)
            items += labels.items(name, size: size, in: inside, color: chosen ? PanelDrawing.textColor : PanelDrawing.dimTextColor)
        }
        items += labels.items("Size  \(Int(size)) px", size: 12.5 * s, in: layout.sizeRow, color: PanelDrawing.textColor)
        items += PanelDrawing.slider(track: layout.sizeTrack, position: Self.position(ofSize: size), held: held == .size, scale: s)
        return items
    }

    /// A family as its button says it.
    static func buttonName(_ family: String) -> String {
        switch family {
        case "sans-serif": "Sans"
        case "serif": "Serif"
        case "monospace": "Mono"
        default: family
        }
    }

    /// The white card and the sample on it, at the chosen size (no larger than the card holds), drawn at
    /// the interface's scale so it is as sharp as the rest of the panel.
    private func previewItems(_ layout: TextSettingsLayout) -> [OverlayItem] {
        let card = layout.preview
        let s = drawnScale
        var items: [OverlayItem] = [.polygon(InterfaceShape.roundedRect(card, radius: 8 * s), color: .white)]
        let shown = min(size, card.height / s * 0.6)
        let item = TextItem(text: Self.sample, origin: .zero, fontFamily: family, fontSize: shown, color: color)
        guard let drawn = PageTextFonts.shared.image(of: item, detail: s) else { return items }
        let width = min(Double(drawn.image.width), card.width - 16 * s), height = Double(drawn.image.height)
        let rect = Rect(x: card.minX + 10 * s, y: card.center.y - height / 2, width: width, height: height)
        // Cut to the card: a wide sample at a large size shows its start.
        let key = "text-settings-\(family)-\(shown)-\(s)-\(color.hex)"
        items.append(.image(key: key, image: Self.cropped(drawn.image, toWidth: Int(width)), rect: rect, opacity: 1))
        return items
    }

    private static func cropped(_ image: RGBAImage, toWidth width: Int) -> RGBAImage {
        guard width < image.width, width > 0 else { return image }
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * image.height * 4)
        for y in 0..<image.height {
            let start = y * image.width * 4
            pixels += image.pixels[start..<(start + width * 4)]
        }
        return RGBAImage(width: width, height: image.height, pixels: pixels)
    }
}
