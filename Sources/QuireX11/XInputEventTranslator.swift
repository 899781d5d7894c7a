import CX11
import QuireGeometry
import QuireInk

/// Turns XInput2 device events into `WindowEvent`s, reading each sample's valuators through the map of
/// the device that sent it (its source, not the master it arrives through). An event carries only the
/// valuators the driver posted with it; the others keep their last value (a pen still pressing).
struct XInputEventTranslator {
    var devices: [Int: InputDevice] = [:] {
        didSet { lastValues = lastValues.filter { devices[$0.key] != nil } }
    }
    /// Per device, each valuator's latest value.
    private var lastValues: [Int: [Int: Double]] = [:]

    mutating func translate(_ cookie: XGenericEventCookie) -> WindowEvent? {
        guard let data = cookie.data else { return nil }
        let e = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
        let source = devices[Int(e.sourceid)]
        let kind = source?.kind ?? .mouse
        // A touchscreen's first finger also drives the pointer; the touch events themselves say it all.
        if kind == .touch, Int32(e.flags) & XIPointerEmulated != 0, cookie.evtype != XI_TouchBegin,
           cookie.evtype != XI_TouchUpdate, cookie.evtype != XI_TouchEnd {
            return nil
        }
        let position = Point(e.event_x, e.event_y)
        let time = Double(e.time) / 1000
        switch cookie.evtype {
        case XI_TouchBegin: return .touchBegan(id: Int(e.detail), at: position, time: time)
        case XI_TouchUpdate: return .touchMoved(id: Int(e.detail), at: position, time: time)
        case XI_TouchEnd: return .touchEnded(id: Int(e.detail), at: position, time: time)
        default: break
        }
        let sample = self.sample(e, source: source, position: position, time: time, values: remember(e))
        let button = Int(e.detail)
        switch cookie.evtype {
        case XI_Motion:
            return .pointerMoved(sample)
        case XI_ButtonPress where (4...7).contains(button):
            return .wheel(button: button, at: position, control: Int32(e.mods.effective) & ControlMask != 0)
        case XI_ButtonPress:
            return .pointerDown(sample, button: button, shift: Int32(e.mods.effective) & ShiftMask != 0)
        case XI_ButtonRelease where !(4...7).contains(button):
            return .pointerUp(sample, button: button, control: Int32(e.mods.effective) & ControlMask != 0)
        default:
            return nil
        }
    }

    /// Merges the event's valuators into the device's latest values and returns them all.
    private mutating func remember(_ e: XIDeviceEvent) -> [Int: Double] {
        var values = lastValues[Int(e.sourceid)] ?? [:]
        // values[] is packed: one entry per bit set in the mask, in bit order.
        var packed = 0
        for axis in 0..<(Int(e.valuators.mask_len) * 8) where quire_XIMaskIsSet(e.valuators.mask, Int32(axis)) != 0 {
            values[axis] = e.valuators.values[packed]
            packed += 1
        }
        lastValues[Int(e.sourceid)] = values
        return values
    }

    private func sample(_ e: XIDeviceEvent, source: InputDevice?, position: Point, time: Double,
                        values: [Int: Double]) -> InputSample {
        func value(_ label: String) -> (ValuatorAxis, Double)? {
            guard let axis = source?.axis(label), let v = values[axis.number] else { return nil }
            return (axis, v)
        }
        let kind = source?.kind ?? .mouse
        // A device without a pressure valuator (a mouse) has no pressure: the ink uses its speed.
        let pressure = value("Abs Pressure").map { $0.0.normalized($0.1) }
        let tiltX = value("Abs Tilt X").map { $0.0.degrees($0.1) } ?? 0
        let tiltY = value("Abs Tilt Y").map { $0.0.degrees($0.1) } ?? 0
        let wheel = value("Abs Wheel").map { $0.0.normalized($0.1) }
        return InputSample(position: position, pressure: pressure, tiltX: tiltX, tiltY: tiltY, wheel: wheel, time: time,
                           device: kind, deviceID: Int(e.sourceid))
    }
}
