import Foundation
import QuireDocument
import QuireImageIO
import QuireStorage
import QuireTestSupport
import XCTest

/// ? (or F1) shows every key and gesture over the window, on a dark panel with rows of text; any key
/// hides it again without acting, and the keys underneath work as before.
final class HelpOverlayWindowTests: XvfbWindowTestCase {
    private var library = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        library = NSTemporaryDirectory() + "quire-help-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: library)
        super.tearDown()
    }

    /// Rows of the window's middle column that hold both panel-dark pixels and light text pixels.
    private func textRows(in window: (id: UInt, x: Int, y: Int, width: Int, height: Int)) -> Int {
        guard let image = driver.screenshot(x: window.x, y: window.y, width: window.width, height: window.height) else { return 0 }
        var rows = 0
        for y in 0..<image.height {
            var dark = 0, light = 0
            for x in stride(from: 40, to: image.width - 40, by: 2) {
                let luma = image[x, y].luma
                if luma < 50 { dark += 1 } else if luma > 130 { light += 1 }
            }
            if dark > 100 && light > 3 { rows += 1 }
        }
        return rows
    }

    func testQuestionMarkShowsEveryKeyAndAnyKeyHidesIt() throws {
        let quire = try launchQuire(["--library", library])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        let window = try XCTUnwrap(driver.firstFrame(), "no window: \(quire.text)")
        XCTAssertEqual(textRows(in: window), 0, "no panel before ? is pressed")
        // Keys go to the window under the pointer.
        driver.move(to: window.x + 400, window.y + 300)
        driver.key("slash", shift: true)
        var rows = 0
        // Some 35 lines of 13 px text, each about nine pixel rows with light glyph pixels in them.
        XCTAssertTrue(eventually(timeout: 10) { rows = textRows(in: window); return rows > 200 },
                      "no help panel with rows of text (\(rows) rows)")
        // Any key hides it, and is not taken as a command: "p" would pick the pen, harmlessly, but
        // Ctrl+Q would quit — it must not.
        driver.key("q", control: true)
        XCTAssertTrue(eventually(timeout: 10) { textRows(in: window) == 0 }, "the panel stayed")
        XCTAssertFalse(quire.waitForExit(timeout: 1), "the key that hid the help also quit")
        driver.key("F1")
        XCTAssertTrue(eventually(timeout: 10) { textRows(in: window) > 200 }, "F1 did not show the help")
    }
}
