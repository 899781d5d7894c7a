import Foundation
import QuireImageIO
import QuireStorage
import QuireTestSupport
import XCTest

/// The file manager's thumbnail of a notebook a running Quire has open.
final class ThumbnailerWindowTests: XvfbWindowTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = NSTemporaryDirectory() + "quire-thumbnailer-window-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        super.tearDown()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func strokes(in notebook: String) -> Int {
        guard let store = try? NotebookStore(openingAt: notebook, readOnly: true) else { return -1 }
        defer { try? store.close() }
        return (try? store.loadPage(try store.pageIDs()[0]).strokes.count) ?? -1
    }

    /// The window has the notebook open and has saved a stroke into its write-ahead log: the thumbnail
    /// shows that stroke, and neither the notebook nor its -wal is changed by making it.
    func testANotebookOpenInARunningQuireShowsItsLatestStrokeAndIsNotTouched() throws {
        let notebook = try ThumbnailerEntry.inkNotebook(in: folder, name: "Open")
        try ThumbnailerEntry.run(notebook, folder + "/before.png", size: 256)
        let quire = try launchQuire([notebook])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        let window = try XCTUnwrap(driver.firstFrame(), "no Quire window showed its page: \(quire.text)")
        // A stroke across the page's top, where the thumbnail had no ink.
        driver.drag(through: (0...20).map { (window.x + 150 + $0 * 25, window.y + 60) })
        XCTAssertTrue(eventually { strokes(in: notebook) == 2 }, "the window did not save the stroke: \(quire.text)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: notebook + "-wal"), "the stroke is not in the write-ahead log")
        let before = (ThumbnailerEntry.state(of: notebook), FileManager.default.contents(atPath: notebook + "-wal"))
        try ThumbnailerEntry.run(notebook, folder + "/open.png", size: 256)
        let after = (ThumbnailerEntry.state(of: notebook), FileManager.default.contents(atPath: notebook + "-wal"))
        XCTAssertEqual(after.0.0, before.0.0, "files appeared or went beside the open notebook")
        XCTAssertEqual(after.0.1, before.0.1, "the thumbnailer changed the open notebook")
        XCTAssertEqual(after.1, before.1, "the thumbnailer changed the notebook's write-ahead log")
        let old = try PNG.read(from: folder + "/before.png"), new = try PNG.read(from: folder + "/open.png")
        XCTAssertGreaterThan(new.inkedCount(x0: 0, y0: 0, x1: new.width, y1: new.height),
                             old.inkedCount(x0: 0, y0: 0, x1: old.width, y1: old.height) + 100, "the window's new stroke does not show")
    }
}
