import Foundation
import QuireTestSupport
import XCTest

/// F11 asks the window manager for fullscreen the EWMH way: a `_NET_WM_STATE` message to the root
/// window toggling `_NET_WM_STATE_FULLSCREEN` for Quire's window. (Xvfb has no window manager to act
/// on it; the test listens where one would.)
final class FullscreenWindowTests: XvfbWindowTestCase {
    func testF11AsksTheWindowManagerToToggleFullscreen() throws {
        let library = NSTemporaryDirectory() + "quire-fullscreen-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: library) }
        let quire = try launchQuire(["--library", library])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        let window = try XCTUnwrap(driver.firstFrame(), quire.text)
        driver.listenToRootMessages()
        driver.move(to: window.x + 400, window.y + 300)
        driver.key("F11")
        let message = try XCTUnwrap(driver.rootMessage("_NET_WM_STATE"), "no _NET_WM_STATE request reached the root window")
        XCTAssertEqual(message.window, window.id)
        XCTAssertEqual(message.data[0], 2, "action: toggle")
        XCTAssertEqual(message.data[1], driver.atom("_NET_WM_STATE_FULLSCREEN"))
        XCTAssertEqual(message.data[3], 1, "source: an application")
    }
}
