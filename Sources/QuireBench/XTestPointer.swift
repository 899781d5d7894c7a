import CXTest

/// The server's XTEST pointer and keyboard, driven as a mouse and keys: moves, button and key presses
/// go out as they are made (flushed, never synced, so a steady stream is not slowed by round trips).
final class XTestPointer {
    private let display: OpaquePointer

    init?(display name: String) {
        guard let display = XOpenDisplay(name) else { return nil }
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display, &event, &error, &major, &minor) != 0 else {
            XCloseDisplay(display)
            return nil
        }
        self.display = display
    }

    deinit { XCloseDisplay(display) }

    func move(to x: Int, _ y: Int) {
        XTestFakeMotionEvent(display, -1, Int32(x), Int32(y), 0)
        XFlush(display)
    }

    func button(down: Bool) {
        XTestFakeButtonEvent(display, 1, down ? 1 : 0, 0)
        XFlush(display)
    }

    /// One click of the wheel: button 4 up, 5 down, 6 left, 7 right.
    func wheel(_ button: UInt32) {
        XTestFakeButtonEvent(display, button, 1, 0)
        XTestFakeButtonEvent(display, button, 0, 0)
        XFlush(display)
    }

    /// A key pressed and released (`keysym`, a character's Latin-1 code or an X keysym).
    func key(_ keysym: UInt) {
        let code = UInt32(XKeysymToKeycode(display, KeySym(keysym)))
        XTestFakeKeyEvent(display, code, 1, 0)
        XTestFakeKeyEvent(display, code, 0, 0)
        XFlush(display)
    }

    /// Waits until the server has handled everything sent.
    func sync() { XSync(display, 0) }
}
