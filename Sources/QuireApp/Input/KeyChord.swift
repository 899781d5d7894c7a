import QuireX11

/// One key with the modifiers it needs. A modifier that is nil may be up or down: the arrows pan
/// whatever is held, and a tool key works with Shift (Caps Lock) too.
public struct KeyChord: Equatable, Sendable {
    public enum Key: Equatable, Sendable {
        /// A key without text (arrows, PageDown), by X keysym.
        case keysym(UInt, name: String)
        /// A key labelled with a printable ASCII character, matched case-blind.
        case character(Character)
    }

    public var key: Key
    public var control: Bool?
    public var shift: Bool?
    public var alt: Bool?

    public init(_ key: Key, control: Bool? = false, shift: Bool? = nil, alt: Bool? = false) {
        self.key = key
        self.control = control
        self.shift = shift
        self.alt = alt
    }

    public func matches(_ input: KeyInput) -> Bool {
        guard control.map({ $0 == input.control }) ?? true, shift.map({ $0 == input.shift }) ?? true,
              alt.map({ $0 == input.alt }) ?? true else { return false }
        switch key {
        case let .keysym(keysym, _): return input.keysym == keysym
        case let .character(character):
            // With Control held the typed text is a control code: match the key's own label instead.
            return input.character.map { Character($0.lowercased()) } == Character(character.lowercased())
        }
    }

    /// How people write it: "Ctrl+Shift+Z", "PageDown", "P".
    public var label: String {
        var parts: [String] = []
        if control == true { parts.append("Ctrl") }
        if shift == true { parts.append("Shift") }
        if alt == true { parts.append("Alt") }
        switch key {
        case let .keysym(_, name): parts.append(name)
        case let .character(character): parts.append(String(character).uppercased())
        }
        return parts.joined(separator: "+")
    }
}
