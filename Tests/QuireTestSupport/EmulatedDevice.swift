/// One input device that `XorgServer` creates through Xorg's `inputtest` driver, as the X server will
/// report it: its XInput name is `name`, and a test drives it through `XorgServer.connect(_:)`.
public struct EmulatedDevice: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// An absolute pointer with proximity (XI type TABLET): "Abs X"/"Abs Y" 0…65535 and, with
        /// `pressure`, "Abs Pressure" 0…1000 at axis 4. Button 1 is the tip.
        case pen(buttons: Int = 7, pressure: Bool = true)
        /// A direct-touch screen (XI type TOUCHSCREEN): "Abs MT Position X/Y" 0…65535,
        /// "Abs MT Pressure" 0…2047, up to `touches` simultaneous touches.
        case touch(touches: Int = 10)
        /// A keyboard (XI type KEYBOARD) with the server's default XKB map (evdev rules).
        case keyboard
    }

    public var name: String
    public var kind: Kind
    /// Whether the device is attached to the master pointer or keyboard (and so moves the core
    /// pointer or types into the focus), as a real tablet or keyboard is; false leaves it floating.
    public var sendsCoreEvents: Bool

    public init(name: String, kind: Kind, sendsCoreEvents: Bool = true) {
        self.name = name
        self.kind = kind
        self.sendsCoreEvents = sendsCoreEvents
    }

    public static let penName = "Quire Test Pen"
    public static let touchName = "Quire Test Touch"
    public static let keyboardName = "Quire Test Keyboard"

    public static func pen(named name: String = penName) -> EmulatedDevice {
        EmulatedDevice(name: name, kind: .pen())
    }

    public static func touchscreen(named name: String = touchName) -> EmulatedDevice {
        EmulatedDevice(name: name, kind: .touch())
    }

    public static func keyboard(named name: String = keyboardName) -> EmulatedDevice {
        EmulatedDevice(name: name, kind: .keyboard)
    }

    /// The usual set: a pressure pen, a 10-finger touchscreen and a keyboard.
    public static let penTouchKeyboard: [EmulatedDevice] = [.pen(), .touchscreen(), .keyboard()]

    /// The inputtest options of this device's InputDevice section (see inputtestdrv(4)).
    var driverOptions: [(String, String)] {
        switch kind {
        case let .pen(buttons, pressure):
            return [("DeviceType", "PointerAbsoluteProximity"),
                    ("PointerHasPressure", pressure ? "true" : "false"),
                    ("PointerButtonCount", String(buttons))]
        case let .touch(touches):
            return [("DeviceType", "Touch"), ("TouchCount", String(touches))]
        case .keyboard:
            return [("DeviceType", "Keyboard")]
        }
    }
}
