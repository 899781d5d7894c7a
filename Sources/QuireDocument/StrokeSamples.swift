import QuireGeometry
import QuireInk

/// A finished stroke's samples as the page keeps them in memory: one buffer of 64-bit columns, x, y and
/// time always, the other fields only when some sample needs them. A pen stroke without tilt costs 32
/// bytes a sample where an `InputSample` costs 88 (its optionals and device fields padded to eight
/// bytes each), and every sample still comes back bit for bit: doubles are kept as their bit patterns,
/// nil apart from any number, the sign of a zero tilt kept. Only a field that is the same for every
/// sample (no pressure, no tilt, one device) is left out, and it is kept once.
public struct StrokeSamples: Sendable {
    public let count: Int
    private let columns: Columns
    /// Column-major: column k holds `bits[k * count ..< (k + 1) * count]`.
    private let bits: [UInt64]
    /// The device and device id of every sample, when they are all the same.
    private let device: InputDeviceKind
    private let deviceID: Int

    private struct Columns: OptionSet, Sendable {
        let rawValue: UInt8
        static let pressure = Columns(rawValue: 1 << 0)
        /// Some samples have pressure and some do not: a column saying which.
        static let pressurePresence = Columns(rawValue: 1 << 1)
        static let tilt = Columns(rawValue: 1 << 2)
        static let wheel = Columns(rawValue: 1 << 3)
        static let wheelPresence = Columns(rawValue: 1 << 4)
        static let devices = Columns(rawValue: 1 << 5)
        static let deviceIDs = Columns(rawValue: 1 << 6)
    }

    /// Where each column lies in `bits`, by its order: x, y, time, then the optional ones in the order
    /// of `Columns`.
    private struct Offsets {
        var pressure = 0, pressurePresence = 0, tiltX = 0, tiltY = 0, wheel = 0, wheelPresence = 0
        var devices = 0, deviceIDs = 0, total = 3

        init(_ columns: Columns, count: Int) {
            func next() -> Int {
                defer { total += 1 }
                return total * count
            }
            if columns.contains(.pressure) { pressure = next() }
            if columns.contains(.pressurePresence) { pressurePresence = next() }
            if columns.contains(.tilt) { tiltX = next(); tiltY = next() }
            if columns.contains(.wheel) { wheel = next() }
            if columns.contains(.wheelPresence) { wheelPresence = next() }
            if columns.contains(.devices) { devices = next() }
            if columns.contains(.deviceIDs) { deviceIDs = next() }
        }
    }

    private static let devices: [InputDeviceKind] = InputDeviceKind.allCases

    public init(_ samples: [InputSample]) {
        count = samples.count
        var columns: Columns = []
        let withPressure = samples.count(where: { $0.pressure != nil })
        if withPressure > 0 { columns.insert(.pressure) }
        if withPressure > 0, withPressure < samples.count { columns.insert(.pressurePresence) }
        // By bit pattern: a tilt of -0 is kept as -0.
        if samples.contains(where: { $0.tiltX.bitPattern != 0 || $0.tiltY.bitPattern != 0 }) { columns.insert(.tilt) }
        let withWheel = samples.count(where: { $0.wheel != nil })
        if withWheel > 0 { columns.insert(.wheel) }
        if withWheel > 0, withWheel < samples.count { columns.insert(.wheelPresence) }
        let first = samples.first
        if samples.contains(where: { $0.device != first?.device }) { columns.insert(.devices) }
        if samples.contains(where: { $0.deviceID != first?.deviceID }) { columns.insert(.deviceIDs) }
        self.columns = columns
        device = first?.device ?? .mouse
        deviceID = first?.deviceID ?? 0

        let at = Offsets(columns, count: count)
        let count = count
        bits = [UInt64](unsafeUninitializedCapacity: at.total * count) { buffer, initialized in
            for (i, sample) in samples.enumerated() {
                buffer[i] = sample.position.x.bitPattern
                buffer[count + i] = sample.position.y.bitPattern
                buffer[2 * count + i] = sample.time.bitPattern
                if columns.contains(.pressure) { buffer[at.pressure + i] = (sample.pressure ?? 0).bitPattern }
                if columns.contains(.pressurePresence) { buffer[at.pressurePresence + i] = sample.pressure == nil ? 0 : 1 }
                if columns.contains(.tilt) {
                    buffer[at.tiltX + i] = sample.tiltX.bitPattern
                    buffer[at.tiltY + i] = sample.tiltY.bitPattern
                }
                if columns.contains(.wheel) { buffer[at.wheel + i] = (sample.wheel ?? 0).bitPattern }
                if columns.contains(.wheelPresence) { buffer[at.wheelPresence + i] = sample.wheel == nil ? 0 : 1 }
                if columns.contains(.devices) { buffer[at.devices + i] = UInt64(Self.devices.firstIndex(of: sample.device) ?? 0) }
                if columns.contains(.deviceIDs) { buffer[at.deviceIDs + i] = UInt64(bitPattern: Int64(sample.deviceID)) }
            }
            initialized = at.total * count
        }
    }

    /// Bytes the samples take in memory (the buffer's contents, without its header).
    public var byteCount: Int { bits.count * MemoryLayout<UInt64>.stride }

    public var isEmpty: Bool { count == 0 }

    public func position(at index: Int) -> Point {
        Point(Double(bitPattern: bits[index]), Double(bitPattern: bits[count + index]))
    }

    /// Every sample's position, without unpacking the rest (hit tests).
    public var positions: [Point] { (0..<count).map(position(at:)) }

    /// Sample `i`, unpacked on its own: what a pass over every sample reads without building the array
    /// `samples` does (saving a stroke reads each sample several times).
    public subscript(i: Int) -> InputSample {
        let at = Offsets(columns, count: count)
        return bits.withUnsafeBufferPointer { unpack(i, from: $0, at: at) }
    }

    /// Every sample, exactly as it was given.
    public var samples: [InputSample] {
        let at = Offsets(columns, count: count)
        return bits.withUnsafeBufferPointer { bits in (0..<count).map { unpack($0, from: bits, at: at) } }
    }

    private func unpack(_ i: Int, from bits: UnsafeBufferPointer<UInt64>, at: Offsets) -> InputSample {
        func double(_ offset: Int) -> Double { Double(bitPattern: bits[offset + i]) }
        let hasPressure = columns.contains(.pressure) && (!columns.contains(.pressurePresence) || bits[at.pressurePresence + i] != 0)
        let hasWheel = columns.contains(.wheel) && (!columns.contains(.wheelPresence) || bits[at.wheelPresence + i] != 0)
        let tilt = columns.contains(.tilt)
        return InputSample(position: Point(double(0), double(count)),
                           pressure: hasPressure ? double(at.pressure) : nil,
                           tiltX: tilt ? double(at.tiltX) : 0, tiltY: tilt ? double(at.tiltY) : 0,
                           wheel: hasWheel ? double(at.wheel) : nil,
                           time: double(2 * count),
                           device: columns.contains(.devices) ? Self.devices[Int(bits[at.devices + i])] : device,
                           deviceID: columns.contains(.deviceIDs) ? Int(Int64(bitPattern: bits[at.deviceIDs + i])) : deviceID)
    }
}

extension StrokeSamples: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
}
