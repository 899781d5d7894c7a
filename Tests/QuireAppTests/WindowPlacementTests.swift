import Foundation
@testable import QuireApp
import QuireTestSupport
import XCTest

/// The window opens at the size and place it was closed at; what is kept is checked when read back.
final class WindowPlacementTests: XCTestCase {
    func testTheGeometryTextRoundTripsAndBadTextIsRefusedWithAReason() {
        let placement = WindowPlacement(width: 900, height: 700, x: 40, y: -5)
        XCTAssertEqual(WindowPlacement.parse(placement.text).0, placement)
        for bad in ["", "900x700", "900x700+1", "axb+1+2", "100x100+0+0", "900x99999+0+0", "900x700+99999999+0",
                    String(repeating: "9", count: 100)] {
            let (parsed, problem) = WindowPlacement.parse(bad)
            XCTAssertNil(parsed, bad)
            XCTAssertNotNil(problem, bad)
        }
    }

    func testAMissingFileIsNoWarningAndADamagedOneIs() throws {
        let folder = NSTemporaryDirectory() + "quire-placement-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/quire/window"
        XCTAssertTrue(WindowPlacement.load(from: path) == (nil, nil))
        try WindowPlacement(width: 800, height: 600, x: 10, y: 20).save(to: path)
        XCTAssertEqual(WindowPlacement.load(from: path).0, WindowPlacement(width: 800, height: 600, x: 10, y: 20))
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: path))
        let (none, warning) = WindowPlacement.load(from: path)
        XCTAssertNil(none)
        XCTAssertTrue(warning?.contains(path) ?? false, String(describing: warning))
    }
}

/// The window in a real X server comes back at the size and place it was closed at.
final class WindowPlacementWindowTests: XvfbWindowTestCase {
    func testTheWindowComesBackAtTheSizeItWasClosedAt() throws {
        let state = NSTemporaryDirectory() + "quire-state-\(UUID().uuidString)"
        let library = NSTemporaryDirectory() + "quire-library-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state); try? FileManager.default.removeItem(atPath: library) }
        let first = try launchQuire(["--library", library], environment: ["XDG_STATE_HOME": state])
        XCTAssertTrue(first.waitForOutput(containing: "Quire is ready"), first.text)
        let window = try XCTUnwrap(driver.firstFrame(), first.text)
        XCTAssertEqual(window.width, 1024, "the default size the first time")
        driver.resize(window: window.id, width: 700, height: 500)
        driver.move(window: window.id, x: 60, y: 40)
        XCTAssertTrue(eventually { driver.findWindow(titled: "Quire").map { $0.width == 700 && $0.x == 60 } ?? false })
        driver.move(to: 60 + 300, 40 + 300)
        driver.key("q", control: true)
        XCTAssertTrue(first.waitForExit(), first.text)
        // Said on failure: how it ended (seen, rarely: status 1 and no message), and all it printed.
        XCTAssertEqual(try? String(contentsOfFile: state + "/quire/window", encoding: .utf8), "700x500+60+40\n",
                       "exit status \(first.exitStatus)\(first.exitedBySignal ? " (a signal)" : ""): \(first.text)")

        let second = try launchQuire(["--library", library], environment: ["XDG_STATE_HOME": state])
        XCTAssertTrue(second.waitForOutput(containing: "Quire is ready"), second.text)
        let again = try XCTUnwrap(driver.firstFrame(), second.text)
        XCTAssertEqual([again.width, again.height, again.x, again.y], [700, 500, 60, 40])
    }
}
