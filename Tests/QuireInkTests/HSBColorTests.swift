import QuireInk
import XCTest

/// Hue, saturation and brightness to RGB and back, and `#rrggbb` read and written.
final class HSBColorTests: XCTestCase {
    private func assertColor(_ color: InkColor, _ red: Float, _ green: Float, _ blue: Float, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(color.red, red, accuracy: 1e-6, "red", file: file, line: line)
        XCTAssertEqual(color.green, green, accuracy: 1e-6, "green", file: file, line: line)
        XCTAssertEqual(color.blue, blue, accuracy: 1e-6, "blue", file: file, line: line)
        XCTAssertEqual(color.alpha, 1, file: file, line: line)
    }

    func testThePrimariesSecondariesAndGreysComeOutRight() {
        assertColor(HSBColor(hue: 0, saturation: 1, brightness: 1).rgb, 1, 0, 0)
        assertColor(HSBColor(hue: 1.0 / 6, saturation: 1, brightness: 1).rgb, 1, 1, 0)
        assertColor(HSBColor(hue: 1.0 / 3, saturation: 1, brightness: 1).rgb, 0, 1, 0)
        assertColor(HSBColor(hue: 0.5, saturation: 1, brightness: 1).rgb, 0, 1, 1)
        assertColor(HSBColor(hue: 2.0 / 3, saturation: 1, brightness: 1).rgb, 0, 0, 1)
        assertColor(HSBColor(hue: 5.0 / 6, saturation: 1, brightness: 1).rgb, 1, 0, 1)
        assertColor(HSBColor(hue: 1, saturation: 1, brightness: 1).rgb, 1, 0, 0)
        assertColor(HSBColor(hue: 0.3, saturation: 0, brightness: 0.5).rgb, 0.5, 0.5, 0.5)
        assertColor(HSBColor(hue: 0.7, saturation: 0.9, brightness: 0).rgb, 0, 0, 0)
        // Half saturation, three-quarter brightness, at orange (30°): 0.75 × (1, 0.75, 0.5).
        assertColor(HSBColor(hue: 30.0 / 360, saturation: 0.5, brightness: 0.75).rgb, 0.75, 0.5625, 0.375)
    }

    func testRGBToHSBAndBackIsTheSameColour() {
        var seed: UInt64 = 12345
        func next() -> Float {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Float(seed >> 40) / Float(1 << 24)
        }
        for _ in 0..<2000 {
            let color = InkColor(red: next(), green: next(), blue: next())
            let back = HSBColor(color).rgb
            XCTAssertEqual(back.red, color.red, accuracy: 1e-5)
            XCTAssertEqual(back.green, color.green, accuracy: 1e-5)
            XCTAssertEqual(back.blue, color.blue, accuracy: 1e-5)
        }
        let teal = HSBColor(InkColor(red: 0, green: 0.5, blue: 0.5))
        XCTAssertEqual(teal.hue, 0.5, accuracy: 1e-6)
        XCTAssertEqual(teal.saturation, 1, accuracy: 1e-6)
        XCTAssertEqual(teal.brightness, 0.5, accuracy: 1e-6)
    }

    func testGreysKeepTheHueTheyAreGivenAndBadNumbersAreClamped() {
        XCTAssertEqual(HSBColor(InkColor(red: 0.4, green: 0.4, blue: 0.4), keepingHue: 0.6).hue, 0.6)
        XCTAssertEqual(HSBColor(InkColor.black, keepingHue: 0.25).hue, 0.25)
        XCTAssertEqual(HSBColor(InkColor(red: 1, green: 0, blue: 0), keepingHue: 0.6).hue, 0, "a colour's own hue wins")
        let wild = HSBColor(hue: .nan, saturation: 7, brightness: -.infinity)
        XCTAssertEqual(wild, HSBColor(hue: 0, saturation: 1, brightness: 0))
        XCTAssertEqual(HSBColor(InkColor(red: .nan, green: 2, blue: -1)).rgb, InkColor(red: 0, green: 1, blue: 0))
    }

    func testHexIsWrittenLowerCaseAndRoundedToTheNearestLevel() {
        XCTAssertEqual(InkColor(red: 1, green: 0, blue: 0.5).hex, "#ff0080")
        XCTAssertEqual(InkColor(red: 0.05, green: 0.25, blue: 0.75).hex, "#0d40bf")
        XCTAssertEqual(InkColor(red: 2, green: -1, blue: .nan).hex, "#ff0000")
    }

    func testHexIsReadWithOrWithoutTheHashInEitherCase() throws {
        let color = try XCTUnwrap(InkColor(hex: "#1A2b3C"))
        XCTAssertEqual(color, InkColor(red: 26.0 / 255, green: 43.0 / 255, blue: 60.0 / 255))
        XCTAssertEqual(InkColor(hex: "1a2b3c"), color)
        XCTAssertEqual(InkColor(hex: "  #1a2b3c "), color)
        XCTAssertEqual(InkColor(hex: color.hex), color, "what is written reads back")
        for level in [0, 1, 127, 128, 254, 255] {
            let grey = Float(level) / 255
            XCTAssertEqual(InkColor(hex: InkColor(red: grey, green: grey, blue: grey).hex)?.red, grey)
        }
    }

    func testAnythingButSixHexDigitsIsRefused() {
        for text in ["", "#", "#12345", "#1234567", "#12345g", "##123456", "#12 456", "#-12345", "#+12345", "0x1234",
                     "#１２３４５６", "#12345é", "rgb(1,2,3)"] {
            XCTAssertNil(InkColor(hex: text), "\"\(text)\" was read as a colour")
        }
    }
}
