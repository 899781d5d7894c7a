import QuireInk
import QuireX11

/// The colour picker's hex field while a colour is being typed: `#` begins it, hex digits follow,
/// BackSpace takes one back, Enter applies, Escape cancels. Text that is not `#rrggbb` is refused on
/// Enter and shown so (the field stays open to be corrected); nothing typed is ever fatal.
struct HexEntry: Equatable {
    /// More than `#rrggbb` is typed only by mistake; beyond this, keys are refused.
    static let maximumLength = 12

    private(set) var text = "#"
    /// The last Enter (or a key past the longest text) was refused: the field shows it in red.
    private(set) var refused = false

    /// What a key did to the entry.
    enum Outcome: Equatable {
        /// The text changed, or the key was refused: the entry goes on.
        case editing
        /// Enter with a colour: apply it.
        case entered(InkColor)
        /// Escape: the entry is dropped.
        case cancelled
    }

    mutating func type(_ key: KeyInput) -> Outcome {
        switch key.keysym {
        case Keysym.escape:
            return .cancelled
        case Keysym.returnKey, Keysym.keypadEnter:
            if let color = InkColor(hex: text) { return .entered(color) }
            refused = true
        case Keysym.backspace:
            if text.count > 1 { text.removeLast() }
            refused = false
        default:
            // A modifier alone (Shift for "#") types nothing.
            let typed = TextEntryKeys.typed(by: key)
            guard !typed.isEmpty else { break }
            if text.count + typed.count <= Self.maximumLength {
                text += typed
                refused = false
            } else {
                refused = true
            }
        }
        return .editing
    }
}
