import CX11
import Foundation

/// The X input method keys go through, so that typed text is what the keyboard layout and the user's
/// input method make of the keys: dead keys and compose sequences (´ then e is é), characters beyond
/// Latin-1 from their keysyms (Ω, Я), and whole words from an input method server (CJK, through
/// XMODIFIERS). Xlib reads the locale for all of it: the character type is made UTF-8 when the
/// environment's is not, and text comes by Xutf8LookupString. Without an input method (none opens),
/// keys are looked up as before, by XLookupString.
final class InputMethod {
    private var method: XIM?
    private var context: XIC?

    init(display: OpaquePointer, window: Window) {
        Self.useUTF8CharacterType()
        guard XSupportsLocale() != 0 else { return }
        // The user's XMODIFIERS (an input method server) first; else Xlib's own, which composes.
        _ = XSetLocaleModifiers("")
        method = XOpenIM(display, nil, nil, nil)
        if method == nil {
            _ = XSetLocaleModifiers("@im=none")
            method = XOpenIM(display, nil, nil, nil)
        }
        guard let method else { return }
        context = quire_XCreateIC(method, window)
        if let context { XSetICFocus(context) }
    }

    deinit { close() }

    /// Whether typed text comes through an input method (else by XLookupString).
    var isOpen: Bool { context != nil }

    /// Hands `event` to the input method first: true when it took it (a dead key, a key of a compose
    /// sequence, a key an input method server is composing with), and it must go no further.
    func filter(_ event: inout XEvent) -> Bool {
        guard context != nil else { return false }
        return XFilterEvent(&event, 0) != 0
    }

    /// The window gained or lost the keyboard: the input method follows.
    func focus(_ focused: Bool) {
        guard let context else { return }
        if focused { XSetICFocus(context) } else { XUnsetICFocus(context) }
    }

    /// A key press's keysym (0 when the input method gives only text) and the text it types; nil when
    /// no input method is open.
    func lookUp(_ key: inout XKeyEvent) -> (keysym: UInt, text: String)? {
        guard let context else { return nil }
        var buffer = [CChar](repeating: 0, count: 64)
        var keysym: KeySym = 0
        var status: Int32 = 0
        var count = Xutf8LookupString(context, &key, &buffer, Int32(buffer.count), &keysym, &status)
        if status == XBufferOverflow, count > 0, count <= 1 << 16 {
            // A long commit from an input method: looked up again into room enough.
            buffer = [CChar](repeating: 0, count: Int(count) + 1)
            count = Xutf8LookupString(context, &key, &buffer, Int32(buffer.count), &keysym, &status)
        }
        let hasText = status == XLookupChars || status == XLookupBoth
        let hasKeysym = status == XLookupKeySym || status == XLookupBoth
        let bytes = hasText ? buffer.prefix(Int(max(0, min(count, Int32(buffer.count))))).map { UInt8(bitPattern: $0) } : []
        // Text that is not UTF-8 (a broken input method) is dropped, never passed on half-read.
        return (hasKeysym ? UInt(keysym) : 0, String(validating: bytes, as: UTF8.self) ?? "")
    }

    func close() {
        if let context { XDestroyIC(context) }
        if let method { XCloseIM(method) }
        context = nil
        method = nil
    }

    /// Xlib's input methods speak the locale's character set: the environment's when it is UTF-8,
    /// else C.UTF-8 (Debian's base locale), so text always comes as UTF-8.
    private static func useUTF8CharacterType() {
        if let set = setlocale(LC_CTYPE, ""), String(cString: set).lowercased().replacingOccurrences(of: "-", with: "").contains("utf8") { return }
        _ = setlocale(LC_CTYPE, "C.UTF-8")
    }
}
