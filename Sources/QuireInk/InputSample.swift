import QuireGeometry

/// What kind of thing made a sample. Tools behave by kind: a mouse has no pressure, an eraser end erases.
public enum InputDeviceKind: String, Sendable, Codable, CaseIterable {
    case mouse, pen, eraser, touch

    /// Either end of a pen: what palm rejection watches for and what the side buttons belong to.
    public var isStylus: Bool { self == .pen || self == .eraser }
}

/// One sample from an input device, in plain Swift: the X11 layer turns events into these and nothing
/// above it sees an X type.
public struct InputSample: Equatable, Sendable, Codable {
    /// Sub-pixel position in page pixels.
    public var position: Point
    /// 0…1, normalised by the device's own range; nil when the device reports none (a mouse).
    public var pressure: Double?
    /// Degrees from vertical towards +x and +y; zero when the device reports none.
    public var tiltX: Double
    public var tiltY: Double
    /// An airbrush's wheel or an Art Pen's barrel rotation ("Abs Wheel"), 0…1 over the device's own
    /// range; nil when the device has none.
    public var wheel: Double?
    /// Seconds, from any fixed origin (the X server's clock for live input).
    public var time: Double
    public var device: InputDeviceKind
    /// The X input device that sent it (its XI2 id), so a stroke knows whose it is; 0 when unknown.
    /// Kept in input logs (a replay must tell devices apart) but not in notebooks: ids mean something
    /// only while the X server runs.
    public var deviceID: Int = 0

    public init(position: Point, pressure: Double? = nil, tiltX: Double = 0, tiltY: Double = 0, wheel: Double? = nil,
                time: Double, device: InputDeviceKind = .mouse, deviceID: Int = 0) {
        self.position = position
        self.pressure = pressure
        self.wheel = wheel
        self.tiltX = tiltX
        self.tiltY = tiltY
        self.time = time
        self.device = device
        self.deviceID = deviceID
    }

    private enum CodingKeys: String, CodingKey {
        case position, pressure, tiltX, tiltY, wheel, time, device, deviceID
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        position = try c.decode(Point.self, forKey: .position)
        pressure = try c.decodeIfPresent(Double.self, forKey: .pressure)
        tiltX = try c.decodeIfPresent(Double.self, forKey: .tiltX) ?? 0
        tiltY = try c.decodeIfPresent(Double.self, forKey: .tiltY) ?? 0
        wheel = try c.decodeIfPresent(Double.self, forKey: .wheel)
        time = try c.decode(Double.self, forKey: .time)
        device = try c.decodeIfPresent(InputDeviceKind.self, forKey: .device) ?? .mouse
        deviceID = try c.decodeIfPresent(Int.self, forKey: .deviceID) ?? 0
    }
}
