/// One device as XIQueryDevice (and, for the type, XListInputDevices) describe it.
public struct XInputDeviceInfo: Sendable, Equatable {
    public enum Use: String, Sendable {
        case masterPointer, masterKeyboard, slavePointer, slaveKeyboard, floatingSlave, unknown
    }

    public struct Valuator: Sendable, Equatable {
        public var number: Int
        /// The axis label atom's name, e.g. "Abs Pressure"; empty when unlabelled.
        public var label: String
        public var minimum: Double
        public var maximum: Double
        public var resolution: Int
        public var isAbsolute: Bool
    }

    public var id: Int
    public var name: String
    public var use: Use
    /// The master it is attached to (slaves) or paired with (masters).
    public var attachment: Int
    public var enabled: Bool
    /// The XI 1 device type atom's name — "TABLET", "TOUCHSCREEN", "KEYBOARD", "MOUSE" — which
    /// XI2 does not report; empty when the server gives none.
    public var type: String
    public var buttonCount: Int
    public var valuators: [Valuator]
    /// Touch class, if any: whether it is a direct (touchscreen) or dependent (touchpad) device.
    public var touchMode: TouchMode?
    public var maximumTouches: Int

    public enum TouchMode: String, Sendable { case direct, dependent }

    public func valuator(labelled label: String) -> Valuator? {
        valuators.first { $0.label == label }
    }
}
