import CXTest
import Foundation

/// A test's own XInput2 client: a window covering the screen that selects pointer, button, key and
/// touch events from every master device (and hierarchy changes on the root), and hands them back with
/// their valuators and source devices. It shows what any X client — Quire included — is sent.
///
/// Deterministic use: drive devices, call `InputTestDevice.sync()` (the server has delivered the
/// events), then `takeEvents()` (a round trip puts every delivered event in Xlib's queue).
public final class XInputProbe {
    private var connection: OpaquePointer?
    /// The open connection; using a closed probe is a programming error.
    private var display: OpaquePointer {
        guard let connection else { preconditionFailure("XInputProbe used after close()") }
        return connection
    }
    public let window: UInt
    /// The XInput extension's major opcode: cookie events carry it.
    private let opcode: Int32
    public let width: Int
    public let height: Int
    private var received: [XInputEvent] = []

    public enum Failure: Error, CustomStringConvertible {
        case cannotOpen(String)
        case noXInput2(String)
        public var description: String {
            switch self {
            case let .cannotOpen(name): return "cannot open X display \(name)"
            case let .noXInput2(why): return "the X server lacks XInput 2.2: \(why)"
            }
        }
    }

    public init(display name: String) throws {
        guard let display = XOpenDisplay(name) else { throw Failure.cannotOpen(name) }
        var opcode: Int32 = 0, firstEvent: Int32 = 0, firstError: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0 else {
            XCloseDisplay(display)
            throw Failure.noXInput2("no XInputExtension")
        }
        // 2.2 is the first version with touch events; announcing it also tells the server we handle them.
        var major: Int32 = 2, minor: Int32 = 2
        guard XIQueryVersion(display, &major, &minor) == Success, major * 100 + minor >= 202 else {
            XCloseDisplay(display)
            throw Failure.noXInput2("server offers \(major).\(minor)")
        }
        connection = display
        self.opcode = opcode

        let screen = XDefaultScreen(display)
        width = Int(XDisplayWidth(display, screen))
        height = Int(XDisplayHeight(display, screen))
        let root = XRootWindow(display, screen)
        // Override-redirect at 0,0: no window manager moves it, so window and root coordinates agree.
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.event_mask = StructureNotifyMask
        let created = XCreateWindow(display, root, 0, 0, UInt32(width), UInt32(height), 0, Int32(CopyFromParent),
                                    UInt32(InputOutput), nil, UInt(CWOverrideRedirect | CWEventMask), &attributes)
        window = UInt(created)

        select(on: created, device: XIAllMasterDevices, events: [
            XI_Motion, XI_ButtonPress, XI_ButtonRelease, XI_KeyPress, XI_KeyRelease,
            // The three touch events must be selected together (else BadValue).
            XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd,
        ])
        // Hierarchy changes (devices added, enabled, disabled) are only delivered on the root window.
        select(on: root, device: XIAllDevices, events: [XI_HierarchyChanged])

        XMapRaised(display, created)
        var event = XEvent()
        repeat { XWindowEvent(display, created, StructureNotifyMask, &event) } while event.type != MapNotify
        // Keys go to the focus; pointer events go to the window under the pointer, which is this one.
        XSetInputFocus(display, created, Int32(RevertToPointerRoot), UInt(CurrentTime))
        XSync(display, 0)
    }

    deinit { close() }

    /// Closes the connection. Do this before the server stops: Xlib ends the whole process when the
    /// server goes away under an open connection.
    public func close() {
        guard let connection else { return }
        XDestroyWindow(connection, Window(window))
        XCloseDisplay(connection)
        self.connection = nil
    }

