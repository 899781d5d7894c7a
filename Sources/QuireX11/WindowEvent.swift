import QuireGeometry
import QuireInk

/// Keys Quire acts on, by meaning rather than keysym, plus the typed text for everything else.
public struct KeyInput: Equatable, Sendable, Codable {
    /// The X keysym, for keys that have no text (arrows, function keys).
    public var keysym: UInt
    /// What the key types with the current modifiers ("a", "E", "1"), empty for none.
    public var text: String
    public var control: Bool
    public var shift: Bool
    public var alt: Bool

    public init(keysym: UInt, text: String, control: Bool = false, shift: Bool = false, alt: Bool = false) {
        self.keysym = keysym
        self.text = text
        self.control = control
        self.shift = shift
        self.alt = alt
    }

    /// The printable ASCII character the key is labelled with, whatever the modifiers: Latin keysyms
    /// 0x20–0x7e are the characters themselves. Shortcuts match on this, since with Control held the
    /// typed text is a control code.
    public var character: Character? {
        guard (0x20...0x7e).contains(keysym), let scalar = Unicode.Scalar(UInt32(keysym)) else { return nil }
        return Character(scalar)
    }
}

/// What the window reports, as plain Swift values: nothing above this module sees an XEvent. Codable,
/// so input can be recorded and replayed through the same pipeline.
public enum WindowEvent: Equatable, Sendable, Codable {
    /// A wheel turned (buttons 4–7 in X): `dx`, `dy` in notches, positive right and down; `at` in
    /// window pixels.
    case scroll(dx: Double, dy: Double, at: Point, control: Bool)
    /// A button went down; `sample.position` is in window pixels. `shift`: whether Shift was held as it
    /// went down (the select tool stretches instead of moving); nil when not known (input logs written
    /// before it was recorded), which reads as not held.
    case pointerDown(InputSample, button: Int, shift: Bool? = nil)
    case pointerMoved(InputSample)
    /// A button came up. `control`: whether Ctrl was held as it did (a page dropped on another notebook
    /// in the page sorter is copied rather than moved); nil when not known (older input logs): not held.
    case pointerUp(InputSample, button: Int, control: Bool? = nil)
    case key(KeyInput)
    /// The window's size changed, in pixels.
    case resized(width: Int, height: Int)
    /// Part of the window must be drawn again.
    case exposed
    /// The user asked to close the window (the window manager's close button, WM_DELETE_WINDOW).
    case closeRequested
    /// A finger touched, moved on, or left a touchscreen; `id` follows one finger; window pixels.
    case touchBegan(id: Int, at: Point, time: Double)
    case touchMoved(id: Int, at: Point, time: Double)
    case touchEnded(id: Int, at: Point, time: Double)
    /// The input devices now present (at start and whenever one comes, goes or changes).
    case devicesChanged([InputDevice])
    /// A device was unplugged or disabled: whatever it was doing must end now.
    case deviceGone(id: Int)
    /// Files were dropped on the window (XDND): the `text/uri-list` entries, `file://` URIs as absolute
    /// paths and any other URI as given (so the app can say it cannot read it); `at` in window pixels.
    case filesDropped([String], at: Point)
    /// What `X11Window.requestPaste()` found on the clipboard.
    case pasted(ClipboardContent)
}

extension WindowEvent {
    /// X reports wheel notches as presses of buttons 4–7 (up, down, left, right); nil for any other
    /// button. Core and XI2 events both come through here.
    static func wheel(button: Int, at position: Point, control: Bool) -> WindowEvent? {
        switch button {
        case 4: return .scroll(dx: 0, dy: -1, at: position, control: control)
        case 5: return .scroll(dx: 0, dy: 1, at: position, control: control)
        case 6: return .scroll(dx: -1, dy: 0, at: position, control: control)
        case 7: return .scroll(dx: 1, dy: 0, at: position, control: control)
        default: return nil
        }
    }
}
