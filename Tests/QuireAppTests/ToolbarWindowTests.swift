import Foundation
import QuireDocument
import QuireImageIO
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// The toolbar in a real window: a click on a tool picks it (and draws nothing on the page), the next
/// stroke is drawn with that tool, undo on the toolbar undoes, and Tab hides the toolbar and status.
final class ToolbarWindowTests: XvfbWindowTestCase {
    private var library = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        library = NSTemporaryDirectory() + "quire-toolbar-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: library)
        super.tearDown()
    }

    private func savedStrokes() -> [Stroke]? {
        guard let path = NotebookLibrary(directory: library).notebookPaths().first,
              let store = try? NotebookStore(openingAt: path, readOnly: true) else { return nil }
        defer { try? store.close() }
        guard let id = try? store.pageIDs().first else { return nil }
        return try? store.loadPage(id).strokes
    }

    /// Dark toolbar pixels in the window's top-left 70 × 300 pixels.
    private func toolbarPixels(_ window: (id: UInt, x: Int, y: Int, width: Int, height: Int)) -> Int {
        guard let image = driver.screenshot(x: window.x, y: window.y, width: 70, height: 300) else { return 0 }
        var count = 0
        for y in 0..<image.height { for x in 0..<image.width where image[x, y].luma < 70 { count += 1 } }
        return count
    }

    func testClickingAToolPicksItWithoutDrawingAndUndoAndTabWork() throws {
        let quire = try launchQuire(["--library", library], environment: ["QUIRE_INTERFACE": "shown"])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        let window = try XCTUnwrap(driver.firstFrame(), "no window: \(quire.text)")
        XCTAssertTrue(eventually { toolbarPixels(window) > 5000 }, "no toolbar at the window's left")
        // The highlighter is the third button: 12 + 6 + 2 × 40 + 20 down, 12 + 6 + 20 across.
        driver.drag(through: [(window.x + 38, window.y + 118)])
        driver.drag(through: [(window.x + 150, window.y + 200), (window.x + 400, window.y + 200)])
        XCTAssertTrue(eventually { savedStrokes()?.count == 1 }, "the stroke was not saved: \(String(describing: savedStrokes()))")
        XCTAssertEqual(savedStrokes()?.first?.style.tool, .highlighter, "the click on the toolbar did not pick the highlighter")
        // Undo is the eighth button, after the seven tools and a gap: 18 + 7 × 40 + 14 + 20 down.
        driver.drag(through: [(window.x + 38, window.y + 332)])
        XCTAssertTrue(eventually { savedStrokes()?.count == 0 }, "the toolbar's undo did not undo")
        // Tab: the toolbar goes (the page's white shows there), and comes back.
        driver.move(to: window.x + 400, window.y + 400)
        driver.key("Tab")
        XCTAssertTrue(eventually { toolbarPixels(window) == 0 }, "Tab did not hide the toolbar")
        driver.key("Tab")
        XCTAssertTrue(eventually { toolbarPixels(window) > 5000 }, "Tab did not bring the toolbar back")
    }
}
