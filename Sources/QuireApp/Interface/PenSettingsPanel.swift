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

    /// What an input event was to the panel.
    enum Handling: Equatable {
        /// Not the panel's (it is closed, or the event is for the toolbar or the canvas).
        case passed
        /// Taken, nothing changed (or only how the panel looks).
        case taken
        /// The settings changed; `finished` when the press that changed them ended (time to save).
        case changed(finished: Bool)
        /// Closed by Escape or a press elsewhere (which is taken with it).
        case closed
    }

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
    /// The part a press holds, while held; whether that press changed anything.
    private(set) var held: Part?
    private var heldChanged = false
    /// A press that began outside and closed the panel: its moves and release are taken too.
    private var closingPress: (pointer: Bool, touch: Int?)?
    /// The press holding a part: the pointer (pen or mouse) or a touch's id.
    private var holder: (pointer: Bool, touch: Int?)?

    /// The preview drawn last, and what it was drawn for.
    var preview: (style: StrokeStyle, scale: Double, key: String, image: RGBAImage?)?
    var previewSerial = 0
    /// Labels laid out on the glyph atlas by their text, size and room (the values change as sliders
    /// move; old ones are dropped).
    var labels: [String: GlyphRun?] = [:]

    init(text: TextRasterizer?) {
        self.text = text
    }

    var isOpen: Bool { tool != nil }

    /// Opens (or turns to) `tool`, showing `settings`; `style` is the tool's style in its colour.
    func open(_ tool: InkTool, settings: PenSettings, style: StrokeStyle) {
        if self.tool != tool { held = nil }
        self.tool = tool
        self.settings = settings
        baseStyle = style
    }

    func close() {
        tool = nil
        held = nil
        holder = nil
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

    /// Presses at `point`: takes the part there and sets its value; true when a setting changed.
    @discardableResult
    func press(at point: Point) -> Bool {
        held = part(at: point)
        heldChanged = false
        return drag(to: point)
    }

    /// Moves the held part to `point`; true when a setting changed.
    @discardableResult
    func drag(to point: Point) -> Bool {
        guard let held, let layout else { return false }
        let before = settings
        switch held {
        case let .slider(control):
            guard let track = layout.sliders.first(where: { $0.control == control })?.track else { return false }
            control.set(&settings, toPosition: PenSettingsLayout.position(of: point.x, along: track))
        case let .curveControl(index):
            guard let curvePoint = layout.curvePoint(window: point) else { return false }
            settings.setCurveControl(index, to: curvePoint)
        case .background:
            return false
        }
        let changed = settings != before
        heldChanged = heldChanged || changed
        return changed
    }

    /// Lets go; true when the press changed a setting (the moment to save it).
    func release() -> Bool {
        defer {
            held = nil
            heldChanged = false
        }
        return held != nil && heldChanged
    }

    /// Takes an input event while open: presses on the panel, their moves and releases, Escape, and a
    /// press elsewhere (closing it). `onToolbar` answers whether a point is on the toolbar, whose
    /// presses still go to it (picking another tool turns the panel to that tool).
    func handle(_ event: WindowEvent, onToolbar: (Point) -> Bool) -> Handling {
        if let closing = closingPress {
            switch event {
            case .pointerMoved where closing.pointer: return .taken
            case .pointerUp where closing.pointer:
                closingPress = nil
                return .taken
            case let .touchMoved(id, _, _) where closing.touch == id: return .taken
            case let .touchEnded(id, _, _) where closing.touch == id:
                closingPress = nil
                return .taken
            default: break
            }
        }
        guard isOpen else { return .passed }
        switch event {
        case let .key(input) where input.keysym == Keysym.escape:
            close()
            return .closed
        case let .pointerDown(sample, button, _) where holder == nil:
            return begin(at: sample.position, by: (pointer: true, touch: nil), acts: button == 1, onToolbar: onToolbar)
        case let .pointerMoved(sample) where holder?.pointer == true:
            return drag(to: sample.position) ? .changed(finished: false) : .taken
        case let .pointerUp(sample, _, _) where holder?.pointer == true:
            return end(at: sample.position)
        case let .touchBegan(id, at, _) where holder == nil:
            return begin(at: at, by: (pointer: false, touch: id), acts: true, onToolbar: onToolbar)
        case let .touchMoved(id, at, _) where holder?.touch == id:
            return drag(to: at) ? .changed(finished: false) : .taken
        case let .touchEnded(id, at, _) where holder?.touch == id:
            return end(at: at)
        case let .scroll(_, _, at, _) where contains(at):
            // The wheel over the panel must not zoom or pan the page under it.
            return .taken
        default:
            return .passed
        }
    }

    private func begin(at point: Point, by press: (pointer: Bool, touch: Int?), acts: Bool, onToolbar: (Point) -> Bool) -> Handling {
        guard contains(point) else {
            if onToolbar(point) { return .passed }
            close()
            closingPress = press
            return .closed
        }
        holder = press
        // A pen's side button or the mouse's other buttons on the panel: taken, nothing moves.
        guard acts else {
            held = .background
            return .taken
        }
        return self.press(at: point) ? .changed(finished: false) : .taken
    }

    private func end(at point: Point) -> Handling {
        drag(to: point)
        holder = nil
        return release() ? .changed(finished: true) : .taken
    }
}
