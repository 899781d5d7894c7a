/// The X keysyms (X11/keysymdef.h) Quire's keys are named by, in one place: the key table and the
/// panels that read keys while open (the sorter, the notebook list, the pen settings, text fields).
enum Keysym {
    static let escape: UInt = 0xff1b, returnKey: UInt = 0xff0d, keypadEnter: UInt = 0xff8d, tab: UInt = 0xff09
    static let backspace: UInt = 0xff08, delete: UInt = 0xffff, insert: UInt = 0xff63
    static let left: UInt = 0xff51, up: UInt = 0xff52, right: UInt = 0xff53, down: UInt = 0xff54
    static let home: UInt = 0xff50, end: UInt = 0xff57, pageUp: UInt = 0xff55, pageDown: UInt = 0xff56
    static let keypadPlus: UInt = 0xffab, keypadMinus: UInt = 0xffad
    static let f1: UInt = 0xffbe, f2: UInt = 0xffbf, f3: UInt = 0xffc0, f11: UInt = 0xffc8
}
