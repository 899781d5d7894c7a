import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// Quitting while the notebook's disk is full (a real one: a small tmpfs, filled): the strokes that
/// could not be saved go to a recovery file in the state folder (the notebook's own folder is on the
/// full disk), the window says so on screen and stays until a key is pressed, and the next Quire puts
/// them back into the notebook once there is room. `kill -9` while the notice shows loses nothing either:
/// the recovery is on disk before the notice appears.
final class FailingDiskAtQuitWindowTests: XvfbWindowTestCase {
    private var folder = ""
    private var disk: String { folder + "/disk" }
    private var path: String { disk + "/Lecture.quire" }
    private var state: String { folder + "/state" }
    private var recoveryFolder: String { state + "/quire/recovery" }
    private var mounted = false

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = NSTemporaryDirectory() + "quire-full-disk-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        guard geteuid() == 0 else { try Requirement.unmet("root, to mount a small tmpfs as a disk that fills up") }
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=4m", "tmpfs", disk]
        try mount.run()
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else { try Requirement.unmet("mount -t tmpfs (this machine refuses it)") }
        mounted = true
    }

    override func tearDown() {
        super.tearDown()
        if mounted {
            let umount = Process()
            umount.executableURL = URL(fileURLWithPath: "/bin/umount")
            umount.arguments = ["-l", disk]
            try? umount.run()
            umount.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func strokes(in file: String) -> Int {
        guard let store = try? NotebookStore(openingAt: file, readOnly: true) else { return -1 }
        defer { try? store.close() }
        return (try? store.loadPage(try store.pageIDs()[0]).strokes.count) ?? -1
    }

    /// Writes a file of zeros until the disk has no room left.
    private func fillDisk() throws {
        let filler = disk + "/filler"
        FileManager.default.createFile(atPath: filler, contents: nil)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: filler))
        defer { try? handle.close() }
        let block = Data(count: 64 * 1024)
        for _ in 0..<1000 {
            do { try handle.write(contentsOf: block) } catch { break }
        }
        let fd = handle.fileDescriptor
        var byte: UInt8 = 0
        while write(fd, &byte, 1) == 1 {}
        _ = fsync(fd)
        var info = statvfs()
        XCTAssertEqual(statvfs(disk, &info), 0)
        XCTAssertEqual(info.f_bavail, 0, "the disk still has room")
    }

    private func open() throws -> (QuireProcess, Int, Int) {
        let quire = try launchQuire([path], environment: ["XDG_STATE_HOME": state])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        let window = try XCTUnwrap(driver.firstFrame(), "no Quire window showed its page: \(quire.text)")
        return (quire, window.x, window.y)
    }

    /// A notebook of one saved stroke, open in the window, with two more drawn once the disk is full.
    private func strokesDrawnOnAFullDisk() throws -> QuireProcess {
        try NotebookStore.create(at: path, title: "Lecture").close()
        let (quire, x, y) = try open()
        driver.drag(through: (0...10).map { (x + 100 + $0 * 20, y + 100) })
        XCTAssertTrue(eventually { strokes(in: path) == 1 }, "the first stroke was not saved: \(quire.text)")
        try fillDisk()
        for row in 1...2 { driver.drag(through: (0...10).map { (x + 100 + $0 * 20, y + 100 + row * 60) }) }
        XCTAssertTrue(quire.waitForOutput(containing: "could not save"), "the full disk was not noticed: \(quire.text)")
        return quire
    }

    private func recoveries() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: recoveryFolder)) ?? []).filter { $0.hasSuffix(".quire-recovery") }
    }

    /// The next Quire, with room on the disk again, puts the two strokes back and says so.
    private func reopenAndFindAllThreeStrokes() throws {
        try FileManager.default.removeItem(atPath: disk + "/filler")
        // A stroke may still fit where the log had room; the one that failed did not.
        XCTAssertLessThan(strokes(in: path), 3, "nothing failed to save")
        let (quire, _, _) = try open()
        XCTAssertTrue(quire.text.contains("put back into Lecture.quire the "), quire.text)
        XCTAssertTrue(quire.text.contains("that could not be saved when it last closed"), quire.text)
        driver.key("q", control: true)
        XCTAssertTrue(quire.waitForExit(timeout: 10), quire.text)
        XCTAssertEqual(strokes(in: path), 3, "a stroke drawn on the full disk was lost")
        XCTAssertEqual(recoveries(), [], "the recovery was left after it was put back")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk).sorted(), ["Lecture.quire"])
    }

    func testQuittingOnAFullDiskKeepsTheStrokesSaysSoOnScreenAndTheNextOpenPutsThemBack() throws {
        let quire = try strokesDrawnOnAFullDisk()
        let window = try XCTUnwrap(driver.firstFrame())
        // The notice about the failing save, on screen while drawing goes on.
        var before: [UInt8] = []
        XCTAssertTrue(eventually(timeout: 5) {
            before = bottomOfWindow(window)
            return before.filter { $0 < 60 }.count > 2000
        }, "no notice of the failing save")
        driver.key("q", control: true)
        XCTAssertTrue(quire.waitForOutput(containing: "not saved are kept in \(recoveryFolder)/Lecture-"), quire.text)
        XCTAssertEqual(recoveries().count, 1)
        // The window stays with another notice, where the strokes went, until a key is pressed.
        var changed = 0
        XCTAssertTrue(eventually(timeout: 5) {
            let after = bottomOfWindow(window)
            changed = zip(before, after).filter { abs(Int($0) - Int($1)) > 100 }.count
            return after.filter { $0 < 60 }.count > 2000 && changed > 300
        }, "no new notice on the window before it closed (\(changed) pixels changed): \(quire.text)")
        XCTAssertTrue(quire.isRunning, "the window closed without showing where the strokes went: \(quire.text)")
        driver.key("space")
        XCTAssertTrue(quire.waitForExit(timeout: 10), quire.text)
        try reopenAndFindAllThreeStrokes()
    }

    func testKillNineWhileTheNoticeShowsLosesNoStroke() throws {
        let quire = try strokesDrawnOnAFullDisk()
        driver.key("q", control: true)
        XCTAssertTrue(quire.waitForOutput(containing: "not saved are kept in"), quire.text)
        quire.kill(SIGKILL)
        XCTAssertTrue(quire.waitForExit(timeout: 10))
        try reopenAndFindAllThreeStrokes()
    }

    /// The luma of the bottom 160 rows of the window, where the notice line is drawn.
    private func bottomOfWindow(_ window: (id: UInt, x: Int, y: Int, width: Int, height: Int)) -> [UInt8] {
        guard let image = driver.screenshot(x: window.x, y: window.y + window.height - 160, width: window.width, height: 160)
        else { return [] }
        return (0..<image.height).flatMap { y in (0..<image.width).map { x in UInt8(clamping: Int(image[x, y].luma.rounded())) } }
    }
}