    private func select(on window: Window, device: Int32, events: [Int32]) {
        var bits = [UInt8](repeating: 0, count: Int(quire_xi_mask_len(XI_LASTEVENT)))
        for event in events { quire_xi_set_mask(&bits, event) }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: device, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            _ = XISelectEvents(display, window, &mask, 1)
        }
    }

    // MARK: Events

    /// Every XI2 event delivered since the last call, oldest first. Round-trips to the server first, so
    /// everything the server sent before it processed this call is included.
    public func takeEvents() -> [XInputEvent] {
        XSync(display, 0)
        var event = XEvent()
        while XPending(display) > 0 {
            XNextEvent(display, &event)
            guard event.type == GenericEvent, event.xcookie.extension == opcode,
                  XGetEventData(display, &event.xcookie) != 0 else { continue }
            if let converted = convert(event.xcookie) { received.append(converted) }
            XFreeEventData(display, &event.xcookie)
        }
        defer { received = [] }
        return received
    }

    private func convert(_ cookie: XGenericEventCookie) -> XInputEvent? {
        guard let data = cookie.data else { return nil }
        if cookie.evtype == XI_HierarchyChanged {
            let hierarchy = data.assumingMemoryBound(to: XIHierarchyEvent.self).pointee
            let changes = (0..<Int(hierarchy.num_info)).compactMap { index -> XInputEvent.HierarchyChange? in
                let info = hierarchy.info[index]
                return info.flags == 0 ? nil : .init(deviceID: Int(info.deviceid), flags: Int(info.flags))
            }
            return XInputEvent(kind: .hierarchyChanged, deviceID: Int(XIAllDevices), sourceID: Int(XIAllDevices),
                               detail: 0, flags: Int(hierarchy.flags), hierarchyChanges: changes)
        }
        let kind: XInputEvent.Kind
        switch cookie.evtype {
        case XI_Motion: kind = .motion
        case XI_ButtonPress: kind = .buttonPress
        case XI_ButtonRelease: kind = .buttonRelease
        case XI_KeyPress: kind = .keyPress
        case XI_KeyRelease: kind = .keyRelease
        case XI_TouchBegin: kind = .touchBegin
        case XI_TouchUpdate: kind = .touchUpdate
        case XI_TouchEnd: kind = .touchEnd
        default: return nil
        }
        let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
        // values[] is packed: one entry per bit set in the mask, in bit order.
        var valuators: [Int: Double] = [:]
        var packed = 0
        for axis in 0..<(Int(device.valuators.mask_len) * 8) where quire_xi_mask_is_set(device.valuators.mask, Int32(axis)) != 0 {
            valuators[axis] = device.valuators.values[packed]
            packed += 1
        }
        return XInputEvent(kind: kind, deviceID: Int(device.deviceid), sourceID: Int(device.sourceid),
                           detail: Int(device.detail), eventX: device.event_x, eventY: device.event_y,
                           rootX: device.root_x, rootY: device.root_y, valuators: valuators, flags: Int(device.flags))
    }

    // MARK: Devices

    /// Every device the server has, masters included.
    public func devices() -> [XInputDeviceInfo] {
        let types = xi1Types()
        var count: Int32 = 0
        guard let list = XIQueryDevice(display, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(list) }
        return (0..<Int(count)).map { index in
            let info = list[index]
            var device = XInputDeviceInfo(
                id: Int(info.deviceid), name: String(cString: info.name), use: Self.use(info.use),
                attachment: Int(info.attachment), enabled: info.enabled != 0, type: types[Int(info.deviceid)] ?? "",
                buttonCount: 0, valuators: [], touchMode: nil, maximumTouches: 0)
            for classIndex in 0..<Int(info.num_classes) {
                guard let any = info.classes[classIndex] else { continue }
                switch any.pointee.type {
                case XIButtonClass:
                    let buttons = UnsafeRawPointer(any).assumingMemoryBound(to: XIButtonClassInfo.self).pointee
                    device.buttonCount = Int(buttons.num_buttons)
                case XIValuatorClass:
                    let axis = UnsafeRawPointer(any).assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
                    device.valuators.append(.init(number: Int(axis.number), label: atomName(axis.label),
                                                  minimum: axis.min, maximum: axis.max, resolution: Int(axis.resolution),
                                                  isAbsolute: axis.mode == XIModeAbsolute))
                case XITouchClass:
                    let touch = UnsafeRawPointer(any).assumingMemoryBound(to: XITouchClassInfo.self).pointee
                    device.touchMode = touch.mode == XIDirectTouch ? .direct : .dependent
                    device.maximumTouches = Int(touch.num_touches)
                default:
                    break
                }
            }
            device.valuators.sort { $0.number < $1.number }
            return device
        }
    }

    public func device(named name: String) -> XInputDeviceInfo? {
        devices().first { $0.name == name }
    }

    /// Enables or disables a device as `xinput enable/disable` does, through its "Device Enabled"
    /// property. Disabling an inputtest device also closes its socket connection.
    public func setEnabled(_ enabled: Bool, deviceID: Int) {
        var value: UInt8 = enabled ? 1 : 0
        let property = XInternAtom(display, "Device Enabled", 0)
        XIChangeProperty(display, Int32(deviceID), property, Atom(XA_INTEGER), 8, PropModeReplace, &value, 1)
        XSync(display, 0)
    }

    /// The keysym name a keycode produces in the first group without modifiers ("a" for 38 under evdev rules).
    public func keysymName(keycode: Int) -> String {
        let keysym = XkbKeycodeToKeysym(display, KeyCode(keycode), 0, 0)
        guard keysym != 0, let name = XKeysymToString(keysym) else { return "" }
        return String(cString: name)
    }

    /// XI 1 type atoms by device id ("TABLET", "TOUCHSCREEN", …); XI2 has no device type.
    private func xi1Types() -> [Int: String] {
        var count: Int32 = 0
        guard let list = XListInputDevices(display, &count) else { return [:] }
        defer { XFreeDeviceList(list) }
        var types: [Int: String] = [:]
        for index in 0..<Int(count) where list[index].type != 0 {
            types[Int(list[index].id)] = atomName(list[index].type)
        }
        return types
    }

    private func atomName(_ atom: Atom) -> String {
        guard atom != 0, let name = XGetAtomName(display, atom) else { return "" }
        defer { XFree(name) }
        return String(cString: name)
    }

    private static func use(_ value: Int32) -> XInputDeviceInfo.Use {
        switch value {
        case XIMasterPointer: return .masterPointer
        case XIMasterKeyboard: return .masterKeyboard
        case XISlavePointer: return .slavePointer
        case XISlaveKeyboard: return .slaveKeyboard
        case XIFloatingSlave: return .floatingSlave
        default: return .unknown
        }
    }
}
