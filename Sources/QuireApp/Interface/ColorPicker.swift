import QuireGeometry
import QuireInk
import QuireRender
import QuireText
import QuireX11

/// The colour picker panel, opened from the toolbar's colour swatch or its key: a saturation ×
/// brightness square and a hue strip (drawn by a fragment shader), a loupe over the pen, pointer or
/// finger while it drags showing the colour under it, the recent colours, and a hex field (`#` then
/// `rrggbb`, Enter). It picks for the current tool; the run loop applies what it picks. Presses on the
/// panel are its own; the window interface closes it on a press elsewhere.
final class ColorPicker {
    /// What an input event was to the open picker.
    enum Handling: Equatable {
        /// Not the picker's (a key it does not use, a move with no drag).
        case passed
        /// Taken, with nothing picked.
        case taken
        /// A colour picked: `settled` once the drag ends (or on a recent colour, or Enter), else the
        /// colour under a drag that goes on.
        case picked(InkColor, settled: Bool)
        /// A press off the panel (window pixels): the interface closes the picker and decides where the
        /// press goes.
        case pressedOutside(Point)
    }

    /// A drag's point, and the colour of the field under it that the loupe shows.
    struct Loupe: Equatable {
        var point: Point
        var color: InkColor
    }

    /// What the picker shows: a frame is wanted when it changes.
    struct Look: Equatable {
        var isOpen: Bool
        var color: HSBColor
        var loupe: Loupe?
        var entry: HexEntry?
        var recent: [InkColor]
        var layout: ColorPickerLayout?
    }

    private(set) var isOpen = false
    /// The colour the square and strip show (its hue kept through greys, which have none).
    private(set) var color = HSBColor(hue: 0, saturation: 0, brightness: 0)
    /// The tool's colour `color` was last matched to: another one (a palette key, another tool) is
    /// followed.
    private var followed: InkColor?
    /// Recent colours, newest first (`PickedColors.recentCount` at most).
    private(set) var recent: [InkColor] = []
    private(set) var entry: HexEntry?
    /// Where the panel lies; set by `place` before any press can reach it.
    private(set) var layout: ColorPickerLayout?
    /// The press in progress on the panel: what it began on, and whether it is the pointer's (else the
    /// finger `touch`). Its moves and release are the picker's, whatever they are over.
    private var drag: (part: ColorPickerLayout.Part, pointer: Bool, touch: Int?)?
    /// Where a drag is, and the colour under it.
    private(set) var loupe: Loupe?
    let text: TextRasterizer?

    init(text: TextRasterizer?) {
        self.text = text
    }

    var look: Look {
        Look(isOpen: isOpen, color: color, loupe: loupe, entry: entry, recent: recent, layout: isOpen ? layout : nil)
    }

    /// Whether a drag on the square or strip is going on (its colour is not settled).
    var isDragging: Bool { drag?.part == .square || drag?.part == .hueStrip }

    func open() { isOpen = true }

    func close() {
        isOpen = false
        drag = nil
        loupe = nil
        entry = nil
    }

    /// The recent colours kept from the last run.
    func restore(recent colors: [InkColor]) {
        recent = Array(colors.prefix(PickedColors.recentCount))
    }

    /// Lays the panel out beside the toolbar's swatch `anchor` in a window of this size.
    func place(beside anchor: Rect, left: Double, windowWidth: Int, windowHeight: Int, scale: Double) {
        layout = ColorPickerLayout(beside: anchor, left: left, windowWidth: windowWidth, windowHeight: windowHeight, scale: scale)
    }

    /// Shows the current tool's colour `tool`, unless it is the one shown already.
    func follow(_ tool: InkColor) {
        guard tool != followed else { return }
        followed = tool
        color = HSBColor(tool, keepingHue: color.hue)
    }

