import QuireGeometry
import QuireInk

/// A stroke's samples packed as one binary blob: what a notebook file stores per stroke, instead of a
/// row per sample. Version 2, all numbers little-endian:
///
///     offset  size  field
///     0       1     format version, 2 (1: the same without the wheel; still read)
///     1       1     flags: bit 0 pressure stored, bit 1 tilt stored, bit 2 a device byte per sample,
///                   bit 3 wheel stored (version 2 only)
///     2       1     the device of every sample when bit 2 is clear (0 mouse, 1 pen, 2 eraser, 3 touch)
///     3       1     reserved, 0
///     4       4     UInt32 sample count
///     8       8     Float64 time of the first sample, seconds
///     16      …     per sample: Float32 x, Float32 y, [Float32 pressure (NaN: none)],
///                   [Float32 tiltX, Float32 tiltY], [Float32 wheel (NaN: none)],
///                   Float32 seconds since the first sample, [UInt8 device]
///
/// Float32 keeps positions to well under 1/1000 px on any page and times to microseconds within a
/// stroke (the absolute time stays Float64 in the header). A mouse stroke costs 12 bytes a sample, a pen
/// stroke with tilt 24, an airbrush with its wheel 28. `PackedSamplesTests` pins the exact bytes of both
/// versions. Decoding checks the count against the length before allocating anything, and refuses a
/// position or time that is not a finite number, so a damaged blob is an error, never a trap or a
/// gigabyte allocation.
public enum PackedSamples {
    public static let version: UInt8 = 2
    public static let headerSize = 16
    /// The most samples a stroke may hold: about 23 hours of a 200 Hz pen. A count above it is damage.
    public static let maximumSampleCount = 1 << 24

    struct Flags: OptionSet {
        let rawValue: UInt8
        static let pressure = Flags(rawValue: 1)
        static let tilt = Flags(rawValue: 2)
        static let devicePerSample = Flags(rawValue: 4)
        static let wheel = Flags(rawValue: 8)
        static let version1: Flags = [.pressure, .tilt, .devicePerSample]
        static let version2: Flags = [.pressure, .tilt, .devicePerSample, .wheel]
    }

    public enum DecodingError: Error, Equatable, CustomStringConvertible {
        case tooShort(Int)
        case unknownVersion(UInt8)
        case unknownDevice(UInt8)
        case lengthMismatch(expected: Int, actual: Int)
        case unknownFlags(UInt8)
        case tooManySamples(Int)
        case notFinite(sample: Int)

        public var description: String {
            switch self {
            case let .tooShort(n): "a packed stroke of \(n) bytes is shorter than its header"
            case let .unknownVersion(v): "packed stroke format \(v) is newer than this Quire understands"
            case let .unknownDevice(d): "packed stroke names an unknown input device \(d)"
            case let .lengthMismatch(expected, actual): "a packed stroke should be \(expected) bytes but is \(actual)"
            case let .unknownFlags(f): "a packed stroke has flags \(f) this Quire does not know"
            case let .tooManySamples(n): "a packed stroke claims \(n) samples, more than the \(maximumSampleCount) a stroke may hold"
            case let .notFinite(sample): "sample \(sample) of a packed stroke has a position or time that is not a number"
            }
        }
    }

    private static let devices: [InputDeviceKind] = [.mouse, .pen, .eraser, .touch]

    private static func deviceCode(_ kind: InputDeviceKind) -> UInt8 {
        switch kind {
        case .mouse: 0
        case .pen: 1
        case .eraser: 2
        case .touch: 3
        }
    }

    static func bytesPerSample(_ flags: Flags) -> Int {
        12 + (flags.contains(.pressure) ? 4 : 0) + (flags.contains(.tilt) ? 8 : 0) + (flags.contains(.wheel) ? 4 : 0)
            + (flags.contains(.devicePerSample) ? 1 : 0)
    }

    public static func encode(_ samples: [InputSample]) -> [UInt8] { encoding(samples) }

    /// A page's stroke as stored, read in place: saving it builds no array of unpacked samples.
    public static func encode(_ samples: StrokeSamples) -> [UInt8] { encoding(samples) }

