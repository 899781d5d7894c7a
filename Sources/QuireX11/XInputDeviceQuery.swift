import CX11

/// Reads the server's slave pointer devices (pens, erasers, mice, touchscreens) into `InputDevice`s.
enum XInputDeviceQuery {
    static func devices(display: OpaquePointer) -> [Int: InputDevice] {
        let types = typeAtoms(display)
        var count: Int32 = 0
        guard let list = XIQueryDevice(display, XIAllDevices, &count) else { return [:] }
        defer { XIFreeDeviceInfo(list) }
        var devices: [Int: InputDevice] = [:]
        for index in 0..<Int(count) {
            let info = list[index]
            guard info.use == XISlavePointer || info.use == XIFloatingSlave, info.enabled != 0 else { continue }
            var axes: [ValuatorAxis] = []
            var directTouch = false
            for classIndex in 0..<Int(info.num_classes) {
                guard let any = info.classes[classIndex] else { continue }
                switch any.pointee.type {
                case XIValuatorClass:
                    let axis = UnsafeRawPointer(any).assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
                    axes.append(ValuatorAxis(number: Int(axis.number), label: atomName(display, axis.label),
                                             minimum: axis.min, maximum: axis.max))
                case XITouchClass:
                    let touch = UnsafeRawPointer(any).assumingMemoryBound(to: XITouchClassInfo.self).pointee
                    directTouch = directTouch || touch.mode == XIDirectTouch
                default:
                    break
                }
            }
            let name = String(cString: info.name)
            let id = Int(info.deviceid)
            let (kind, source) = DeviceKindRule.kind(typeAtom: types[id], wacomToolType: wacomToolType(display, id),
                                                     name: name, hasDirectTouch: directTouch)
            devices[id] = InputDevice(id: id, name: name, kind: kind, kindSource: source,
                                      axes: axes.sorted { $0.number < $1.number })
        }
        return devices
    }

    /// XI 1 device type atoms by id ("TABLET", "ERASER", "TOUCHSCREEN", …): XI2 has none.
    private static func typeAtoms(_ display: OpaquePointer) -> [Int: String] {
        var count: Int32 = 0
        guard let list = XListInputDevices(display, &count) else { return [:] }
        defer { XFreeDeviceList(list) }
        var types: [Int: String] = [:]
        for index in 0..<Int(count) where list[index].type != 0 {
            types[Int(list[index].id)] = atomName(display, list[index].type)
        }
        return types
    }

    /// xf86-input-wacom's "Wacom Tool Type" property (an atom: STYLUS, ERASER, CURSOR, PAD, TOUCH).
    private static func wacomToolType(_ display: OpaquePointer, _ id: Int) -> String? {
        let property = XInternAtom(display, "Wacom Tool Type", 1)
        guard property != 0 else { return nil }
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XIGetProperty(display, Int32(id), property, 0, 1, 0, Atom(AnyPropertyType), &type, &format,
                            &count, &after, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        guard format == 32, count > 0 else { return nil }
        // 32-bit XI properties come back as 32-bit values (unlike core properties' longs).
        let atom = UnsafeRawPointer(data).load(as: UInt32.self)
        return atomName(display, Atom(atom))
    }

    static func atomName(_ display: OpaquePointer, _ atom: Atom) -> String {
        guard atom != 0, let name = XGetAtomName(display, atom) else { return "" }
        defer { XFree(name) }
        return String(cString: name)
    }
}
