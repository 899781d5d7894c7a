import QuireGeometry
import QuireX11

/// What an input event was to a settings panel.
enum PanelHandling: Equatable {
    /// Not the panel's (it is closed, or the event is for the toolbar or the canvas).
    case passed
    /// Taken, nothing changed (or only how the panel looks).
    case taken
    /// The values changed; `finished` when the press that changed them ended (time to save).
    case changed(finished: Bool)
    /// Closed by Escape or a press elsewhere (which is taken with it).
    case closed
}

/// How a settings panel (pen, text) takes input while it shows: a press on it (pen, mouse or one touch)
/// takes the part under it (`Panel.part`) until it lifts, its moves setting that part's value
/// (`Panel.set`) and its release saying whether anything changed; Escape closes the panel; a press
/// elsewhere closes it and is swallowed to its release (it draws nothing), except on the toolbar, whose
/// buttons still work; the wheel over it is taken so the page under it does not zoom. A class: the
/// panel's own close, called from within, lets go of it too.
final class PanelPresses<Part: Equatable> {
    /// What a panel is to its presses.
    struct Panel {
        var isOpen: Bool
        var contains: (Point) -> Bool
        /// The part under a point on the panel (nil: not on it).
        var part: (Point) -> Part?
        /// The part a press holds that sets nothing: the panel's ground, or any part pressed with a
        /// pen's side button or the mouse's other buttons.
        var background: Part
        /// Sets the held part's value for the press now at a point: true when it changed.
        var set: (Part, Point) -> Bool
        var close: () -> Void
    }

    /// The part a press holds, while held.
    private(set) var held: Part?
    /// Whether the press holding `held` changed anything.
    private var heldChanged = false
    /// A press that began outside and closed the panel: its moves and release are taken too.
    private var closingPress: (pointer: Bool, touch: Int?)?
    /// The press holding the panel: the pointer (pen or mouse) or a touch's id.
    private var holder: (pointer: Bool, touch: Int?)?

    /// Forgets the press holding the panel (it closed, or shows something else).
    func letGo() {
        holder = nil
        held = nil
        heldChanged = false
    }

    func handle(_ event: WindowEvent, panel: Panel, onToolbar: (Point) -> Bool) -> PanelHandling {
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
            letGo()
            panel.close()
            return .closed
        case let .pointerDown(sample, button, _) where holder == nil:
            return begin(at: sample.position, by: (pointer: true, touch: nil), acts: button == 1, panel: panel, onToolbar: onToolbar)
        case let .pointerMoved(sample) where holder?.pointer == true:
            return drag(to: sample.position, panel: panel) ? .changed(finished: false) : .taken
        case let .pointerUp(sample, _, _) where holder?.pointer == true:
            return end(at: sample.position, panel: panel)
        case let .touchBegan(id, at, _) where holder == nil:
            return begin(at: at, by: (pointer: false, touch: id), acts: true, panel: panel, onToolbar: onToolbar)
        case let .touchMoved(id, at, _) where holder?.touch == id:
            return drag(to: at, panel: panel) ? .changed(finished: false) : .taken
        case let .touchEnded(id, at, _) where holder?.touch == id:
            return end(at: at, panel: panel)
        case let .scroll(_, _, at, _) where panel.contains(at):
            return .taken
        default:
            return .passed
        }
    }

    private func begin(at point: Point, by press: (pointer: Bool, touch: Int?), acts: Bool, panel: Panel,
                       onToolbar: (Point) -> Bool) -> PanelHandling {
        guard panel.contains(point) else {
            if onToolbar(point) { return .passed }
            letGo()
            panel.close()
            closingPress = press
            return .closed
        }
        holder = press
        heldChanged = false
        held = acts ? panel.part(point) : panel.background
        return drag(to: point, panel: panel) ? .changed(finished: false) : .taken
    }

    /// Moves the held part to `point`; true when its value changed.
    private func drag(to point: Point, panel: Panel) -> Bool {
        guard let held, held != panel.background else { return false }
        let changed = panel.set(held, point)
        heldChanged = heldChanged || changed
        return changed
    }

    private func end(at point: Point, panel: Panel) -> PanelHandling {
        _ = drag(to: point, panel: panel)
        let changed = held != nil && heldChanged
        holder = nil
        held = nil
        heldChanged = false
        return changed ? .changed(finished: true) : .taken
    }
}
