import QuireGeometry
import QuireX11

/// How a settings panel takes input while it shows: a press on it (pen, mouse or one touch) is held
/// until it lifts, its moves and release going to the panel alone; Escape closes it; a press elsewhere
/// closes it and is swallowed to its release (it draws nothing), except on the toolbar, whose buttons
/// still work; the wheel over it is taken so the page under it does not zoom. The panel says what a
/// press, a drag and a release do to its values. A class: the panel's close, called from within, lets go of it too.
final class PanelPresses {
    /// What an input event was to the panel.
    enum Handling: Equatable {
        /// Not the panel's (it is closed, or the event is for the toolbar or the canvas).
        case passed
        /// Taken, nothing changed (or only how the panel looks).
        case taken
        /// The values changed; `finished` when the press that changed them ended (time to save).
        case changed(finished: Bool)
        /// Closed by Escape or a press elsewhere (which is taken with it).
        case closed
    }

    /// What a panel does with its presses.
    struct Panel {
        var isOpen: Bool
        var contains: (Point) -> Bool
        /// A press at a point: true when a value changed.
        var press: (Point) -> Bool
        /// A pen's side button or the mouse's other buttons pressed on the panel: held, nothing set.
        var holdStill: () -> Void
        var drag: (Point) -> Bool
        /// The press lifted: true when it changed anything.
        var release: () -> Bool
        var close: () -> Void
    }

    /// A press that began outside and closed the panel: its moves and release are taken too.
    private var closingPress: (pointer: Bool, touch: Int?)?
    /// The press holding the panel: the pointer (pen or mouse) or a touch's id.
    private(set) var holder: (pointer: Bool, touch: Int?)?

    /// Forgets the press holding the panel (it closed).
    func letGo() {
        holder = nil
    }

    func handle(_ event: WindowEvent, panel: Panel, onToolbar: (Point) -> Bool) -> Handling {
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
        guard panel.isOpen else { return .passed }
        switch event {
        case let .key(input) where input.keysym == Keysym.escape:
            holder = nil
            panel.close()
            return .closed
        case let .pointerDown(sample, button, _) where holder == nil:
            return begin(at: sample.position, by: (pointer: true, touch: nil), acts: button == 1, panel: panel, onToolbar: onToolbar)
        case let .pointerMoved(sample) where holder?.pointer == true:
            return panel.drag(sample.position) ? .changed(finished: false) : .taken
        case let .pointerUp(sample, _, _) where holder?.pointer == true:
            return end(at: sample.position, panel: panel)
        case let .touchBegan(id, at, _) where holder == nil:
            return begin(at: at, by: (pointer: false, touch: id), acts: true, panel: panel, onToolbar: onToolbar)
        case let .touchMoved(id, at, _) where holder?.touch == id:
            return panel.drag(at) ? .changed(finished: false) : .taken
        case let .touchEnded(id, at, _) where holder?.touch == id:
            return end(at: at, panel: panel)
        case let .scroll(_, _, at, _) where panel.contains(at):
            return .taken
        default:
            return .passed
        }
    }

    private func begin(at point: Point, by press: (pointer: Bool, touch: Int?), acts: Bool, panel: Panel,
                                onToolbar: (Point) -> Bool) -> Handling {
        guard panel.contains(point) else {
            if onToolbar(point) { return .passed }
            holder = nil
            panel.close()
            closingPress = press
            return .closed
        }
        holder = press
        guard acts else {
            panel.holdStill()
            return .taken
        }
        return panel.press(point) ? .changed(finished: false) : .taken
    }

    private func end(at point: Point, panel: Panel) -> Handling {
        _ = panel.drag(point)
        holder = nil
        return panel.release() ? .changed(finished: true) : .taken
    }
}
