import Foundation
import QuireTestSupport
import QuireX11
import XCTest

/// A real `X11Window` (GL context and all) on its own Xvfb, for tests of what the window reports,
/// with a driver connection for moving it.
class X11WindowTestCase: XCTestCase {
    var server: XvfbServer!
    var driver: XDisplayDriver!
    var window: X11Window!

    override func setUpWithError() throws {
        do {
            server = try XvfbServer()
            driver = try XDisplayDriver(display: server.display)
            window = try X11Window(title: "Quire drop test", width: 400, height: 300, displayName: server.display)
        } catch {
            try Requirement.unmet("a real X server with GLX: \(error)")
        }
        window.show()
    }

    override func tearDown() {
        window?.close()
        window = nil
        driver = nil
        server?.stop()
    }

    /// Pumps the window until `match` picks an event out, or `timeout` seconds pass; returns the picked
    /// value and every event seen on the way.
    func waitForEvent<T>(timeout: Double = 10, pollTimeout: Double = 0.05,
                         _ match: (WindowEvent) -> T?) -> (found: T?, seen: [WindowEvent]) {
        let deadline = Date().addingTimeInterval(timeout)
        var seen: [WindowEvent] = []
        while Date() < deadline {
            for event in window.waitForEvents(timeout: pollTimeout) {
                seen.append(event)
                if let found = match(event) { return (found, seen) }
            }
        }
        return (nil, seen)
    }
}
