import Foundation
import QuireDocument
import QuireImageIO
import QuireStorage
import QuireTestSupport
import XCTest

/// Warnings reach the window, not only a terminal: a notebook opened read-only says so on the notice
/// line at the bottom of the window (issue 14, item 10), in light text on a dark band.
final class NoticeLineWindowTests: XvfbWindowTestCase {
    private var library = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        library = NSTemporaryDirectory() + "quire-notice-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: library)
        super.tearDown()
    }

    /// The band: dark pixels across the bottom middle of the window, with light text pixels on them in
    /// separate runs (letters), where a plain window has only the grey desk and white paper.
    private func band(in window: (id: UInt, x: Int, y: Int, width: Int, height: Int)) -> (dark: Int, letters: Int, rows: Int) {
        guard let image = driver.screenshot(x: window.x, y: window.y + window.height - 160, width: window.width, height: 160)
        else { return (0, 0, 0) }
        var dark = 0, rows = 0
        var bestRuns = 0
        for y in 0..<image.height {
            var runs = 0, inLight = false, darkInRow = 0
            for x in 0..<image.width {
                let pixel = image[x, y]
                if pixel.luma < 60 { darkInRow += 1 }
                let light = pixel.luma > 190 && darkInRow > 0
                if light && !inLight { runs += 1 }
                inLight = light
            }
            dark += darkInRow
            if darkInRow > 20 { rows += 1 }
            bestRuns = max(bestRuns, runs)
        }
        return (dark, bestRuns, rows)
    }

    /// Opens a notebook with a second name (a hard link), which opens read-only whoever else has it
    /// open, and returns the notice band once it shows.
    private func readOnlyNotice(scale: String?) throws -> (dark: Int, letters: Int, rows: Int) {
        let created = try NotebookLibrary(directory: library).create(title: "Shared", pages: [Page()])
        let path = created.path
        try created.close()
        XCTAssertEqual(link(path, library + "/Second name.quire"), 0)
        let quire = try launchQuire(["--library", library, "Shared"] + (scale.map { ["--ui-scale", $0] } ?? []))
        XCTAssertTrue(quire.waitForOutput(containing: "is open read-only"), quire.text)
        let window = try XCTUnwrap(driver.firstFrame(), "no window: \(quire.text)")
        var seen = (dark: 0, letters: 0, rows: 0)
        XCTAssertTrue(eventually(timeout: 10) {
            seen = band(in: window)
            return seen.dark > 2000 && seen.letters >= 10
        }, "no notice band with text at the bottom of the window (dark pixels \(seen.dark), letter runs \(seen.letters))")
        return seen
    }

    func testAReadOnlyNotebookSaysSoOnTheWindow() throws {
        let seen = try readOnlyNotice(scale: nil)
        // 15 px text with its padding: a band about 30 px tall.
        XCTAssertEqual(Double(seen.rows), 30, accuracy: 6)
    }

    func testTheNoticeIsDrawnTwiceAsLargeAtUIScaleTwo() throws {
        let seen = try readOnlyNotice(scale: "2")
        XCTAssertEqual(Double(seen.rows), 60, accuracy: 10)
    }

    func testAWritableNotebookShowsNoNotice() throws {
        try NotebookLibrary(directory: library).create(title: "Mine", pages: [Page()]).close()
        let quire = try launchQuire(["--library", library, "Mine"])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        let window = try XCTUnwrap(driver.firstFrame(), "no window: \(quire.text)")
        let seen = band(in: window)
        XCTAssertLessThan(seen.dark, 50, "a notice band shows with nothing to say")
        XCTAssertEqual(seen.rows, 0)
    }
}
