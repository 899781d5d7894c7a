extension KeyInput {
    /// The text a key types, as UTF-8 Swift text, from its keysym and the bytes `XLookupString` gave.
    /// Those bytes are Latin-1, not UTF-8 (é comes as the one byte 0xE9), and keysyms beyond Latin-1
    /// give none at all; so ASCII is taken as looked up (with Control held it is a control code), and
    /// otherwise the keysym names the character: Latin-1 keysyms are their own code points, and the
    /// Unicode keysyms (0x1000000 + the code point) that keyboard layouts use beyond Latin-1 say theirs.
    public static func text(keysym: UInt, lookedUp bytes: [UInt8]) -> String {
        if !bytes.isEmpty, bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        let value: UInt
        switch keysym {
        case 0xa0...0xff: value = keysym
        case 0x100_00a0...0x110_ffff: value = keysym - 0x100_0000
        default: return ""
        }
        guard let scalar = Unicode.Scalar(UInt32(value)) else { return "" }
        return String(Character(scalar))
    }
}
