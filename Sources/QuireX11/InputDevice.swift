import QuireInk

/// One input device as Quire sees it: plain values, no X types. Built from the X server's description
/// (XIQueryDevice) and rebuilt whenever devices come, go or change.
public struct InputDevice: Equatable, Sendable, Codable {
    public var id: Int
    public var name: String
    public var kind: InputDeviceKind
    /// Where `kind` came from: "type TABLET", "Wacom Tool Type ERASER", "name", "touch class".
    public var kindSource: String
    public var axes: [ValuatorAxis]

    public init(id: Int, name: String, kind: InputDeviceKind, kindSource: String, axes: [ValuatorAxis]) {
        self.id = id
        self.name = name
        self.kind = kind
        self.kindSource = kindSource
        self.axes = axes
    }

    public func axis(_ label: String) -> ValuatorAxis? { axes.first { $0.label == label } }
}

/// One valuator of a device, by the label the driver gives it ("Abs Pressure", "Abs Tilt X", …) and
/// its own range: values are normalised by this range, never by an assumed one.
public struct ValuatorAxis: Equatable, Sendable, Codable {
    public var number: Int
    public var label: String
    public var minimum: Double
    public var maximum: Double

    public init(number: Int, label: String, minimum: Double, maximum: Double) {
        self.number = number
        self.label = label
        self.minimum = minimum
        self.maximum = maximum
    }

    /// `value` mapped to 0…1 over this axis's range (clamped; 0 for an empty range).
    public func normalized(_ value: Double) -> Double {
        guard maximum > minimum else { return 0 }
        return min(1, max(0, (value - minimum) / (maximum - minimum)))
    }

    /// A tilt valuator's value in degrees. Drivers report tilt in degrees (xf86-input-wacom: −64…63;
    /// libinput: −90…90); a range wider than that is scaled so its ends are ±90°.
    public func degrees(_ value: Double) -> Double {
        let extent = max(abs(minimum), abs(maximum))
        guard extent > 0 else { return 0 }
        let clamped = min(maximum, max(minimum, value))
        return extent <= 90 ? clamped : clamped / extent * 90
    }
}

/// How a device's kind is told: the X device type first, then the Wacom driver's tool type, then the
/// name. A generic type ("TABLET") is refined by the others, since libinput and test drivers call pens
/// and erasers alike TABLET.
public enum DeviceKindRule {
    public static func kind(typeAtom: String?, wacomToolType: String?, name: String, hasDirectTouch: Bool)
        -> (InputDeviceKind, String) {
        switch typeAtom?.uppercased() {
        case "ERASER"?: return (.eraser, "type ERASER")
        case "STYLUS"?, "PEN"?: return (.pen, "type \(typeAtom!)")
        case "TOUCHSCREEN"?, "TOUCH"?: return (.touch, "type \(typeAtom!)")
        case "MOUSE"?, "TOUCHPAD"?, "TRACKBALL"?: return (.mouse, "type \(typeAtom!)")
        default: break
        }
        switch wacomToolType?.uppercased() {
        case "ERASER"?: return (.eraser, "Wacom Tool Type ERASER")
        case "STYLUS"?: return (.pen, "Wacom Tool Type STYLUS")
        case "TOUCH"?: return (.touch, "Wacom Tool Type TOUCH")
        case "CURSOR"?, "PAD"?: return (.mouse, "Wacom Tool Type \(wacomToolType!)")
        default: break
        }
        if hasDirectTouch { return (.touch, "touch class") }
        let lower = name.lowercased()
        if lower.contains("eraser") { return (.eraser, "name") }
        if lower.contains("stylus") || lower.contains("pen") { return (.pen, "name") }
        if lower.contains("touch") || lower.contains("finger") { return (.touch, "name") }
        if typeAtom?.uppercased() == "TABLET" { return (.pen, "type TABLET") }
        return (.mouse, "name")
    }
}
