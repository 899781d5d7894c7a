import QuireX11
import XCTest

/// The text a key press types, from its keysym and XLookupString's Latin-1 bytes: always UTF-8 Swift
/// text, never a replacement character.
final class KeyTextTests: XCTestCase {
    func testASCIIIsAsLookedUpAndBeyondItTheKeysymSaysTheCharacter() {
        XCTAssertEqual(KeyInput.text(keysym: 0x61, lookedUp: [0x61]), "a")
        XCTAssertEqual(KeyInput.text(keysym: 0x61, lookedUp: [0x01]), "\u{1}", "with Control, the control code")
        // é: XLookupString's byte is Latin-1 0xE9, which is no UTF-8.
        XCTAssertEqual(KeyInput.text(keysym: 0xe9, lookedUp: [0xe9]), "é")
        XCTAssertEqual(KeyInput.text(keysym: 0xdf, lookedUp: []), "ß")
        XCTAssertEqual(KeyInput.text(keysym: 0x100_65e5, lookedUp: []), "日")
        XCTAssertEqual(KeyInput.text(keysym: 0x101_f600, lookedUp: []), "😀")
        XCTAssertEqual(KeyInput.text(keysym: 0xffbe, lookedUp: []), "", "F1 types nothing")
        XCTAssertEqual(KeyInput.text(keysym: 0x100_d800, lookedUp: []), "", "a surrogate is no character")
        XCTAssertEqual(KeyInput.text(keysym: 0x100_0001, lookedUp: []), "", "nor is a Unicode keysym for a control code")
    }
}
