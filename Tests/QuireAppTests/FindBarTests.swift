import QuireX11
import XCTest
@testable import QuireApp

/// The find bar's keys and its stepping through the places found, round either end.
final class FindBarTests: XCTestCase {
    private func key(_ text: String, keysym: UInt? = nil, shift: Bool = false) -> KeyInput {
        KeyInput(keysym: keysym ?? UInt(text.unicodeScalars.first!.value), text: text, shift: shift)
    }

    private func place(_ page: Int) -> FoundText {
        FoundText(page: page, pageID: "p\(page)", source: "text", x: 0, y: 0, width: 10, height: 10, line: "")
    }

    func testTypingEnterShiftEnterAndEscape() {
        let bar = FindBar(text: nil)
        bar.open()
        XCTAssertEqual(bar.type(key("", keysym: Keysym.returnKey)), .editing, "nothing typed: nothing to find")
        for letter in "Ohm" { _ = bar.type(key(String(letter))) }
        _ = bar.type(key("", keysym: Keysym.backspace))
        XCTAssertEqual(bar.query, "Oh")
        XCTAssertEqual(bar.type(key("", keysym: Keysym.returnKey)), .find("Oh", backwards: false))
        XCTAssertEqual(bar.type(key("", keysym: Keysym.returnKey, shift: true)), .find("Oh", backwards: true))
        XCTAssertEqual(bar.type(key("", keysym: Keysym.escape)), .closed)
        XCTAssertFalse(bar.isOpen)
        bar.open()
        XCTAssertEqual(bar.query, "", "opens empty")
    }

    func testPlacesAreSteppedRoundEitherEnd() {
        let bar = FindBar(text: nil)
        XCTAssertNil(bar.step(backwards: false))
        bar.found([place(1), place(3), place(4)], for: "x")
        XCTAssertEqual(bar.step(backwards: true)?.page, 4, "back from none: the last")
        XCTAssertEqual(bar.step(backwards: false)?.page, 1, "on from the last: the first")
        XCTAssertEqual(bar.step(backwards: false)?.page, 3)
        XCTAssertEqual(bar.step(backwards: true)?.page, 1)
        XCTAssertEqual(bar.current, 0)
    }
}
