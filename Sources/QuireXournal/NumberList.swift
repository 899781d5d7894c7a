import Foundation

/// Whitespace-separated decimal numbers as Xournal++ writes them ("12.5 40 13.25 41.5"), read
/// whatever the process locale, each checked to be finite.
enum NumberList {
    /// strtod reads a '.' decimal point only while the C locale's decimal point is '.' (Quire never
    /// sets another; a library might): then it parses each number straight from a stack buffer, several
    /// times faster than Swift's `Double(_:)` on a substring, which is used otherwise.
    private static var strtodReadsPoint: Bool {
        guard let point = localeconv()?.pointee.decimal_point else { return false }
        return point[0] == 0x2E && point[1] == 0
    }
    /// How many numbers `bytes` holds: counted before any is stored, so a limit is checked first.
    static func count(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var inToken = false
        for byte in bytes {
            let space = isSpace(byte)
            if !space && !inToken { count += 1 }
            inToken = !space
        }
        return count
    }

    /// Appends the numbers to `numbers`; returns a reason naming the first that is not a finite number,
    /// or nil.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, into numbers: inout [Double]) -> String? {
        let fast = strtodReadsPoint
        // One number's characters, NUL-terminated for strtod; Xournal++ writes at most about 20.
        var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        var i = 0
        while i < bytes.count {
            while i < bytes.count && isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count else { break }
            let start = i
            while i < bytes.count && !isSpace(bytes[i]) { i += 1 }
            let token = UnsafeBufferPointer(rebasing: bytes[start..<i])
            var value: Double?
            if fast, token.count < MemoryLayout.size(ofValue: buffer) {
                value = withUnsafeMutableBytes(of: &buffer) { raw -> Double? in
                    let text = raw.bindMemory(to: CChar.self)
                    for k in 0..<token.count { text[k] = CChar(bitPattern: token[k]) }
                    text[token.count] = 0
                    var end: UnsafeMutablePointer<CChar>?
                    let parsed = strtod(text.baseAddress!, &end)
                    // The whole token must be the number ("2x0" is not); "inf" and "nan" read, and are refused below.
                    return end == text.baseAddress! + token.count ? parsed : nil
                }
            } else if token.count <= 64 {
                value = Double(Substring(decoding: token, as: UTF8.self))
            }
            guard let value, value.isFinite else {
                let text = String(decoding: token.prefix(40), as: UTF8.self)
                return "\"\(text)\(token.count > 40 ? "…" : "")\" is not a finite number"
            }
            numbers.append(value)
        }
        return nil
    }

    static func parse(_ text: String) -> (numbers: [Double], problem: String?) {
        var text = text
        var numbers: [Double] = []
        let problem = text.withUTF8 { parse($0, into: &numbers) }
        return (numbers, problem)
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }
}
