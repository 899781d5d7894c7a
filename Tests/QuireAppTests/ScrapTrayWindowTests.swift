import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// The scrap tray in the real window (Xvfb, XTEST mouse and keys, the toolbar shown): a scrap dragged
/// onto the right edge leaves its page for the tray; the page turned and the notebook switched, it is
/// dragged out onto the other notebook's page with its outline, picture and ink; both moves undo (the
/// scrap going back where the move took it from); the tray outlives a restart; a damaged tray file is
/// kept aside and the tray starts empty; from a read-only notebook the scrap is copied, not moved.
final class ScrapTrayWindowTests: XvfbWindowTestCase {
    private var quire: QuireProcess?
    private let folder = NSTemporaryDirectory() + "quire-tray-\(UUID().uuidString)"
    private var source: String { folder + "/Source.quire" }
    private var other: String { folder + "/Other.quire" }
    private var dataHome: String { folder + "/data" }
    private var trayPath: String { dataHome + "/quire/tray.sqlite" }
    private var window: (id: UInt, x: Int, y: Int, width: Int, height: Int)!

    private let photo = PhotoScrapFixture.photo

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(atPath: dataHome, withIntermediateDirectories: true)
        try PhotoScrapFixture.notebook(at: source, title: "Source", pages: 2).close()
        try NotebookStore.create(at: other, title: "Other").close()
    }

    override func tearDown() {
        quire = nil
        super.tearDown()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func launch() throws {
        let process = try launchQuire([source, "--library", folder], environment: ["XDG_DATA_HOME": dataHome, "QUIRE_INTERFACE": "shown"])
        quire = process
        XCTAssertTrue(process.waitForOutput(containing: "Quire is ready"), process.text)
        window = try XCTUnwrap(driver.firstFrame(), "no Quire window: \(process.text)")
    }

    private func says(_ words: String) -> Bool { quire!.waitForOutput(containing: words) }

    private func at(_ x: Int, _ y: Int) -> (Int, Int) { (window.x + x, window.y + y) }

    private func scraps(of path: String, page: Int) -> [Scrap] {
        guard let store = try? NotebookStore(openingAt: path, readOnly: true) else { return [] }
        defer { try? store.close() }
        guard let ids = try? store.pageIDs(), ids.indices.contains(page), let loaded = try? store.loadPage(ids[page]) else { return [] }
        return loaded.items.compactMap { if case let .scrap(s) = $0.content { s } else { nil } }
    }

    /// Entries in the tray file, read by another connection.
    private func trayCount() -> Int {
        guard let (tray, _) = try? ScrapTray.open(at: trayPath) else { return -1 }
        return tray.entries.count
    }

    /// Drags the scrap (pressed at page (300, 240)) onto the window's right edge with the select tool.
    private func dragScrapIntoTray() {
        driver.move(to: window.x + 600, window.y + 650)
        driver.key("v")
        driver.drag(through: (0...12).map { at(300 + $0 * (window.width - 312) / 12, 240) })
    }

    /// Drags the tray's top thumbnail out to window point (x, y).
    private func dragOutOfTray(to x: Int, _ y: Int) {
        let start = (window.width - 56, 100)
        driver.drag(through: (0...10).map { at(start.0 + (x - start.0) * $0 / 10, start.1 + (y - start.1) * $0 / 10) })
    }

    func testAScrapTravelsThroughTheTrayToAnotherNotebookAndBothMovesUndo() throws {
        try launch()
        let original = try XCTUnwrap(scraps(of: source, page: 0).first)
        dragScrapIntoTray()
        XCTAssertTrue(says("Moved the scrap to the tray"), quire!.text)
        XCTAssertTrue(eventually { self.scraps(of: self.source, page: 0).isEmpty }, "it left its page")
        XCTAssertEqual(trayCount(), 1)
        // The thumbnail, drawn in the background: the scrap's red half on the left, blue on the right.
        let shot = { self.driver.screenshot(x: self.window.x, y: self.window.y, width: self.window.width, height: self.window.height)! }
        XCTAssertTrue(eventually {
            let image = shot(), red = image[self.window.width - 80, 100], blue = image[self.window.width - 30, 100]
            return red.r > 150 && red.b < 90 && blue.b > 150 && blue.r < 90
        }, "the tray shows the scrap: \(shot().saveForInspection(named: "tray"))")

        driver.move(to: window.x + 400, window.y + 650)
        driver.key("Next")
        driver.key("Next", control: true, shift: true)
        XCTAssertTrue(says("Other"), quire!.text)
        dragOutOfTray(to: 400, 420)
        XCTAssertTrue(eventually { self.scraps(of: self.other, page: 0).count == 1 }, quire!.text)
        let arrived = try XCTUnwrap(scraps(of: other, page: 0).first)
        XCTAssertEqual(arrived.outline, original.outline)
        XCTAssertEqual(arrived.items.map { $0.stroke?.samples }, original.items.map { $0.stroke?.samples }, "its ink came with it")
        XCTAssertEqual(arrived.bounds.center.x, 400, accuracy: 1)
        XCTAssertEqual(arrived.bounds.center.y, 420, accuracy: 1)
        XCTAssertEqual(arrived.bounds.width, original.bounds.width, accuracy: 1e-6, "at the size it had")
        let store = try NotebookStore(openingAt: other, readOnly: true)
        XCTAssertEqual(try PNG.decode(try store.blob(try XCTUnwrap(arrived.image?.reference.blob))), photo)
        try store.close()
        XCTAssertTrue(eventually { self.trayCount() == 0 }, "it left the tray")

        // Undo on the other notebook's page: the scrap goes back into the tray.
        driver.move(to: window.x + 400, window.y + 650)
        driver.key("z", control: true)
        XCTAssertTrue(eventually { self.scraps(of: self.other, page: 0).isEmpty && self.trayCount() == 1 }, quire!.text)
        // Back to the first notebook's first page: undoing the move into the tray puts it on its page again.
        driver.key("Prior", control: true, shift: true)
        driver.key("Prior")
        driver.key("z", control: true)
        XCTAssertTrue(says("Undid: moved to the tray"), quire!.text)
        XCTAssertTrue(eventually { self.scraps(of: self.source, page: 0).count == 1 && self.trayCount() == 0 }, quire!.text)
        XCTAssertEqual(scraps(of: source, page: 0).first, original, "where and as it was")
    }

    func testAScrapBackFromTheTrayByUndoThenDeletedGoesAwayNotIntoTheTray() throws {
        try launch()
        dragScrapIntoTray()
        XCTAssertTrue(says("Moved the scrap to the tray"), quire!.text)
        XCTAssertEqual(trayCount(), 1)
        driver.key("z", control: true)
        XCTAssertTrue(eventually { self.scraps(of: self.source, page: 0).count == 1 && self.trayCount() == 0 }, quire!.text)
        // Selected and deleted: an edit of its own, not a tray move.
        driver.move(to: window.x + 300, window.y + 240)
        driver.press()
        driver.release()
        driver.key("Delete")
        XCTAssertTrue(eventually { self.scraps(of: self.source, page: 0).isEmpty }, "deleted: \(quire!.text)")
        XCTAssertEqual(trayCount(), 0, "the tray did not take it")
        // Undoing the delete brings it back to the page, the tray still empty.
        driver.key("z", control: true)
        XCTAssertTrue(eventually { self.scraps(of: self.source, page: 0).count == 1 }, quire!.text)
        XCTAssertEqual(trayCount(), 0)
    }

    func testAScrapPutInTheTrayByAnotherWindowShowsHereAndComesOut() throws {
        try launch()
        // Another Quire (here, the test) puts the page's scrap into the shared tray file.
        let scrap = try XCTUnwrap(PhotoScrapFixture.notebookScrap(of: source))
        let (other, _) = try ScrapTray.open(at: trayPath)
        try other.add(scrap.item, blobs: [scrap.picture])
        let shot = { self.driver.screenshot(x: self.window.x, y: self.window.y, width: self.window.width, height: self.window.height)! }
        XCTAssertTrue(eventually {
            let image = shot(), red = image[self.window.width - 80, 100], blue = image[self.window.width - 30, 100]
            return red.r > 150 && red.b < 90 && blue.b > 150 && blue.r < 90
        }, "this window's tray shows it: \(shot().saveForInspection(named: "tray-other-window"))")
        dragOutOfTray(to: 420, 600)
        XCTAssertTrue(eventually { self.scraps(of: self.source, page: 0).count == 2 }, quire!.text)
        XCTAssertTrue(eventually { (try? other.readAgainIfChangedElsewhere()) == true && other.entries.isEmpty },
                      "the other window sees it leave")
    }

    func testTheTrayOutlivesARestart() throws {
        try launch()
        dragScrapIntoTray()
        XCTAssertTrue(says("Moved the scrap to the tray"), quire!.text)
        driver.key("q", control: true)
        XCTAssertTrue(quire!.waitForExit(), quire!.text)
        try launch()
        dragOutOfTray(to: 500, 500)
        XCTAssertTrue(eventually { self.scraps(of: self.source, page: 0).count == 1 }, "taken out after the restart: \(quire!.text)")
        XCTAssertEqual(scraps(of: source, page: 0).first?.bounds.center.x ?? 0, 500, accuracy: 1)
    }

    func testADamagedTrayFileIsKeptAsideAndTheTrayStartsEmpty() throws {
        try FileManager.default.createDirectory(atPath: dataHome + "/quire", withIntermediateDirectories: true)
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 * 7) })
        try garbage.write(to: URL(fileURLWithPath: trayPath))
        try launch()
        XCTAssertTrue(says("could not be read"), quire!.text)
        let kept = try FileManager.default.contentsOfDirectory(atPath: dataHome + "/quire").filter { $0.hasPrefix("tray.sqlite.damaged-") }
        XCTAssertEqual(kept.count, 1, "the damaged file is kept aside")
        XCTAssertEqual(FileManager.default.contents(atPath: dataHome + "/quire/" + kept[0]), garbage, "unchanged")
        dragScrapIntoTray()
        XCTAssertTrue(says("Moved the scrap to the tray"), quire!.text)
        XCTAssertEqual(trayCount(), 1, "a new tray works")
    }

    func testFromAReadOnlyNotebookTheScrapIsCopiedNotMoved() throws {
        // Another program holds the notebook: this Quire opens it read-only.
        let holder = try NotebookStore(openingAt: source)
        defer { try? holder.close() }
        try launch()
        dragScrapIntoTray()
        XCTAssertTrue(says("copied the scrap into the tray; it stays on the page"), quire!.text)
        XCTAssertEqual(trayCount(), 1)
        XCTAssertEqual(scraps(of: source, page: 0).count, 1, "the page keeps it")
        // Ctrl+X there copies too, and says why the scrap stays.
        driver.move(to: window.x + 260, window.y + 240)
        driver.press()
        driver.release()
        driver.key("x", control: true)
        XCTAssertTrue(says("Copied the scrap to the clipboard; it stays on the page"), quire!.text)
        XCTAssertFalse(quire!.text.contains("Cut the scrap"), quire!.text)
    }
}
