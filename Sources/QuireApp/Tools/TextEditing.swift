import QuireText

/// The text of a box being typed into, with its caret and selection: what each editing key does to
/// them, by characters (what a caret steps over). Where lines are (as the box shows them, wrapped) is
/// the layout's (`PageTextLayout`): the text tool moves the caret by it.
struct TextEditing: Equatable {
    /// The most characters a text box holds.
    static let maximumCharacters = 100_000

    private(set) var characters: [Character]
    /// The characters as one string, changed with them: made afresh from them at every key, it cost a
    /// box of 10,000 characters a third of a millisecond a key.
    private(set) var text: String
    /// Where the caret stands: before `characters[caret]` (at the end when it equals the count).
    private(set) var caret: Int
    /// The other end of the selection, when there is one (the caret is one end).
    private(set) var anchor: Int?

    init(text: String) {
        self.text = TextBlock.normalizingLineBreaks(text)
        characters = Array(self.text)
        caret = characters.count
    }

    /// Puts `new` for `characters[range]`, in the text too: its bytes spliced where those characters'
    /// bytes are (the same bytes `String(characters)` would hold).
    private mutating func replace(_ range: Range<Int>, with new: [Character]) {
        var start = 0
        for character in characters[..<range.lowerBound] { start += character.utf8.count }
        var end = start
        for character in characters[range] { end += character.utf8.count }
        let utf8 = text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: start), to = utf8.index(from, offsetBy: end - start)
        text.replaceSubrange(from..<to, with: String(new))
        characters.replaceSubrange(range, with: new)
    }

    /// The selection, ascending; nil when none or empty.
    var selection: Range<Int>? {
        guard let anchor, anchor != caret else { return nil }
        return min(anchor, caret)..<max(anchor, caret)
    }

    /// Inserts `text` for the selection; false when the box would hold more than it may (nothing changes).
    mutating func insert(_ text: String) -> Bool {
        let new = Array(TextBlock.normalizingLineBreaks(text))
        let removed = selection.map(\.count) ?? 0
        guard characters.count - removed + new.count <= Self.maximumCharacters else { return false }
        let at = deleteSelection() ?? caret
        replace(at..<at, with: new)
        caret = at + new.count
        return true
    }

    /// BackSpace (`forward` false) or Delete: the selection, else the character before (after) the caret.
    mutating func delete(forward: Bool) {
        if deleteSelection() != nil { return }
        if forward {
            if caret < characters.count { replace(caret..<caret + 1, with: []) }
        } else if caret > 0 {
            replace(caret - 1..<caret, with: [])
            caret -= 1
        }
    }

    /// Takes the selection out; where it was, or nil when there was none.
    private mutating func deleteSelection() -> Int? {
        guard let range = selection else {
            anchor = nil
            return nil
        }
        replace(range, with: [])
        caret = range.lowerBound
        anchor = nil
        return caret
    }

    /// Moves the caret to `offset` (clamped); `extending` keeps (or starts) the selection from where it was.
    mutating func moveCaret(to offset: Int, extending: Bool) {
        if extending { anchor = anchor ?? caret } else { anchor = nil }
        caret = max(0, min(characters.count, offset))
    }

    /// Left and right: one character; without Shift a selection collapses to its side.
    mutating func step(by delta: Int, extending: Bool) {
        if !extending, let range = selection {
            moveCaret(to: delta < 0 ? range.lowerBound : range.upperBound, extending: false)
        } else {
            moveCaret(to: caret + delta, extending: extending)
        }
    }

    mutating func selectAll() {
        anchor = 0
        caret = characters.count
    }
}
