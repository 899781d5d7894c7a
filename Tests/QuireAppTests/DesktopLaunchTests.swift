import Foundation
import QuireTestSupport
import XCTest

/// How the desktop starts Quire: the menu entry's `Exec=quire %f` passes a notebook file's path as the
/// only argument (a double-click in a file manager), and that notebook opens in the window, wherever
/// it lies, not the one open last.
final class DesktopLaunchTests: XCTestCase {
    private var server: XvfbServer!
    private var folder = ""
    private var processes: [QuireProcess] = []

    override func setUpWithError() throws {
        do {
            server = try XvfbServer()
        } catch {
            try Requirement.unmet("a real X server: \(error)")
        }
        folder = NSTemporaryDirectory() + "quire-desktop-\(UUID().uuidString)"
    }

    override func tearDown() {
        processes.forEach { $0.terminate() }
        processes = []
        server?.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func run(_ arguments: [String]) throws -> QuireProcess {
        let process = try QuireProcess(arguments: arguments, display: server.display,
                                       environment: ["XDG_DATA_HOME": folder + "/data", "XDG_CONFIG_HOME": folder + "/config"])
        processes.append(process)
        return process
    }

    func testANotebookFileGivenAsTheOnlyArgumentOpensInTheWindow() throws {
        // Two notebooks in a folder of their own, outside the default library; the second made last.
        for title in ["Lecture", "Sketches"] {
            let made = try run(["new", title, "--library", folder + "/Downloads"])
            XCTAssertTrue(made.waitForExit(timeout: 30), made.text)
            XCTAssertEqual(made.exitStatus, 0, made.text)
        }
        let path = folder + "/Downloads/Lecture.quire"
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        let quire = try run([path])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), "quire \(path) did not open: \(quire.text)")
        XCTAssertTrue(quire.text.contains("Notebook: \(path)"), "the window opened another notebook: \(quire.text)")
    }
}