    private static func encoding<Samples: RandomAccessCollection>(_ samples: Samples) -> [UInt8]
    where Samples.Element == InputSample, Samples.Index == Int {
        var flags: Flags = []
        if samples.contains(where: { $0.pressure != nil }) { flags.insert(.pressure) }
        if samples.contains(where: { $0.tiltX != 0 || $0.tiltY != 0 }) { flags.insert(.tilt) }
        if samples.contains(where: { $0.wheel != nil }) { flags.insert(.wheel) }
        let firstDevice = samples.first?.device ?? .mouse
        if samples.contains(where: { $0.device != firstDevice }) { flags.insert(.devicePerSample) }
        let startTime = samples.first?.time ?? 0

        let firstCode = deviceCode(firstDevice)
        let size = headerSize + samples.count * bytesPerSample(flags)
        // Written in place into the one allocation (a stroke is encoded for every stroke a bulk write stores).
        return [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            let out = UnsafeMutableRawPointer(buffer.baseAddress!)
            var at = 0
            func put(_ value: UInt32) {
                out.storeBytes(of: value.littleEndian, toByteOffset: at, as: UInt32.self)
                at += 4
            }
            func put(_ value: Float) { put(value.bitPattern) }
            out.storeBytes(of: version, toByteOffset: 0, as: UInt8.self)
            out.storeBytes(of: flags.rawValue, toByteOffset: 1, as: UInt8.self)
            out.storeBytes(of: firstCode, toByteOffset: 2, as: UInt8.self)
            out.storeBytes(of: 0, toByteOffset: 3, as: UInt8.self)
            at = 4
            put(UInt32(samples.count))
            out.storeBytes(of: startTime.bitPattern.littleEndian, toByteOffset: at, as: UInt64.self)
            at += 8
            let pressure = flags.contains(.pressure), tilt = flags.contains(.tilt), wheel = flags.contains(.wheel)
            let devicePerSample = flags.contains(.devicePerSample)
            for sample in samples {
                put(Float(sample.position.x))
                put(Float(sample.position.y))
                if pressure { put(sample.pressure.map(Float.init) ?? .nan) }
                if tilt {
                    put(Float(sample.tiltX))
                    put(Float(sample.tiltY))
                }
                if wheel { put(sample.wheel.map(Float.init) ?? .nan) }
                put(Float(sample.time - startTime))
                if devicePerSample {
                    out.storeBytes(of: deviceCode(sample.device), toByteOffset: at, as: UInt8.self)
                    at += 1
                }
            }
            initialized = at
        }
    }

    public static func decode<Bytes: RandomAccessCollection>(_ bytes: Bytes) throws -> [InputSample]
    where Bytes.Element == UInt8, Bytes.Index == Int {
        guard bytes.count >= headerSize else { throw DecodingError.tooShort(bytes.count) }
        let base = bytes.startIndex
        let known: Flags
        switch bytes[base] {
        case 1: known = .version1
        case 2: known = .version2
        default: throw DecodingError.unknownVersion(bytes[base])
        }
        let flags = Flags(rawValue: bytes[base + 1])
        guard flags.isSubset(of: known) else { throw DecodingError.unknownFlags(flags.rawValue) }
        // The count is checked before it sizes anything: a UInt32 times 29 bytes cannot overflow an Int.
        let count = Int(readUInt32(bytes, at: base + 4))
        guard count <= maximumSampleCount else { throw DecodingError.tooManySamples(count) }
        let expected = headerSize + count * bytesPerSample(flags)
        guard bytes.count == expected else { throw DecodingError.lengthMismatch(expected: expected, actual: bytes.count) }
        let strokeDevice = try device(bytes[base + 2])
        let startTime = Double(bitPattern: readUInt64(bytes, at: base + 8))
        guard startTime.isFinite else { throw DecodingError.notFinite(sample: 0) }

        var samples: [InputSample] = []
        samples.reserveCapacity(count)
        var at = base + headerSize
        func float() -> Float {
            defer { at += 4 }
            return Float(bitPattern: readUInt32(bytes, at: at))
        }
        for index in 0..<count {
            let x = float(), y = float()
            var pressure: Double?
            if flags.contains(.pressure) {
                let p = float()
                pressure = p.isNaN ? nil : Double(p)
            }
            var tiltX: Float = 0, tiltY: Float = 0
            if flags.contains(.tilt) { tiltX = float(); tiltY = float() }
            var wheel: Double?
            if flags.contains(.wheel) {
                let w = float()
                wheel = w.isNaN ? nil : Double(w)
            }
            let dt = float()
            guard x.isFinite, y.isFinite, dt.isFinite, tiltX.isFinite, tiltY.isFinite else {
                throw DecodingError.notFinite(sample: index)
            }
            var kind = strokeDevice
            if flags.contains(.devicePerSample) {
                kind = try device(bytes[at])
                at += 1
            }
            samples.append(InputSample(position: Point(Double(x), Double(y)), pressure: pressure,
                                       tiltX: Double(tiltX), tiltY: Double(tiltY), wheel: wheel, time: startTime + Double(dt),
                                       device: kind))
        }
        return samples
    }

    /// The samples as they come back from storage: what a stroke looks like after a save and a load.
    public static func roundTripped(_ samples: [InputSample]) -> [InputSample] {
        (try? decode(encode(samples))) ?? samples
    }

    private static func device(_ code: UInt8) throws -> InputDeviceKind {
        guard Int(code) < devices.count else { throw DecodingError.unknownDevice(code) }
        return devices[Int(code)]
    }

    private static func readUInt32<Bytes: RandomAccessCollection>(_ bytes: Bytes, at i: Int) -> UInt32
    where Bytes.Element == UInt8, Bytes.Index == Int {
        UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24
    }

    private static func readUInt64<Bytes: RandomAccessCollection>(_ bytes: Bytes, at i: Int) -> UInt64
    where Bytes.Element == UInt8, Bytes.Index == Int {
        UInt64(readUInt32(bytes, at: i)) | UInt64(readUInt32(bytes, at: i + 4)) << 32
    }
}
