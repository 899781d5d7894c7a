import Foundation
import QuireX11
import XCTest
@testable import QuireApp

/// One key table for every key: the canvas and the notebook act by it, and the README lists it.
final class KeyTableTests: XCTestCase {
    /// The input a chord describes, with its optional modifiers up.
    private func input(for chord: KeyChord) -> KeyInput {
        let keysym: UInt
        switch chord.key {
        case let .keysym(value, _): keysym = value
        case let .character(character): keysym = UInt(character.unicodeScalars.first!.value)
        }
        return KeyInput(keysym: keysym, text: "", control: chord.control ?? false, shift: chord.shift ?? false,
                        alt: chord.alt ?? false)
    }

    /// No key is shadowed by an earlier row: each does what its own row says.
    func testEveryKeyReachesItsOwnAction() {
        for binding in KeyTable.bindings {
            for (chord, action) in binding.chords {
                XCTAssertEqual(KeyTable.action(for: input(for: chord)), action, "\(chord.label) (\(binding.keys))")
            }
        }
    }

    func testModifiersAreMatchedAsTheTableSays() {
        let z = UInt(0x7a), e = UInt(0x65), left = UInt(0xff51)
        XCTAssertEqual(KeyTable.action(for: KeyInput(keysym: z, text: "\u{1a}", control: true)), .undo)
        XCTAssertEqual(KeyTable.action(for: KeyInput(keysym: 0x5a, text: "\u{1a}", control: true, shift: true)), .redo)
        XCTAssertEqual(KeyTable.action(for: KeyInput(keysym: e, text: "e")), .selectTool(.eraser))
        XCTAssertEqual(KeyTable.action(for: KeyInput(keysym: 0x45, text: "E", shift: true)), .selectTool(.eraser),
                       "a tool key works with Shift")
        XCTAssertNil(KeyTable.action(for: KeyInput(keysym: e, text: "e", alt: true)), "Alt+E is not a tool key")
        XCTAssertEqual(KeyTable.action(for: KeyInput(keysym: e, text: "\u{05}", control: true)), .exportPNG)
        XCTAssertEqual(KeyTable.action(for: KeyInput(keysym: left, text: "", control: true)), .pan(dx: 1, dy: 0),
                       "the arrows pan whatever is held")
        XCTAssertEqual(KeyTable.action(for: KeyInput(keysym: 0xff56, text: "", control: true, shift: true)),
                       .notebook(.nextNotebook))
        XCTAssertEqual(KeyTable.action(for: KeyInput(keysym: 0x6d, text: "\u{0d}", control: true, shift: true)),
                       .notebook(.movePageToNextNotebook))
        XCTAssertNil(KeyTable.action(for: KeyInput(keysym: 0x6e, text: "\u{0e}", control: true, shift: true)),
                     "Ctrl+Shift+N is not Ctrl+N")
        XCTAssertNil(KeyTable.action(for: KeyInput(keysym: 0xff56, text: "", alt: true)), "Alt+PageDown is nothing")
    }

    /// The README's key tables are the table's own Markdown, so the docs cannot drift from the keys.
    func testTheReadmeListsEveryKeyAsTheTableDoes() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        for section in KeyBinding.Section.allCases {
            XCTAssertTrue(text.contains(KeyTable.markdown(section)),
                          "README.md's \(section) keys differ from KeyTable; paste `quire keys --markdown` output:\n\(KeyTable.markdown(section))")
        }
        XCTAssertTrue(text.contains(KeyTable.gesturesMarkdown),
                      "README.md's gestures differ from KeyTable.gestures; paste `quire keys --markdown` output:\n\(KeyTable.gesturesMarkdown)")
    }

    func testQuestionMarkAndF1ShowTheHelpWhateverShiftIs() {
        XCTAssertEqual(KeyTable.action(for: KeyInput(keysym: 0x3f, text: "?", shift: true)), .showHelp)
        XCTAssertEqual(KeyTable.action(for: KeyInput(keysym: 0xffbe, text: "")), .showHelp)
        XCTAssertNil(KeyTable.action(for: KeyInput(keysym: 0x3f, text: "?", control: true)), "Ctrl+? is not help")
    }
}
