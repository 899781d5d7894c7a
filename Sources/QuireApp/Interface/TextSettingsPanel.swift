import Foundation
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireText
import QuireX11

/// The text tool's settings panel (W with the text tool, or its toolbar button pressed again): the
/// font family new text boxes (and the box being typed into) are set in, as buttons (sans-serif,
/// serif, monospace, and the family the config file names when it is another), and their size on a
/// slider from 4 to 200 px, with a line of text in that font and size on a card above. The colour is
/// the colour picker's, as for every tool. It takes input as the pen settings panel does
/// (`PanelPresses`); it only edits values: the run loop gives them to the canvas and the config file.
final class TextSettingsPanel {
    typealias Handling = PanelHandling

    /// What a press on the panel holds.
    enum Part: Equatable {
        case family(Int)
        case size
        case background
    }

    /// The families every panel offers: fontconfig's generic names, which every system resolves.
    static let standardFamilies = ["sans-serif", "serif", "monospace"]
    /// The sizes the slider spans, page pixels (as the config file's `text.size`).
    static let sizes = 4.0...200.0

    let text: TextRasterizer?
    var scale = 1.0 {
        didSet { drawnScale = scale }
    }
    private(set) var drawnScale = 1.0
    private(set) var isOpen = false
    private(set) var family = "sans-serif"
    private(set) var size = 20.0
    private(set) var color = InkColor.black
    /// The families shown: the standard ones, and the one in use when it is none of them.
    private(set) var families = standardFamilies
    private let presses = PanelPresses<Part>()
    /// The part a press holds, while held.
    var held: Part? { presses.held }
    let labels: PanelLabels

    init(text: TextRasterizer?) {
        self.text = text
        labels = PanelLabels(text: text)
    }

    /// Opens showing `family` at `size` in `color` (the text tool's colour).
    func open(family: String, size: Double, color: InkColor) {
        isOpen = true
        self.family = family
        self.size = min(max(size, Self.sizes.lowerBound), Self.sizes.upperBound)
        self.color = color
        families = Self.standardFamilies.contains(family) ? Self.standardFamilies : Self.standardFamilies + [family]
    }

    func close() {
        isOpen = false
        presses.letGo()
    }

    var layout: TextSettingsLayout? {
        isOpen ? TextSettingsLayout(families: families.count, scale: drawnScale) : nil
    }

    /// Shrinks the panel to fit a window `width` × `height` (never below half size), or restores it.
    func fit(windowWidth width: Int, windowHeight height: Int) {
        let size = TextSettingsLayout.designSize(families: families.count)
        drawnScale = max(scale / 2, min(scale, Double(width) / size.x, Double(height) / size.y))
    }

    func contains(_ point: Point) -> Bool {
        layout?.panel.contains(point) ?? false
    }

    /// The part under `point`: a family's button, the size slider's row, else the panel itself.
    func part(at point: Point) -> Part? {
        guard let layout, layout.panel.contains(point) else { return nil }
        if let index = layout.familyButtons.firstIndex(where: { $0.contains(point) }) { return .family(index) }
        if layout.sizeRow.contains(point) { return .size }
        return .background
    }

    /// The slider's place (0…1) for a size: even steps in ratio, so small sizes get room.
    static func position(ofSize size: Double) -> Double {
        log(min(max(size, sizes.lowerBound), sizes.upperBound) / sizes.lowerBound) / log(sizes.upperBound / sizes.lowerBound)
    }

    /// The size (whole pixels) at a place on the slider.
    static func size(atPosition position: Double) -> Double {
        (sizes.lowerBound * pow(sizes.upperBound / sizes.lowerBound, min(max(position, 0), 1))).rounded()
    }

    /// Sets the value of `part` for a press now at `point`; true when the font or size changed.
    private func set(_ part: Part, at point: Point) -> Bool {
        guard let layout else { return false }
        let before = (family, size)
        switch part {
        case let .family(index):
            // A button takes the family when pressed; sliding off it to another does not.
            if layout.familyButtons[index].contains(point) { family = families[index] }
        case .size:
            size = Self.size(atPosition: PenSettingsLayout.position(of: point.x, along: layout.sizeTrack))
        case .background:
            return false
        }
        return before != (family, size)
    }

    /// Takes an input event while open (`PanelPresses`).
    func handle(_ event: WindowEvent, onToolbar: (Point) -> Bool) -> Handling {
        presses.handle(event, panel: PanelPresses.Panel(
            isOpen: isOpen, contains: contains, part: { [unowned self] in part(at: $0) }, background: .background,
            set: { [unowned self] in set($0, at: $1) }, close: { [unowned self] in close() }), onToolbar: onToolbar)
    }
}
