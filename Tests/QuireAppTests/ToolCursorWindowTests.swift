import Foundation
import QuireTestSupport
import XCTest

/// The pointer over a real window, read back from the server (XFixes): the ink tools' ring as wide as
/// their ink, growing with the zoom; the arrow over the toolbar and for the select tool.
final class ToolCursorWindowTests: XvfbWindowTestCase {
    /// Whether the server shows one of Quire's rings: a square of odd side, hot spot in the middle.
    private func ringSide(_ cursor: ShownCursor?) -> Int? {
        guard let cursor, cursor.width == cursor.height, cursor.width % 2 == 1,
              cursor.hotX == cursor.width / 2, cursor.hotY == cursor.height / 2 else { return nil }
        return cursor.width
    }

    func testEachToolShowsItsCursorAndTheRingFollowsTheZoom() throws {
        let library = NSTemporaryDirectory() + "quire-cursor-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: library) }
        let quire = try launchQuire(["--library", library], environment: ["QUIRE_INTERFACE": "shown"])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        let window = try XCTUnwrap(driver.firstFrame(), "no window: \(quire.text)")
        guard driver.shownCursor() != nil else { throw XCTSkip("the server has no XFixes") }
        driver.move(to: window.x + 400, window.y + 300)
        // The pen (3.2 px at most) is under the smallest ring: 7 px, in an 11 px picture, dot in the middle.
        XCTAssertTrue(eventually { ringSide(driver.shownCursor()) == 11 }, "no pen ring: \(String(describing: driver.shownCursor()))")
        XCTAssertGreaterThan(driver.shownCursor()?.alpha(5, 5) ?? 0, 200, "no dot at the pen's point")
        driver.key("e")
        var eraserSide = 0
        XCTAssertTrue(eventually {
            eraserSide = ringSide(driver.shownCursor()) ?? 0
            return eraserSide > 11
        }, "the eraser shows no wider ring")
        let middle = eraserSide / 2
        XCTAssertEqual(driver.shownCursor()?.alpha(middle, middle), 64, "the eraser's ring is not faintly filled")
        // One zoom step (1.25×): the ring grows with it, within the rounding of its side.
        driver.key("equal", control: true)
        var zoomedSide = 0
        XCTAssertTrue(eventually {
            zoomedSide = ringSide(driver.shownCursor()) ?? 0
            return zoomedSide > eraserSide
        }, "the ring did not grow with the zoom")
        XCTAssertEqual(Double(zoomedSide - 4), Double(eraserSide - 4) * 1.25, accuracy: 2.5)
        // Over the toolbar, and with the select tool: the arrow, whose hot spot is its tip, not a middle.
        driver.move(to: window.x + 38, window.y + 40)
        XCTAssertTrue(eventually { driver.shownCursor().map { ringSide($0) == nil } ?? false }, "a ring over the toolbar")
        driver.move(to: window.x + 400, window.y + 300)
        XCTAssertTrue(eventually { ringSide(driver.shownCursor()) == zoomedSide }, "the ring did not come back off the toolbar")
        driver.key("v")
        XCTAssertTrue(eventually { driver.shownCursor().map { ringSide($0) == nil } ?? false }, "the select tool shows a ring")
    }
}
