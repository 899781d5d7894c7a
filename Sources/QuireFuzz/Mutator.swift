/// Seeded byte mutations, the way a coverage-blind fuzzer makes cases: bit flips, bytes set to values
/// that break parsers (0, 0xff, signs), numbers that break arithmetic (NaN, ±∞, 1e8, 1e38 as Float32;
/// 1e308 as Float64; huge counts), and chunks inserted, deleted, repeated or cut off.
struct Mutator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed &+ 0x9E37_79B9_7F4A_7C15
    }

    mutating func next() -> UInt64 {
        // SplitMix64: tiny, fast, and the same sequence on every machine.
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(next() % UInt64(n)) }

    static let interestingFloats: [Float] = [.nan, .infinity, -.infinity, 1e8, -1e8, 1e38, -1e38, 0, -0.0, 1e-30, 65536]
    static let interestingDoubles: [Double] = [.nan, .infinity, 1e308, -1e308, 1e8, 0]
    static let interestingInts: [UInt32] = [0, 1, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff, 65536, 1 << 24]

    /// `seed` with 1 to 4 mutations; bytes past `protectedPrefix` are hit more often (a file's header
    /// is refused at once, so most cases should get past it).
    mutating func mutate(_ seed: [UInt8], protectedPrefix: Int = 0) -> [UInt8] {
        var bytes = seed
        for _ in 0...below(4) {
            let start = bytes.count > protectedPrefix && below(8) != 0 ? protectedPrefix : 0
            let position = bytes.isEmpty ? 0 : start + below(max(1, bytes.count - start))
            switch below(10) {
            case 0 where !bytes.isEmpty:
                bytes[min(position, bytes.count - 1)] ^= UInt8(1 << below(8))
            case 1 where !bytes.isEmpty:
                bytes[min(position, bytes.count - 1)] = [0, 0xff, 0x7f, 0x80, UInt8(truncatingIfNeeded: next())][below(5)]
            case 2:
                overwrite(&bytes, at: position, with: withUnsafeBytes(of: Self.interestingFloats[below(Self.interestingFloats.count)]) { Array($0) })
            case 3:
                overwrite(&bytes, at: position, with: withUnsafeBytes(of: Self.interestingDoubles[below(Self.interestingDoubles.count)]) { Array($0) })
            case 4:
                let value = Self.interestingInts[below(Self.interestingInts.count)]
                let raw = below(2) == 0 ? value : value.byteSwapped
                overwrite(&bytes, at: position, with: withUnsafeBytes(of: raw) { Array($0) })
            case 5:
                let count = 1 + below(16)
                bytes.insert(contentsOf: (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }, at: min(position, bytes.count))
            case 6 where bytes.count > 1:
                let from = min(position, bytes.count - 1)
                bytes.removeSubrange(from..<min(bytes.count, from + 1 + below(64)))
            case 7 where bytes.count > 1:
                let from = min(position, bytes.count - 1)
                let chunk = Array(bytes[from..<min(bytes.count, from + 1 + below(256))])
                bytes.insert(contentsOf: chunk, at: min(bytes.count, from + below(512)))
            case 8 where !bytes.isEmpty:
                bytes.removeSubrange(min(position, bytes.count)...)
            default:
                if !bytes.isEmpty { bytes[min(position, bytes.count - 1)] &+= UInt8(truncatingIfNeeded: next()) }
            }
        }
        return bytes
    }

    private func overwrite(_ bytes: inout [UInt8], at position: Int, with value: [UInt8]) {
        guard !bytes.isEmpty else { return bytes = value }
        let start = min(position, max(0, bytes.count - value.count))
        for (i, byte) in value.enumerated() where start + i < bytes.count { bytes[start + i] = byte }
    }
}
