import Foundation
import XCTest
@testable import QuireText

/// Line breaking at a box's width, with every character 10 px wide (so the arithmetic is plain).
final class TextWrapTests: XCTestCase {
    private func stops(_ line: String) -> [Double] { (0...line.count).map { Double($0) * 10 } }
    private func tenEach(_ line: String) -> (width: Double, caretStops: [Double]) { (Double(line.count * 10), stops(line)) }

    private func shown(_ text: String, width: Double?) -> [String] {
        TextWrap.lines(of: text, width: width, measure: tenEach).map(\.text)
    }

    func testLinesBreakBetweenWordsAtTheWidth() {
        // 100 px holds ten characters: "the quick " (spaces hang), then "brown fox", then "jumps".
        XCTAssertEqual(shown("the quick brown fox jumps", width: 100), ["the quick ", "brown fox ", "jumps"])
        XCTAssertEqual(shown("the quick brown fox jumps", width: 1000), ["the quick brown fox jumps"])
    }

    func testAWordWiderThanTheBoxBreaksBetweenCharacters() {
        XCTAssertEqual(shown("abcdefghijklmnopqrstuvwxy z", width: 100), ["abcdefghij", "klmnopqrst", "uvwxy z"])
        // Narrower than one character: one a line, never none.
        XCTAssertEqual(shown("abc", width: 3), ["a", "b", "c"])
    }

    func testLineBreaksStayAndOffsetsCountThem() {
        let lines = TextWrap.lines(of: "one two three\nfour", width: 80, measure: tenEach)
        XCTAssertEqual(lines.map(\.text), ["one two ", "three", "four"])
        XCTAssertEqual(lines.map(\.start), [0, 8, 14])
        XCTAssertEqual(lines.map(\.wrapped), [true, false, false])
        // Each piece's stops start at its own start; its width leaves its hanging space out.
        XCTAssertEqual(lines[1].caretStops, [0, 10, 20, 30, 40, 50])
        XCTAssertEqual(lines.map(\.width), [70, 50, 40])
        let text = Array("one two three\nfour")
        for line in lines { XCTAssertEqual(String(text[line.start..<(line.start + line.count)]), line.text) }
    }

    func testNoWidthBreaksOnlyAtLineBreaks() {
        XCTAssertEqual(shown("a long line that goes on\n\nand on", width: nil), ["a long line that goes on", "", "and on"])
        XCTAssertEqual(shown("spaces     everywhere", width: .nan), ["spaces     everywhere"])
    }

    func testSpacesHangPastTheWidthAndNeverStartALine() {
        XCTAssertEqual(shown("abcd          efgh", width: 50), ["abcd          ", "efgh"])
    }

    func testMismatchedStopsLeaveTheLineWhole() {
        XCTAssertEqual(TextWrap.breaks(in: Array("abc def"), stops: [0, 10], width: 20), [0])
    }

    func testEveryCharacterIsShownOnceWhateverTheWidth() {
        let text = "Lorem ipsum dolor sit amet, consectetur   adipiscing elit\nsed do eiusmod tempor incididunt ut labore"
        for width in stride(from: 1.0, through: 600, by: 7) {
            let lines = TextWrap.lines(of: text, width: width, measure: tenEach)
            XCTAssertEqual(lines.map(\.text).joined(separator: "").count + lines.filter { !$0.wrapped }.count - 1, text.count, "at \(width)")
            for line in lines where line.wrapped {
                // A wrapped line fits, bar the spaces hanging at its end and a lone too-wide character.
                let kept = line.text.count - line.text.reversed().prefix { $0 == " " }.count
                XCTAssertTrue(Double(kept) * 10 <= max(width, 10), "\(line.text) at \(width)")
            }
        }
    }
}

final class TextBlockLineCountTests: XCTestCase {
    func testLinesAreCountedAsTheyAreSplit() {
        for text in ["", "a", "a\nb", "a\r\nb", "a\rb", "\n\n", "\r\r\n\n", "x\r", "é\nΩ\r\n日本", "\r\n\r\n"] {
            XCTAssertEqual(TextBlock.lineCount(of: text), TextBlock.lines(of: text).count, text.debugDescription)
        }
    }

    func testLinesAreSplitAtEachLineBreakWithTheirCharactersWhole() {
        XCTAssertEqual(TextBlock.lines(of: ""), [""])
        XCTAssertEqual(TextBlock.lines(of: "\n"), ["", ""])
        XCTAssertEqual(TextBlock.lines(of: "é\nΩ\r\n日本\r👍🏽\n"), ["é", "Ω", "日本", "👍🏽", ""])
        XCTAssertEqual(TextBlock.lines(of: "e\u{301}x\n\nend"), ["e\u{301}x", "", "end"])
        // A bridged string (not stored as UTF-8) splits the same.
        let bridged = NSString(string: "ab\ncd\r\nß").description
        XCTAssertEqual(TextBlock.lines(of: bridged), ["ab", "cd", "ß"])
    }
}
