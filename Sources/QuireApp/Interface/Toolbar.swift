import Foundation
import QuireGeometry
import QuireInk
import QuireRender
import QuireText

/// A button of the toolbar.
enum ToolbarButton: Equatable {
    case tool(ToolID)
    case undo, redo
    /// The notebook list.
    case notebooks
    /// The page sorter.
    case pages

    /// What the button does, as the key table's action.
    var action: AppAction {
        switch self {
        case let .tool(id): .selectTool(id)
        case .undo: .undo
        case .redo: .redo
        case .notebooks: .showNotebooks
        case .pages: .showPageSorter
        }
    }

    /// The tooltip: what it is and its key, from the key table (a tool's from its offer).
    func tooltip(offer: ToolOffer?) -> String {
        let name: String
        switch self {
        case let .tool(id): name = offer?.name ?? id.rawValue
        case .undo: name = "Undo"
        case .redo: name = "Redo"
        case .notebooks: name = "Notebooks"
        case .pages: name = "Pages"
        }
        let key = offer?.key.map { String($0).uppercased() } ?? KeyTable.keyLabel(for: action)
        return key.map { "\(name) — \($0)" } ?? name
    }
}

/// The toolbar down the window's left edge: the tools, undo and redo, the page sorter, and the current colour and
/// width; the active tool lit, a button that cannot act (undo with nothing to undo) dimmed, and after a
/// short hover a tooltip naming the button and its key. Drawn by Quire in the overlay, from vector
/// icons (`ToolbarIcons`), at the interface scale. Pure layout and drawing: the run loop feeds it the
/// pointer and acts on what `button(at:)` answers.
final class Toolbar {
    /// The buttons in their groups: the registered tools with an icon, undo and redo, the panels.
    let buttons: [[ToolbarButton]]
    /// The tools' offers, for their icons and tooltips.
    private let offers: [ToolID: ToolOffer]
    /// Sizes in design pixels (× `scale`).
    static let buttonSize = 40.0
    static let margin = 12.0
    static let padding = 6.0
    static let groupGap = 14.0
    /// Seconds the pointer rests on a button before its tooltip shows.
    static let tooltipDelay = 0.6
    /// The tooltip's text height in interface pixels (× the scale).
    static let tooltipTextSize = 13.0

    /// The interface scale; the toolbar draws smaller when the window is too short for it (`fit`).
    var scale = 1.0 {
        didSet { drawnScale = scale }
    }
    /// The scale it is drawn at: `scale`, or less to fit the window's height.
    private(set) var drawnScale = 1.0
    private let text: TextRasterizer?

    /// What the toolbar shows besides its buttons.
    struct State: Equatable {
        var tool: ToolID
        var canUndo: Bool
        var canRedo: Bool
        var color: InkColor
        /// The current tool's widest line, in page pixels.
        var width: Double
    }

    init(text: TextRasterizer?, tools: ToolRegistry = .standard) {
        self.text = text
        buttons = [tools.toolbarTools.map(ToolbarButton.tool), [.undo, .redo], [.pages, .notebooks]]
        offers = Dictionary(uniqueKeysWithValues: tools.ids.compactMap { id in tools.offer(id).map { (id, $0) } })
    }

    /// The panel's height in design pixels: the buttons, the gaps between groups, and the colour and
    /// width swatch below them.
    var designHeight: Double {
        let count = Double(buttons.joined().count)
        return count * Self.buttonSize + Double(buttons.count - 1) * Self.groupGap + 2 * Self.padding + Self.groupGap + Self.buttonSize
    }

    /// Shrinks the toolbar to fit a window `height` pixels tall (never below half size), or restores it.
    func fit(windowHeight height: Int) {
        let fitting = (Double(height) - 2 * Self.margin * scale) / designHeight
        drawnScale = max(scale / 2, min(scale, fitting))
    }

    /// The panel's rectangle, window pixels.
    var panel: Rect {
        Rect(x: Self.margin * scale, y: Self.margin * scale,
             width: (Self.buttonSize + 2 * Self.padding) * drawnScale, height: designHeight * drawnScale)
    }

    /// Each button's rectangle, and the swatch's, window pixels.
    var layout: (buttons: [(ToolbarButton, Rect)], swatch: Rect) {
        var y = panel.minY + Self.padding * drawnScale
        var placed: [(ToolbarButton, Rect)] = []
        for (index, group) in buttons.enumerated() {
            if index > 0 { y += Self.groupGap * drawnScale }
            for button in group {
                placed.append((button, Rect(x: panel.minX + Self.padding * drawnScale, y: y,
                                            width: Self.buttonSize * drawnScale, height: Self.buttonSize * drawnScale)))
                y += Self.buttonSize * drawnScale
            }
        }
        y += Self.groupGap * drawnScale
        return (placed, Rect(x: panel.minX + Self.padding * drawnScale, y: y, width: Self.buttonSize * drawnScale, height: Self.buttonSize * drawnScale))
    }

