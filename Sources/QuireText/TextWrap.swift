/// Where a text box's lines break: at its line breaks, and, when it has a wrap width, between words
/// wherever a line would grow past it (a word wider than the box alone is broken between characters).
/// Pure: each line's caret stops (`TextRasterizer.measure`) say how wide any run of it is.
public enum TextWrap {
    /// A line as shown: its text and the offset (in characters of the whole text, line breaks counted)
    /// of its first character.
    public struct Line: Equatable, Sendable {
        public var text: String
        public var start: Int
        /// Whether the text goes on in the next line without a line break (the box wrapped it).
        public var wrapped: Bool
        /// Its width, and where a caret stands before each character and after the last, measured from
        /// its start.
        public var width: Double
        public var caretStops: [Double]

        public init(text: String, start: Int, wrapped: Bool, width: Double, caretStops: [Double]) {
            self.text = text
            self.start = start
            self.wrapped = wrapped
            self.width = width
            self.caretStops = caretStops
        }

        /// Characters in it.
        public var count: Int { text.count }
    }

    /// `text`'s lines as shown in a box `width` wide (nil: no wrapping); `measure` measures a line (its
    /// width, and caret stops before each character and after the last, as `TextRasterizer.measure`
    /// gives them). A piece of a wrapped line is as wide as its caret stops say, its hanging spaces left out.
    public static func lines(of text: String, width: Double?, measure: (String) throws -> (width: Double, caretStops: [Double])) rethrows -> [Line] {
        var shown: [Line] = []
        var start = 0
        for line in TextBlock.lines(of: text) {
            let measured = try measure(line)
            // A character a caret stop, and one after the last: the line's length without walking it again.
            let count = max(0, measured.caretStops.count - 1)
            // Its characters only when it may break: walking a long box's every grapheme at each key costs.
            let characters = width == nil ? [] : Array(line)
            let starts = width.map { breaks(in: characters, stops: measured.caretStops, width: $0) } ?? [0]
            if starts.count == 1 {
                shown.append(Line(text: line, start: start, wrapped: false, width: measured.width, caretStops: measured.caretStops))
            } else {
                for (k, from) in starts.enumerated() {
                    let to = k + 1 < starts.count ? starts[k + 1] : characters.count
                    let stops = measured.caretStops[from...to].map { $0 - measured.caretStops[from] }
                    var inked = to
                    while inked > from, characters[inked - 1] == " " || characters[inked - 1] == "\t" { inked -= 1 }
                    shown.append(Line(text: String(characters[from..<to]), start: start + from, wrapped: k + 1 < starts.count,
                                      width: stops[inked - from], caretStops: stops))
                }
            }
            start += count + 1
        }
        return shown
    }

    /// Where each shown line of one line of text starts (the first at 0): a line breaks after the last
    /// space before the character that would end past `width`; spaces may hang past it; with no space to
    /// break at, before that character (every line keeps at least one). `stops` has one more entry than
    /// `characters` (fewer: the line is not broken).
    public static func breaks(in characters: [Character], stops: [Double], width: Double) -> [Int] {
        guard stops.count == characters.count + 1, width.isFinite, width > 0 else { return [0] }
        var starts = [0]
        var lineStart = 0
        // The latest place after a run of spaces in this line: where it may break.
        var opportunity: Int?
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == " " || character == "\t" {
                // Spaces hang: they never push a line past the width.
                if index + 1 < characters.count, characters[index + 1] != " ", characters[index + 1] != "\t" { opportunity = index + 1 }
                index += 1
                continue
            }
            if stops[index + 1] - stops[lineStart] > width, index > lineStart {
                let at = opportunity.flatMap { $0 > lineStart && $0 <= index ? $0 : nil } ?? index
                starts.append(at)
                lineStart = at
                opportunity = nil
                index = at
                continue
            }
            index += 1
        }
        return starts
    }
}
