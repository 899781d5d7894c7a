import CXTest
import Foundation
import QuireImageIO

/// A test's own connection to the X server: it moves the pointer and presses buttons and keys through
/// XTEST exactly as a user's devices would, finds windows, and takes screenshots of what the server shows.
public final class XDisplayDriver {
    let display: OpaquePointer

    public init(display name: String) throws {
        guard let display = XOpenDisplay(name) else {
            throw XvfbServer.Failure.didNotStart("cannot connect to \(name)")
        }
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display, &event, &error, &major, &minor) != 0 else {
            XCloseDisplay(display)
            throw XvfbServer.Failure.didNotStart("the server has no XTEST extension")
        }
        self.display = display
    }

    deinit { XCloseDisplay(display) }

    /// Makes sure the server has processed every request sent so far.
    public func sync() { XSync(display, 0) }

    public func move(to x: Int, _ y: Int) {
        XTestFakeMotionEvent(display, -1, Int32(x), Int32(y), 0)
        sync()
    }

    public func press(button: UInt32 = 1) {
        XTestFakeButtonEvent(display, button, 1, 0)
        sync()
    }

    public func release(button: UInt32 = 1) {
        XTestFakeButtonEvent(display, button, 0, 0)
        sync()
    }

    /// Presses a button at the first point, moves through the rest, releases at the last.
    public func drag(through points: [(Int, Int)], button: UInt32 = 1) {
        guard let first = points.first else { return }
        move(to: first.0, first.1)
        press(button: button)
        for p in points.dropFirst() { move(to: p.0, p.1) }
        release(button: button)
    }

    /// Presses (`down`) or lets go of a key by keysym name and leaves it so: holding "Shift_L" round a
    /// drag makes it a Shift+drag.
    public func hold(_ name: String, down: Bool) {
        XTestFakeKeyEvent(display, UInt32(XKeysymToKeycode(display, XStringToKeysym(name))), down ? 1 : 0, 0)
        sync()
    }

    /// Types a key, optionally with Control and/or Shift held: `key("e", control: true)` is Ctrl+E,
    /// `key("slash", shift: true)` is "?" on a US layout.
    public func key(_ name: String, control: Bool = false, shift: Bool = false) {
        let controlCode = XKeysymToKeycode(display, KeySym(XK_Control_L))
        let shiftCode = XKeysymToKeycode(display, KeySym(XK_Shift_L))
        let code = XKeysymToKeycode(display, XStringToKeysym(name))
        if control { XTestFakeKeyEvent(display, UInt32(controlCode), 1, 0) }
        if shift { XTestFakeKeyEvent(display, UInt32(shiftCode), 1, 0) }
        XTestFakeKeyEvent(display, UInt32(code), 1, 0)
        XTestFakeKeyEvent(display, UInt32(code), 0, 0)
        if shift { XTestFakeKeyEvent(display, UInt32(shiftCode), 0, 0) }
        if control { XTestFakeKeyEvent(display, UInt32(controlCode), 0, 0) }
        sync()
    }

    /// Types the keysym `name` (`eacute`, `U65E5`) though no key of the layout has it: a keycode with no
    /// keysym is given it first (clients hear of it by MappingNotify, before the key). False when the
    /// name is no keysym or no keycode is free.
    @discardableResult
    public func typeUnmapped(_ name: String) -> Bool {
        let keysym = XStringToKeysym(name)
        var lowest: Int32 = 0, highest: Int32 = 0
        XDisplayKeycodes(display, &lowest, &highest)
        var perCode: Int32 = 0
        guard keysym != 0, highest >= lowest,
              let map = XGetKeyboardMapping(display, KeyCode(lowest), highest - lowest + 1, &perCode) else { return false }
        defer { XFree(map) }
        let width = Int(perCode)
        guard let spare = (lowest...highest).first(where: { code in
            (0..<width).allSatisfy { map[Int(code - lowest) * width + $0] == 0 }
        }) else { return false }
        var symbols = [keysym]
        XChangeKeyboardMapping(display, spare, 1, &symbols, 1)
        XTestFakeKeyEvent(display, UInt32(spare), 1, 0)
        XTestFakeKeyEvent(display, UInt32(spare), 0, 0)
        sync()
        return true
    }

    /// The first top-level window whose WM_NAME is `title` and that is mapped, with its position.
    public func findWindow(titled title: String) -> (id: UInt, x: Int, y: Int, width: Int, height: Int)? {
        let root = XDefaultRootWindow(display)
        var rootReturn: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, root, &rootReturn, &parent, &children, &count) != 0, let children else { return nil }
        defer { XFree(children) }
        for i in 0..<Int(count) {
            let window = children[i]
            var name: UnsafeMutablePointer<CChar>?
            guard XFetchName(display, window, &name) != 0, let name else { continue }
            let matches = String(cString: name) == title
            XFree(name)
            var attributes = XWindowAttributes()
            guard matches, XGetWindowAttributes(display, window, &attributes) != 0,
                  attributes.map_state == IsViewable else { continue }
            var x: Int32 = 0, y: Int32 = 0
            var child: Window = 0
            XTranslateCoordinates(display, window, root, 0, 0, &x, &y, &child)
            return (UInt(window), Int(x), Int(y), Int(attributes.width), Int(attributes.height))
        }
        return nil
    }

    /// A window's string property (UTF8_STRING or STRING), e.g. "_NET_WM_NAME".
    public func stringProperty(_ name: String, of window: UInt) -> String? {
        guard let bytes = propertyBytes(name, of: window, format: 8) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A window's 32-bit CARDINAL or ATOM property values: a format-32 property's values, at most `maximumCount` of them (an icon holds thousands).
    public func cardinalProperty(_ name: String, of window: UInt, maximumCount: Int = 1024) -> [UInt]? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, Window(window), XInternAtom(display, name, 0), 0, maximumCount, 0,
                                        Atom(AnyPropertyType), &type, &format, &count, &after, &data)
        guard status == Success, let data, format == 32 else { return nil }
        defer { XFree(data) }
        // Format-32 data arrives as C longs.
        return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
    }

    public func atomName(_ atom: UInt) -> String? {
        guard let name = XGetAtomName(display, Atom(atom)) else { return nil }
        defer { XFree(name) }
        return String(cString: name)
    }

    /// WM_CLASS as (instance, class).
    public func windowClass(of window: UInt) -> (String, String)? {
        guard let bytes = propertyBytes("WM_CLASS", of: window, format: 8) else { return nil }
        let parts = bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        return parts.count >= 2 ? (parts[0], parts[1]) : nil
    }

    /// Asks the window to close as a window manager's close button does (WM_DELETE_WINDOW).
    public func requestClose(window: UInt) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = Window(window)
        event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
        event.xclient.data.l.1 = Int(CurrentTime)
        XSendEvent(display, Window(window), 0, NoEventMask, &event)
        sync()
    }

    /// Enables or disables an input device by name, as `xinput enable/disable` does (its "Device
    /// Enabled" property): the closest thing to unplugging and plugging it in again. False when no
    /// device has that name.
    @discardableResult
    public func setInputDevice(named name: String, enabled: Bool) -> Bool {
        var count: Int32 = 0
        guard let list = XIQueryDevice(display, XIAllDevices, &count) else { return false }
        defer { XIFreeDeviceInfo(list) }
        guard let info = (0..<Int(count)).map({ list[$0] }).first(where: { String(cString: $0.name) == name }) else {
            return false
        }
        var value: UInt8 = enabled ? 1 : 0
        XIChangeProperty(display, info.deviceid, XInternAtom(display, "Device Enabled", 0), Atom(XA_INTEGER), 8,
                         PropModeReplace, &value, 1)
        sync()
        return true
    }

    /// Moves a window as a window manager would.
    /// Starts hearing what clients send the root window (as a window manager hears EWMH requests),
    /// without becoming the window manager: SubstructureNotify, not Redirect.
    public func listenToRootMessages() {
        XSelectInput(display, XDefaultRootWindow(display), SubstructureNotifyMask)
        sync()
    }

    /// The next ClientMessage of `type` sent to the root window since `listenToRootMessages`, as its
    /// window and five data values, or nil when none comes within `timeout` seconds.
    public func rootMessage(_ type: String, timeout: Double = 10) -> (window: UInt, data: [Int])? {
        let wanted = XInternAtom(display, type, 0)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                guard event.type == ClientMessage, event.xclient.message_type == wanted else { continue }
                let l = event.xclient.data.l
                return (UInt(event.xclient.window), [l.0, l.1, l.2, l.3, l.4])
            }
            usleep(10_000)
        }
        return nil
    }

    /// An atom's number, for comparing with message data.
    public func atom(_ name: String) -> Int { Int(XInternAtom(display, name, 0)) }

    public func move(window: UInt, x: Int, y: Int) {
        XMoveWindow(display, Window(window), Int32(x), Int32(y))
        sync()
    }

    /// Resizes a window as a window manager would.
    public func resize(window: UInt, width: Int, height: Int) {
        XResizeWindow(display, Window(window), UInt32(width), UInt32(height))
        sync()
    }

    /// What the server shows in the given rectangle of the screen, as RGBA.
    public func screenshot(x: Int = 0, y: Int = 0, width: Int, height: Int) -> RGBAImage? {
        let root = XDefaultRootWindow(display)
        guard let image = XGetImage(display, root, Int32(x), Int32(y), UInt32(width), UInt32(height),
                                    UInt(bitPattern: -1), ZPixmap) else { return nil }
        // XDestroyImage is a macro over the image's own destroy function.
        defer { _ = image.pointee.f.destroy_image(image) }
        let ximage = image.pointee
        guard ximage.bits_per_pixel == 32, let bits = ximage.data else { return nil }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let bytesPerLine = Int(ximage.bytes_per_line)
        bits.withMemoryRebound(to: UInt8.self, capacity: bytesPerLine * height) { source in
            for row in 0..<height {
                for column in 0..<width {
                    // TrueColor 24-bit depth in 32-bit pixels, little-endian: B, G, R, X.
                    let s = row * bytesPerLine + column * 4
                    let d = (row * width + column) * 4
                    pixels[d] = source[s + 2]
                    pixels[d + 1] = source[s + 1]
                    pixels[d + 2] = source[s]
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private func propertyBytes(_ name: String, of window: UInt, format wanted: Int32) -> [UInt8]? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, Window(window), XInternAtom(display, name, 0), 0, 4096, 0,
                                        Atom(AnyPropertyType), &type, &format, &count, &after, &data)
        guard status == Success, let data, format == wanted else { return nil }
        defer { XFree(data) }
        return Array(UnsafeBufferPointer(start: data, count: Int(count)))
    }
}
