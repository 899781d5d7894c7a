import Foundation
import QuireDocument
import QuireImageIO
import QuireStorage
import QuireTestSupport
import XCTest

/// The window on a notebook: strokes reach the file while drawing, `kill -9` and a restart return to
/// the same page with its ink, PageDown/PageUp turn pages, and a second Quire opens read-only.
final class NotebookWindowTests: XCTestCase {
    private var server: XvfbServer!
    private var driver: XDisplayDriver!
    private var library = ""
    private var processes: [QuireProcess] = []

    override func setUpWithError() throws {
        do {
            server = try XvfbServer()
            driver = try XDisplayDriver(display: server.display)
        } catch {
            try Requirement.unmet("a real X server: \(error)")
        }
        library = NSTemporaryDirectory() + "quire-library-\(UUID().uuidString)"
    }

    override func tearDown() {
        processes.forEach { $0.terminate() }
        processes = []
        driver = nil
        server?.stop()
        try? FileManager.default.removeItem(atPath: library)
    }

    private func launch() throws -> (process: QuireProcess, x: Int, y: Int) {
        let process = try QuireProcess(arguments: ["--library", library], display: server.display)
        processes.append(process)
        XCTAssertTrue(process.waitForOutput(containing: "Quire is ready"), process.text)
        let window = try XCTUnwrap(driver.firstFrame(), "no Quire window showed its page: \(process.text)")
        return (process, window.x, window.y)
    }

    private func strokesSaved(page: Int) -> Int {
        guard let path = NotebookLibrary(directory: library).notebookPaths().first,
              let store = try? NotebookStore(openingAt: path, readOnly: true) else { return -1 }
        defer { try? store.close() }
        guard let ids = try? store.pageIDs(), ids.count > page else { return -1 }
        return (try? store.loadPage(ids[page]).strokes.count) ?? -1
    }

    private func inked(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, at origin: (Int, Int)) -> Int {
        driver.screenshot(x: origin.0, y: origin.1, width: 816, height: 768)!.inkedCount(x0: x0, y0: y0, x1: x1, y1: y1)
    }

    func testUndoAndRedoReachTheFileAndSurviveARestart() throws {
        var (quire, x, y) = try launch()
        driver.drag(through: [(x + 100, y + 100), (x + 300, y + 100)])
        driver.drag(through: [(x + 100, y + 200), (x + 300, y + 200)])
        XCTAssertTrue(eventually { strokesSaved(page: 0) == 2 })
        driver.key("z", control: true)
        XCTAssertTrue(eventually { strokesSaved(page: 0) == 1 }, "the undo did not reach the file")
        XCTAssertTrue(eventually { inked(90, 190, 310, 210, at: (x, y)) == 0 }, "the undone stroke still shows")
        driver.key("y", control: true)
        XCTAssertTrue(eventually { strokesSaved(page: 0) == 2 }, "the redo did not reach the file")
        driver.key("z", control: true)
        XCTAssertTrue(eventually { strokesSaved(page: 0) == 1 })
        quire.kill(SIGKILL)
        (quire, x, y) = try launch()
        XCTAssertTrue(eventually { inked(90, 90, 310, 110, at: (x, y)) > 100 }, "the kept stroke is back")
        XCTAssertEqual(inked(90, 190, 310, 210, at: (x, y)), 0, "the undone stroke came back after a restart")
    }

    /// Ctrl+Q while the pen (here the mouse) is still down keeps the stroke drawn so far: it is finished
    /// and saved before the window closes.
    func testQuittingMidStrokeKeepsTheStroke() throws {
        let (quire, x, y) = try launch()
        driver.move(to: x + 100, y + 200)
        driver.press()
        for step in 1...20 { driver.move(to: x + 100 + step * 10, y + 200) }
        XCTAssertTrue(eventually { inked(90, 190, 310, 210, at: (x, y)) > 100 }, "the live stroke shows")
        XCTAssertEqual(strokesSaved(page: 0), 0, "not finished yet")
        driver.key("q", control: true)
        XCTAssertTrue(quire.waitForExit(), quire.text)
        driver.release()
        XCTAssertEqual(strokesSaved(page: 0), 1, "the stroke in progress was finished and saved at quit")
    }

    func testKillNineAndRestartReturnsToTheSamePageWithItsInk() throws {
        var (quire, x, y) = try launch()
        XCTAssertTrue(quire.text.contains("Notebook 1 — page 1 of 1"), quire.text)
        driver.drag(through: [(x + 100, y + 100), (x + 300, y + 100)])
        XCTAssertTrue(eventually { strokesSaved(page: 0) == 1 }, "the stroke reached the file while drawing")
        driver.key("Next")
        XCTAssertTrue(quire.waitForOutput(containing: "page 2 of 2"), quire.text)
        XCTAssertTrue(eventually { inked(90, 90, 310, 110, at: (x, y)) == 0 }, "page 2 starts blank")
        driver.drag(through: [(x + 100, y + 400), (x + 300, y + 400)])
        XCTAssertTrue(eventually { strokesSaved(page: 1) == 1 })

        // A second Quire on the same notebook reads it but does not write.
        let second = try QuireProcess(arguments: ["--library", library], display: server.display)
        processes.append(second)
        XCTAssertTrue(second.waitForOutput(containing: "open read-only (another Quire process has it open"), second.text)
        second.terminate()

        quire.kill(SIGKILL)
        (quire, x, y) = try launch()
        XCTAssertTrue(quire.text.contains("Notebook 1 — page 2 of 2"), "back on page 2: \(quire.text)")
        XCTAssertTrue(eventually { inked(90, 390, 310, 410, at: (x, y)) > 100 }, "page 2's ink is redrawn")
        XCTAssertEqual(inked(90, 90, 310, 110, at: (x, y)), 0)
        driver.key("Prior")
        XCTAssertTrue(quire.waitForOutput(containing: "page 1 of 2"), quire.text)
        XCTAssertTrue(eventually { inked(90, 90, 310, 110, at: (x, y)) > 100 }, "page 1's ink is redrawn")
        driver.key("q", control: true)
        XCTAssertTrue(quire.waitForExit())
        // Quitting saved a thumbnail of the page shown.
        let store = try NotebookStore(openingAt: try XCTUnwrap(NotebookLibrary(directory: library).notebookPaths().first), readOnly: true)
        let thumbnail = try XCTUnwrap(try store.thumbnail(of: try store.pageIDs()[0]))
        XCTAssertTrue(thumbnail.isCurrent)
        XCTAssertEqual(try PNG.decode(thumbnail.png).width, 163)
    }
}