    /// Whether `point` (window pixels) is on the toolbar: a press there is the toolbar's, not the page's.
    func contains(_ point: Point) -> Bool { panel.contains(point) }

    /// The button under `point`, if any.
    func button(at point: Point) -> ToolbarButton? {
        layout.buttons.first { $0.1.contains(point) }?.0
    }

    /// The panel, its buttons in `state`, and the tooltip of `hovered` once it has rested long enough.
    func overlay(_ state: State, hovered: ToolbarButton?, hoveredSince: Double, now: Double) -> [OverlayItem] {
        var items: [OverlayItem] = [.polygon(InterfaceShape.roundedRect(panel, radius: 12 * drawnScale),
                                             color: InkColor(red: 0.13, green: 0.13, blue: 0.15, alpha: 0.9))]
        let (buttons, swatch) = layout
        for (button, rect) in buttons {
            let inset = rect.insetBy(3 * drawnScale)
            if button == .tool(state.tool) {
                items.append(.polygon(InterfaceShape.roundedRect(inset, radius: 8 * drawnScale),
                                      color: InkColor(red: 0.27, green: 0.47, blue: 0.85)))
            } else if button == hovered {
                items.append(.polygon(InterfaceShape.roundedRect(inset, radius: 8 * drawnScale), color: InkColor(red: 1, green: 1, blue: 1, alpha: 0.12)))
            }
            let enabled = button == .undo ? state.canUndo : (button == .redo ? state.canRedo : true)
            let icon = ToolbarIcons.icon(button, toolIcon: toolIcon(button), in: rect.insetBy(9 * drawnScale))
            items += enabled ? icon : icon.map(Self.dimmed)
        }
        // The current colour as a disc the size of the current width (within the swatch).
        let radius = min(swatch.width / 2 - 6 * drawnScale, max(2.5 * drawnScale, state.width * drawnScale / 2))
        items.append(.polygon((0..<24).map { i in
            let a = Double(i) / 24 * 2 * Double.pi
            return Point(swatch.center.x + radius * cos(a), swatch.center.y + radius * sin(a))
        }, color: InkColor(red: state.color.red, green: state.color.green, blue: state.color.blue, alpha: 1)))
        items.append(.polyline((0...24).map { i in
            let a = Double(i) / 24 * 2 * Double.pi
            return Point(swatch.center.x + (radius + 1.5 * drawnScale) * cos(a), swatch.center.y + (radius + 1.5 * drawnScale) * sin(a))
        }, width: 1.2 * drawnScale, color: InkColor(red: 1, green: 1, blue: 1, alpha: 0.6)))
        if let hovered, now - hoveredSince >= Self.tooltipDelay, let text,
           let rect = buttons.first(where: { $0.0 == hovered })?.1,
           let run = try? text.run(tooltip(for: hovered), size: Self.tooltipTextSize * drawnScale, maximumWidth: Int(600 * drawnScale)) {
            let (width, height) = (Double(run.layout.width), Double(run.layout.height))
            let tip = Rect(x: panel.maxX + 8 * drawnScale, y: rect.center.y - height / 2 - 5 * drawnScale,
                           width: width + 16 * drawnScale, height: height + 10 * drawnScale)
            items.append(.polygon(InterfaceShape.roundedRect(tip, radius: 6 * drawnScale), color: InkColor(red: 0.13, green: 0.13, blue: 0.15, alpha: 0.95)))
            items.append(.text(run, at: Point(tip.minX + 8 * drawnScale, tip.minY + 5 * drawnScale), color: (245, 245, 245, 255)))
        }
        return items
    }

    private func offer(_ button: ToolbarButton) -> ToolOffer? {
        if case let .tool(id) = button { offers[id] } else { nil }
    }

    private func toolIcon(_ button: ToolbarButton) -> ToolIcon? { offer(button)?.icon }

    /// `button`'s tooltip: what it is and its key.
    func tooltip(for button: ToolbarButton) -> String { button.tooltip(offer: offer(button)) }

    /// Seconds until the tooltip of a button hovered since `since` is due, or nil (shown, or no hover).
    static func secondsUntilTooltip(hovered: ToolbarButton?, since: Double, now: Double) -> Double? {
        guard hovered != nil, now - since < tooltipDelay else { return nil }
        return since + tooltipDelay - now
    }

    private static func dimmed(_ item: OverlayItem) -> OverlayItem {
        switch item {
        case let .polygon(points, color): .polygon(points, color: InkColor(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * 0.3))
        case let .polyline(points, width, color):
            .polyline(points, width: width, color: InkColor(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * 0.3))
        case let .image(key, image, rect, opacity): .image(key: key, image: image, rect: rect, opacity: opacity * 0.3)
        case let .text(text):
            .text(OverlayText(origin: text.origin, width: text.width, height: text.height, glyphs: text.glyphs, pages: text.pages,
                              color: text.color, opacity: text.opacity * 0.3))
        case .colorField: item
        }
    }
}
