import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireText
import QuireX11

/// The pen settings panel (W, or the active tool's toolbar button pressed again): sliders for the
/// current inking tool's widths, opacities and smoothing, its pressure curve as a square graph whose
/// two control points are dragged, and a preview stroke inked by the real engines and renderer,
/// redrawn as each setting changes. Pen, mouse and touch drag the same way; a press on the panel never
/// reaches the page; Escape or a press elsewhere closes it. The panel only edits values: the run loop
/// applies them to the canvas and writes them to the config file (`Handling`).
final class PenSettingsPanel {
    /// What a press on the panel holds.
    enum Part: Equatable {
        case slider(PenSettingsControl)
        /// Control point 1 or 2 of the pressure curve.
        case curveControl(Int)
        /// The rest of the panel: taken, does nothing.
        case background
    }

    typealias Handling = PanelHandling

    let text: TextRasterizer?
    /// Renders the preview page at a scale (the window's GL context, set by the application); nil:
    /// the card shows no stroke (the unit tests, which have no GL).
    var renderPreview: ((Page, Double) -> RGBAImage?)?
    /// The interface scale; the panel draws smaller when the window is too small for it (`fit`).
    var scale = 1.0 {
        didSet { drawnScale = scale }
    }
    private(set) var drawnScale = 1.0

    /// The tool being set, nil while closed.
    private(set) var tool: InkTool?
    private(set) var settings = PenSettings(defaultsFor: .pen)
    /// The tool's style in its colour, before the settings (the preview applies them).
    private(set) var baseStyle = StrokeStyle.defaults(for: .pen)
    private let presses = PanelPresses<Part>()
    /// The part a press holds, while held.
    var held: Part? { presses.held }

    /// The preview drawn last, and what it was drawn for.
    var preview: (style: StrokeStyle, scale: Double, key: String, image: RGBAImage?)?
    var previewSerial = 0
    let labels: PanelLabels

    init(text: TextRasterizer?) {
        self.text = text
        labels = PanelLabels(text: text)
    }

    var isOpen: Bool { tool != nil }

    /// Opens (or turns to) `tool`, showing `settings`; `style` is the tool's style in its colour.
    func open(_ tool: InkTool, settings: PenSettings, style: StrokeStyle) {
        if self.tool != tool { presses.letGo() }
        self.tool = tool
        self.settings = settings
        baseStyle = style
    }

    func close() {
        tool = nil
        presses.letGo()
    }

    /// The layout at the drawn scale (nil while closed).
    var layout: PenSettingsLayout? {
        tool.map { PenSettingsLayout(tool: $0, scale: drawnScale) }
    }

    /// Shrinks the panel to fit a window `width` × `height` (never below half size), or restores it.
    func fit(windowWidth width: Int, windowHeight height: Int) {
        guard let tool else { return }
        let size = PenSettingsLayout.designSize(for: tool)
        let fitting = min(Double(width) / size.x, Double(height) / size.y)
        drawnScale = max(scale / 2, min(scale, fitting))
    }

    /// Whether `point` (window pixels) is on the open panel.
    func contains(_ point: Point) -> Bool {
        layout?.panel.contains(point) ?? false
    }

    /// The part under `point`: a slider's row, a control point within reach, else the panel itself.
    func part(at point: Point) -> Part? {
        guard let layout, layout.panel.contains(point) else { return nil }
        if let slider = layout.sliders.first(where: { $0.row.contains(point) }) { return .slider(slider.control) }
        if let graph = layout.graph, graph.outsetBy(PenSettingsLayout.grabRadius * drawnScale).contains(point) {
            let controls = [settings.pressureCurve.control1, settings.pressureCurve.control2]
            let distances = controls.compactMap { layout.windowPoint(curve: $0)?.distance(to: point) }
            if let nearest = distances.indices.min(by: { distances[$0] < distances[$1] }),
               distances[nearest] <= PenSettingsLayout.grabRadius * drawnScale || graph.contains(point) {
                // Inside the square a press takes the nearer point and brings it there.
                return .curveControl(nearest + 1)
            }
        }
        return .background
    }

    /// Sets the value of `part` for a press now at `point`; true when a setting changed.
    private func set(_ part: Part, at point: Point) -> Bool {
        guard let layout else { return false }
        let before = settings
        switch part {
        case let .slider(control):
            guard let track = layout.sliders.first(where: { $0.control == control })?.track else { return false }
            control.set(&settings, toPosition: PenSettingsLayout.position(of: point.x, along: track))
        case let .curveControl(index):
            guard let curvePoint = layout.curvePoint(window: point) else { return false }
            settings.setCurveControl(index, to: curvePoint)
        case .background:
            return false
        }
        return settings != before
    }

    /// Takes an input event while open (`PanelPresses`). `onToolbar` answers whether a point is on the
    /// toolbar, whose presses still go to it (picking another tool turns the panel to that tool).
    func handle(_ event: WindowEvent, onToolbar: (Point) -> Bool) -> Handling {
        presses.handle(event, panel: PanelPresses.Panel(
            isOpen: isOpen, contains: contains, part: { [unowned self] in part(at: $0) }, background: .background,
            set: { [unowned self] in set($0, at: $1) }, close: { [unowned self] in close() }), onToolbar: onToolbar)
    }
}
