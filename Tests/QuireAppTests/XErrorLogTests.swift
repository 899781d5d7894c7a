import Foundation
import QuireTestSupport
import QuireX11
import XCTest

/// An X error outside `XErrorTrap` is said and survived: Xlib's own handler would end the process
/// (seen as Mesa's software GLX had a ShmPutImage refused, BadValue, while the window was resized).
final class XErrorLogTests: XCTestCase {
    func testARefusedRequestIsCountedAndTheProcessCarriesOn() throws {
        let server: XvfbServer
        do { server = try XvfbServer() } catch { try Requirement.unmet("a real X server: \(error)") }
        defer { server.stop() }
        let driver = try XDisplayDriver(display: server.display)
        XErrorLog.install()
        let before = XErrorLog.seen
        // A window that does not exist: BadWindow, which Xlib's default handler answers with exit(1).
        driver.resize(window: 0x7f_ffff, width: 10, height: 10)
        driver.sync()
        XCTAssertEqual(XErrorLog.seen, before + 1, "the error reached Quire's handler")
        driver.resize(window: 0x7f_fffe, width: 10, height: 10)
        driver.sync()
        XCTAssertEqual(XErrorLog.seen, before + 2)
        XCTAssertNil(driver.findWindow(titled: "no such window"), "the connection still answers")
    }
}
