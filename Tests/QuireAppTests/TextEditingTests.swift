import XCTest
@testable import QuireApp

/// `TextEditing` keeps its text as a string beside its characters, each edit spliced into both: the
/// string must always be the characters joined, whatever the edit and whatever the characters' sizes
/// in UTF-8 (one byte to four, and clusters of several scalars).
final class TextEditingTests: XCTestCase {
    func testTheTextIsAlwaysTheCharactersJoinedThroughInsertionsDeletionsAndSelections() {
        let pieces = ["a", " ", "é", "ß", "Ω", "漢", "字", "👍🏽", "🇫🇷", "\n", "e\u{301}", "xyz", ""]
        var editing = TextEditing(text: "start\r\nof it\rhere")
        XCTAssertEqual(editing.text, "start\nof it\nhere", "line breaks made one kind")
        // A linear congruential generator (Knuth's MMIX constants): the same edits on every run.
        var state: UInt64 = 7
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for step in 0..<2_000 {
            switch next() % 7 {
            case 0, 1, 2: _ = editing.insert(pieces[Int(next() % UInt64(pieces.count))])
            case 3: editing.delete(forward: next() % 2 == 0)
            case 4: editing.moveCaret(to: Int(next() % UInt64(editing.characters.count + 2)), extending: next() % 3 == 0)
            case 5: editing.step(by: next() % 2 == 0 ? -1 : 1, extending: next() % 2 == 0)
            default: if next() % 20 == 0 { editing.selectAll() }
            }
            XCTAssertEqual(editing.text, String(editing.characters), "after step \(step)")
            XCTAssertTrue((0...editing.characters.count).contains(editing.caret), "after step \(step)")
        }
    }

    func testTypingOverASelectionAcrossMultiByteCharactersReplacesExactlyIt() {
        var editing = TextEditing(text: "añ漢👍🏽z")
        editing.moveCaret(to: 1, extending: false)
        editing.moveCaret(to: 4, extending: true)
        XCTAssertTrue(editing.insert("Ω\n"))
        XCTAssertEqual(editing.text, "aΩ\nz")
        XCTAssertEqual(editing.caret, 3)
        editing.delete(forward: false)
        editing.delete(forward: true)
        XCTAssertEqual(editing.text, "aΩ")
    }
}
