import QuireX11

/// What the interface's one-line text fields (the colour picker's hex, a notebook's title) share: the
/// keys that end or edit an entry, and what any other key types into one.
enum TextEntryKeys {
    static let returnKey: UInt = 0xff0d, keypadEnter: UInt = 0xff8d, escape: UInt = 0xff1b, backspace: UInt = 0xff08

    /// What `key` types: its text without control characters (C0, DEL and C1). A modifier alone types
    /// nothing.
    static func typed(by key: KeyInput) -> String {
        key.text.filter { $0.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7f...0x9f).contains($0.value) } }
    }
}
