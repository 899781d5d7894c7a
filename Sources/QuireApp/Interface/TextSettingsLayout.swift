import Foundation
import QuireGeometry

/// Where everything of the text settings panel sits, in window pixels: the panel beside the toolbar
/// (where the pen settings panel opens), its title, a card showing a line in the chosen font, a row
/// of font family buttons, and the size slider. Sizes are design pixels times `scale`.
struct TextSettingsLayout: Equatable {
    static let innerWidth = 300.0
    static let previewHeight = 72.0
    static let familyLabelHeight = 20.0
    static let buttonHeight = 32.0
    static let buttonGap = 6.0

    let scale: Double
    let panel: Rect
    let title: Rect
    let preview: Rect
    let familyLabel: Rect
    /// One button a family, in the order given.
    let familyButtons: [Rect]
    /// The size slider's row (label above, track below) and its track.
    let sizeRow: Rect
    let sizeTrack: Rect

    init(families: Int, scale: Double) {
        self.scale = scale
        func s(_ value: Double) -> Double { value * scale }
        typealias Pen = PenSettingsLayout
        let height = Pen.padding * 2 + Pen.titleHeight + Self.previewHeight + Pen.gap + Self.familyLabelHeight + Self.buttonHeight
            + Pen.gap + Pen.rowHeight
        let left = s(Pen.origin.x), top = s(Pen.origin.y)
        panel = Rect(x: left, y: top, width: s(Self.innerWidth + 2 * Pen.padding), height: s(height))
        let x = left + s(Pen.padding)
        title = Rect(x: x, y: top + s(Pen.padding), width: s(Self.innerWidth), height: s(Pen.titleHeight))
        preview = Rect(x: x, y: title.maxY, width: s(Self.innerWidth), height: s(Self.previewHeight))
        familyLabel = Rect(x: x, y: preview.maxY + s(Pen.gap), width: s(Self.innerWidth), height: s(Self.familyLabelHeight))
        let count = max(1, families)
        let buttonWidth = (Self.innerWidth - Double(count - 1) * Self.buttonGap) / Double(count)
        let buttonsTop = familyLabel.maxY
        familyButtons = (0..<families).map { k in
            Rect(x: x + s(Double(k) * (buttonWidth + Self.buttonGap)), y: buttonsTop, width: s(buttonWidth), height: s(Self.buttonHeight))
        }
        sizeRow = Rect(x: x, y: familyLabel.maxY + s(Self.buttonHeight + Pen.gap), width: s(Self.innerWidth), height: s(Pen.rowHeight))
        let knob = s(Pen.grabRadius / 2)
        sizeTrack = Rect(x: sizeRow.minX + knob, y: sizeRow.minY + s(Pen.trackOffset), width: sizeRow.width - 2 * knob, height: s(4))
    }

    /// The panel's size in design pixels (to fit it into a window).
    static func designSize(families: Int) -> Point {
        let layout = TextSettingsLayout(families: families, scale: 1)
        return Point(layout.panel.maxX + PenSettingsLayout.origin.x / 2, layout.panel.maxY + PenSettingsLayout.origin.y)
    }
}
