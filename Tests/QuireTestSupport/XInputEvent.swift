/// One XInput2 event as `XInputProbe` received it, copied out of Xlib's cookie data.
public struct XInputEvent: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case motion, buttonPress, buttonRelease, keyPress, keyRelease
        case touchBegin, touchUpdate, touchEnd
        case hierarchyChanged
    }

    public var kind: Kind
    /// The master device the event was delivered through (selection was for all master devices).
    public var deviceID: Int
    /// The physical (slave) device that produced it — the pen, the touchscreen, the keyboard.
    public var sourceID: Int
    /// Button number, keycode, or the server-assigned touch id.
    public var detail: Int
    public var eventX = 0.0, eventY = 0.0
    public var rootX = 0.0, rootY = 0.0
    /// Valuator values by axis number of the source device; only the axes set in the event's mask.
    public var valuators: [Int: Double] = [:]
    /// XIPointerEmulated, XITouchPendingEnd, …
    public var flags: Int = 0
    /// hierarchyChanged only: the devices whose state changed and how (XIDeviceEnabled, XIDeviceDisabled, …).
    public var hierarchyChanges: [HierarchyChange] = []

    public struct HierarchyChange: Sendable, Equatable {
        public var deviceID: Int
        public var flags: Int
        public init(deviceID: Int, flags: Int) {
            self.deviceID = deviceID
            self.flags = flags
        }
    }
}
