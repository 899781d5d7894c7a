/// Whitespace-separated decimal numbers as Xournal++ writes them ("12.5 40 13.25 41.5"), read
/// whatever the process locale (Swift's `Double(_:)` always reads a '.' decimal point, unlike strtod
/// under a German locale), each checked to be finite.
enum NumberList {
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
        var i = 0
        while i < bytes.count {
            while i < bytes.count && isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count else { break }
            let start = i
            while i < bytes.count && !isSpace(bytes[i]) { i += 1 }
            let token = UnsafeBufferPointer(rebasing: bytes[start..<i])
            guard token.count <= 64, let value = Double(Substring(decoding: token, as: UTF8.self)), value.isFinite else {
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
