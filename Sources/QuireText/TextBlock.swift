import Foundation
import CFreeType
import QuireImageIO

/// Text of several lines in one font at one size, as a text box on the page shows it: each line laid
/// out as `render` lays one (FreeType advances and kerning), the lines one line-height apart.
public struct TextBlock: Equatable, Sendable {
    /// The lines, split at line breaks ("\n"; "\r\n" and "\r" count as one).
    public var lines: [String]
    /// Pixels from the top of a line to its baseline, and from one baseline to the next.
    public var ascender: Int
    public var lineHeight: Int
    /// The widest line's width, in pixels.
    public var width: Int
    /// For each line, the pen's place (pixels from the line's start) before each of its characters and
    /// after the last: where a caret stands.
    public var caretStops: [[Double]]

    public var height: Int { max(1, lines.count) * lineHeight }

    public init(lines: [String], ascender: Int, lineHeight: Int, width: Int, caretStops: [[Double]]) {
        self.lines = lines
        self.ascender = ascender
        self.lineHeight = lineHeight
        self.width = width
        self.caretStops = caretStops
    }

    /// `text`'s lines.
    public static func lines(of text: String) -> [String] {
        // Split at the byte, not by characters: "\n" is one byte in UTF-8 and never part of another
        // character's bytes, and splitting by characters walks every grapheme of a long box at each key.
        // Each line made from its bytes at once: through the UTF-8 view's split and substrings, a box
        // of 10,000 characters took 0.12 ms a key, asked for two or three times a key.
        var normalized = normalizingLineBreaks(text)
        return normalized.withUTF8 { bytes in
            var lines: [String] = []
            var start = 0
            for index in bytes.indices where bytes[index] == 10 {
                lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                start = index + 1
            }
            lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
            return lines
        }
    }

    /// How many lines `text` has (as `lines(of:)` splits it), counted without splitting: a box being
    /// typed into is asked at every key.
    public static func lineCount(of text: String) -> Int {
        var count = 1, afterReturn = false
        for byte in text.utf8 {
            if byte == 10 {
                if !afterReturn { count += 1 }
                afterReturn = false
            } else if byte == 13 {
                count += 1
                afterReturn = true
            } else {
                afterReturn = false
            }
        }
        return count
    }

    /// `text` with "\r\n" and "\r" made "\n", the one line break text boxes hold.
    public static func normalizingLineBreaks(_ text: String) -> String {
        // Its bytes looked at, not Foundation's search: a box of 10,000 characters is asked at every key.
        guard text.utf8.contains(13) else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }
}

extension TextRasterizer {
    /// `text` laid out as a block of lines at `size` pixels per em (`withCarets`: each line's caret
    /// stops too; drawing needs none).
    public func block(_ text: String, size: Double, withCarets: Bool = true) throws -> TextBlock {
        let lines = TextBlock.lines(of: text)
        let metrics = try lineMetrics(size: size)
        var stops: [[Double]] = []
        var width = 0
        for line in lines {
            let (layout, _) = try place(line, size: size)
            width = max(width, line.isEmpty ? 0 : layout.width)
            if withCarets { stops.append(try caretStops(line, size: size)) }
        }
        return TextBlock(lines: lines, ascender: metrics.ascender, lineHeight: metrics.lineHeight, width: max(1, width),
                         caretStops: stops)
    }

    /// `text`'s lines drawn one under another in `color` on a transparent image as wide as the widest
    /// and `lineHeight` a line, with the block's layout (without caret stops): `laidOut` when the caller
    /// has it at this size already (it is not worked out again).
    public func renderBlock(_ text: String, size: Double, color: (r: UInt8, g: UInt8, b: UInt8, a: UInt8),
                            laidOut: TextBlock? = nil) throws -> (image: RGBAImage, block: TextBlock) {
        let block = try laidOut ?? block(text, size: size, withCarets: false)
        var pixels = [UInt8](repeating: 0, count: block.width * block.height * 4)
        for (index, line) in block.lines.enumerated() where !line.isEmpty {
            let drawn = try render(line, size: size, color: color)
            // Every line is laid out at the font's ascender: its image's baseline is the block's. Lines
            // do not overlap, so each row is copied whole.
            let top = index * block.lineHeight, rowBytes = min(drawn.width, block.width) * 4
            for y in 0..<drawn.height where top + y < block.height {
                let from = y * drawn.width * 4, to = (top + y) * block.width * 4
                pixels.replaceSubrange(to..<(to + rowBytes), with: drawn.pixels[from..<(from + rowBytes)])
            }
        }
        return (RGBAImage(width: block.width, height: block.height, pixels: pixels), block)
    }

    /// One line's width (pixels; 0 for an empty line) and caret stops at `size`, as `block` measures each.
    public func measure(_ line: String, size: Double) throws -> (width: Int, caretStops: [Double]) {
        let (layout, _) = try place(line, size: size)
        return (line.isEmpty ? 0 : layout.width, try caretStops(line, size: size))
    }

    /// The font's ascender and line height at `size`, whole pixels.
    public func lineMetrics(size: Double) throws -> (ascender: Int, lineHeight: Int) {
        let layout = try place("", size: size).layout
        return (layout.baseline, layout.height)
    }

    /// Where the pen stands before each character of `line` (a `Character`, as a caret moves) and after
    /// the last, in pixels from the line's start.
    func caretStops(_ line: String, size: Double) throws -> [Double] {
        guard let face else { throw TextError.badSize(size) }
        _ = try place("", size: size)
        let hasKerning = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
        var pen = 0, previous: UInt32 = 0
        var stops: [Double] = [0]
        for character in line {
            for scalar in character.unicodeScalars {
                let code = scalar == "\t" ? 0x20 : scalar.value
                let index = FT_Get_Char_Index(face, FT_ULong(code))
                if hasKerning, previous != 0, index != 0 {
                    var delta = FT_Vector()
                    if FT_Get_Kerning(face, previous, index, FT_KERNING_DEFAULT.rawValue, &delta) == 0 { pen += Int(delta.x) }
                }
                if let glyph = try glyph(index, size: size) { pen += glyph.advance }
                previous = index
            }
            stops.append(Double(pen) / 64)
        }
        return stops
    }
}
