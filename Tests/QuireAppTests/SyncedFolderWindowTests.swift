import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// A notebook in a synced folder while the window has it open: a sync renames a newer copy over it (as
/// Syncthing does), or a program rewrites it in place. The window says so within a second, saves
/// nothing more over the newer file, and goes on in a conflict copy that holds the user's version, the
/// stroke being drawn included; Ctrl+Shift+O opens the newer one; nothing is left beside either file.
final class SyncedFolderWindowTests: XvfbWindowTestCase {
    private var folder = ""
    private var path: String { folder + "/Synced.quire" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = NSTemporaryDirectory() + "quire-synced-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        super.tearDown()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func stroke(_ y: Double) -> Stroke {
        Stroke(samples: (0...20).map { InputSample(position: Point(50 + Double($0) * 10, y), pressure: 0.5, time: Double($0) * 0.01, device: .pen) },
               style: .defaults(for: .pen))
    }

    /// A closed notebook of one page with `strokes` strokes; its bytes.
    @discardableResult
    private func notebook(at file: String, strokes: Int) throws -> Data {
        try NotebookStore.create(at: file, title: "Synced", pages: [Page(strokes: (0..<strokes).map { stroke(600 + Double($0) * 20) })]).close()
        return try XCTUnwrap(FileManager.default.contents(atPath: file))
    }

    private func strokes(in file: String) -> Int {
        guard let store = try? NotebookStore(openingAt: file, readOnly: true) else { return -1 }
        defer { try? store.close() }
        return (try? store.loadPage(try store.pageIDs()[0]).strokes.count) ?? -1
    }

    private func names() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

    private func conflictCopy() -> String? {
        names().first { $0.hasPrefix("Synced (conflict ") && $0.hasSuffix(").quire") }.map { folder + "/" + $0 }
    }

    private func open() throws -> (process: QuireProcess, x: Int, y: Int) {
        let quire = try launchQuire([path])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        let window = try XCTUnwrap(driver.firstFrame(), "no Quire window showed its page: \(quire.text)")
        return (quire, window.x, window.y)
    }

    func testANewerCopyRenamedOverItMidStrokeGoesOnInAConflictCopyAndIsNeverWritten() throws {
        try notebook(at: path, strokes: 1)
        let (quire, x, y) = try open()
        driver.drag(through: (0...10).map { (x + 100 + $0 * 20, y + 100) })
        XCTAssertTrue(eventually { strokes(in: path) == 2 }, "the first stroke was not saved: \(quire.text)")

        let newer = folder + "/.syncthing.Synced.quire.tmp"
        let newerBytes = try notebook(at: newer, strokes: 4)
        // A stroke under way as the sync lands.
        driver.move(to: x + 100, y + 200)
        driver.press()
        for step in 1...5 { driver.move(to: x + 100 + step * 20, y + 200) }
        XCTAssertEqual(rename(newer, path), 0)
        let landed = Date()
        XCTAssertTrue(eventually(timeout: 1.5) { quire.text.contains("Synced.quire was replaced by another program") },
                      "no notice within a second: \(quire.text)")
        XCTAssertLessThan(Date().timeIntervalSince(landed), 1.5)
        XCTAssertTrue(quire.text.contains("nothing was saved over it"), quire.text)
        for step in 6...10 { driver.move(to: x + 100 + step * 20, y + 200) }
        driver.release()

        let copy = try XCTUnwrap(conflictCopy(), "no conflict copy beside the notebook: \(names())")
        XCTAssertTrue(eventually { strokes(in: copy) == 3 }, "the copy lacks the user's version or the stroke under way: \(strokes(in: copy))")
        XCTAssertEqual(FileManager.default.contents(atPath: path), newerBytes, "the newer file was written to")
        XCTAssertFalse(names().contains { $0.hasPrefix("Synced.quire-") }, "the old log or lock was left beside the newer file: \(names())")

        // Ctrl+Shift+O: the newer one, as the sync brought it.
        driver.key("o", control: true, shift: true)
        XCTAssertTrue(eventually { names().contains("Synced.quire-lock") }, "the newer notebook was not opened: \(quire.text)")
        XCTAssertEqual(strokes(in: path), 4)
        driver.key("q", control: true)
        XCTAssertTrue(quire.waitForExit(timeout: 10), quire.text)
        XCTAssertEqual(names(), [(copy as NSString).lastPathComponent, "Synced.quire"], "files left after quitting")
        XCTAssertEqual(strokes(in: copy), 3)
        XCTAssertEqual(strokes(in: path), 4)
    }

    func testANotebookRewrittenInPlaceIsLeftAsWrittenAndTheUsersPageGoesToACopy() throws {
        try notebook(at: path, strokes: 1)
        let (quire, x, y) = try open()
        driver.drag(through: (0...10).map { (x + 100 + $0 * 20, y + 100) })
        XCTAssertTrue(eventually { strokes(in: path) == 2 }, "the stroke was not saved: \(quire.text)")

        let newer = folder + "/newer.bin"
        let newerBytes = try notebook(at: newer, strokes: 6)
        try FileManager.default.removeItem(atPath: newer)
        // As `cp newer Synced.quire` writes: the same file, truncated and filled.
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: newerBytes)
        try handle.close()
        XCTAssertTrue(eventually(timeout: 1.5) { quire.text.contains("Synced.quire was rewritten by another program") },
                      "no notice within a second: \(quire.text)")
        let copy = try XCTUnwrap(conflictCopy(), "no conflict copy beside the notebook: \(names())")
        XCTAssertEqual(strokes(in: copy), 2, "the user's page is not whole in the copy")
        // Drawing goes on there.
        driver.drag(through: (0...10).map { (x + 100 + $0 * 20, y + 300) })
        XCTAssertTrue(eventually { strokes(in: copy) == 3 }, "a stroke after the notice was not saved to the copy")
        driver.key("q", control: true)
        XCTAssertTrue(quire.waitForExit(timeout: 10), quire.text)
        XCTAssertEqual(FileManager.default.contents(atPath: path), newerBytes, "the newer file was written to")
        XCTAssertEqual(names(), [(copy as NSString).lastPathComponent, "Synced.quire"], "files left after quitting")
        XCTAssertEqual(strokes(in: path), 6)
    }

    /// `kill -9` leaves the log beside the notebook; the next Quire folds it in, and once that one quits
    /// the notebook is one file again, every stroke in it.
    func testANotebookLeftByKillNineIsMadeWholeByTheNextQuire() throws {
        try notebook(at: path, strokes: 1)
        var (quire, x, y) = try open()
        driver.drag(through: (0...10).map { (x + 100 + $0 * 20, y + 100) })
        XCTAssertTrue(eventually { strokes(in: path) == 2 })
        quire.kill(SIGKILL)
        XCTAssertTrue(quire.waitForExit(timeout: 10))
        XCTAssertTrue(names().contains("Synced.quire-wal"), "no log left by the kill: \(names())")
        (quire, x, y) = try open()
        driver.key("q", control: true)
        XCTAssertTrue(quire.waitForExit(timeout: 10), quire.text)
        XCTAssertEqual(names(), ["Synced.quire"])
        XCTAssertEqual(strokes(in: path), 2)
    }
}