    /// Takes an input event while open.
    func handle(_ event: WindowEvent) -> Handling {
        guard isOpen, let layout else { return .passed }
        switch event {
        case let .key(key):
            return type(key)
        // A press while the pointer's own press is held lost its release (a device unplugged): a new one.
        case let .pointerDown(sample, button, _) where drag == nil || drag?.pointer == true:
            guard let part = layout.part(at: sample.position) else { return .pressedOutside(sample.position) }
            // Only the first button picks; another's press is still the panel's, not the page's.
            return press(button == 1 ? part : .panel, at: sample.position, pointer: true, touch: nil)
        case .pointerDown:
            return .taken
        case let .pointerMoved(sample) where drag?.pointer == true:
            return dragged(to: sample.position)
        case let .pointerUp(sample, _, _) where drag?.pointer == true:
            return released(at: sample.position)
        case let .touchBegan(id, at, _) where drag == nil:
            guard let part = layout.part(at: at) else { return .pressedOutside(at) }
            return press(part, at: at, pointer: false, touch: id)
        case let .touchBegan(_, at, _):
            // A second finger while one drags: its own press, off the panel or on it.
            return layout.panel.contains(at) ? .taken : .pressedOutside(at)
        case let .touchMoved(id, at, _) where drag?.touch == id:
            return dragged(to: at)
        case let .touchEnded(id, at, _) where drag?.touch == id:
            return released(at: at)
        case let .scroll(_, _, at, _) where layout.panel.contains(at):
            return .taken
        case .deviceGone where drag != nil:
            // Its release will not come: the colour under the drag (the tool's already, from the
            // drag's moves) is settled, and the event goes on to the canvas, whose gestures end too.
            if isDragging, let loupe { _ = released(at: loupe.point) } else { drag = nil }
            return .passed
        default:
            return .passed
        }
    }

    /// A key while open: `#` begins a hex entry, which then takes every key without Control or Alt;
    /// Escape closes the panel; other keys are the canvas's (tools, palette colours, this key again).
    private func type(_ key: KeyInput) -> Handling {
        if var typing = entry {
            guard !key.control, !key.alt else { return .passed }
            switch typing.type(key) {
            case .editing:
                entry = typing
                return .taken
            case .cancelled:
                entry = nil
                return .taken
            case let .entered(picked):
                entry = nil
                return settle(on: picked)
            }
        }
        if key.keysym == Keysym.escape {
            close()
            return .taken
        }
        if key.text == "#", !key.control, !key.alt {
            entry = HexEntry()
            return .taken
        }
        return .passed
    }

    private func press(_ part: ColorPickerLayout.Part, at point: Point, pointer: Bool, touch: Int?) -> Handling {
        drag = (part, pointer, touch)
        switch part {
        case .square, .hueStrip:
            entry = nil
            return dragged(to: point)
        case let .recent(index):
            guard recent.indices.contains(index) else { return .taken }
            return settle(on: recent[index])
        case .hexField:
            if entry == nil { entry = HexEntry() }
            return .taken
        case .panel:
            return .taken
        }
    }

    /// The colour at `point` for the drag's part (clamped to it: a drag may leave the panel).
    private func dragged(to point: Point) -> Handling {
        guard let drag, drag.part == .square || drag.part == .hueStrip, let layout else { return .taken }
        if drag.part == .square {
            let place = ColorField.coordinates(of: point, in: layout.square)
            color = HSBColor(hue: color.hue, saturation: place.x, brightness: 1 - place.y)
            loupe = Loupe(point: Point(min(layout.square.maxX, max(layout.square.minX, point.x)),
                                       min(layout.square.maxY, max(layout.square.minY, point.y))), color: color.rgb)
        } else {
            let place = ColorField.coordinates(of: point, in: layout.hueStrip)
            color = HSBColor(hue: place.y, saturation: color.saturation, brightness: color.brightness)
            loupe = Loupe(point: Point(layout.hueStrip.center.x, min(layout.hueStrip.maxY, max(layout.hueStrip.minY, point.y))),
                          color: HSBColor(hue: place.y, saturation: 1, brightness: 1).rgb)
        }
        followed = color.rgb
        return .picked(color.rgb, settled: false)
    }

    private func released(at point: Point) -> Handling {
        let moved = dragged(to: point)
        drag = nil
        loupe = nil
        guard case let .picked(picked, _) = moved else { return .taken }
        return settle(on: picked)
    }

    /// `picked` becomes the colour shown and the newest recent colour.
    private func settle(on picked: InkColor) -> Handling {
        if picked != color.rgb { color = HSBColor(picked, keepingHue: color.hue) }
        followed = picked
        var kept = PickedColors(recent: recent)
        kept.remember(picked)
        recent = kept.recent
        return .picked(picked, settled: true)
    }
}
