import Foundation

extension InkColor {
    /// `#rrggbb`, lower case, each channel rounded to the nearest of 256 levels (alpha left out).
    public var hex: String {
        let digits = "0123456789abcdef".map { $0 }
        var text = "#"
        for channel in [red, green, blue] {
            let level = channel.isFinite ? Int((min(1, max(0, channel)) * 255).rounded()) : 0
            text.append(digits[level / 16])
            text.append(digits[level % 16])
        }
        return text
    }

    /// The opaque colour `text` names as `#rrggbb` (the `#` may be left out; spaces round it are
    /// ignored; either case), or nil for anything else.
    public init?(hex text: String) {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if body.first == "#" { body = body.dropFirst() }
        guard body.count == 6, body.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
        var levels: [Float] = []
        var index = body.startIndex
        for _ in 0..<3 {
            let next = body.index(index, offsetBy: 2)
            guard let level = UInt8(body[index..<next], radix: 16) else { return nil }
            levels.append(Float(level) / 255)
            index = next
        }
        self.init(red: levels[0], green: levels[1], blue: levels[2])
    }
}
