import QuireX11

/// What the interface's one-line text fields (the colour picker's hex, a notebook's title) share: what
/// a key types into one (Escape, Return, Enter and BackSpace edit or end it: `Keysym`).
enum TextEntryKeys {
    /// What `key` types: its text without control characters (C0, DEL and C1). A modifier alone types
    /// nothing.
    static func typed(by key: KeyInput) -> String {
        key.text.filter { $0.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7f...0x9f).contains($0.value) } }
    }
}
