import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
@testable import QuireStorage
import XCTest

/// A notebook in a synced folder: another program renames a newer copy over the file, or rewrites it in
/// place, while this process has it open. Nothing more is written to the newer file, not even at close,
/// the user's version can be copied out whole (after a rename), and a closed notebook is one file.
final class ExternalFileChangeTests: XCTestCase {
    private var folder = ""
    private var path: String { folder + "/Synced.quire" }

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "quire-external-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func stroke(_ y: Double) -> Stroke {
        Stroke(samples: (0...20).map { InputSample(position: Point(50 + Double($0) * 10, y), pressure: 0.5, time: Double($0) * 0.01, device: .pen) },
               style: .defaults(for: .pen))
    }

    private func listing() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder).sorted() }

    /// A notebook of `strokes` strokes on one page, closed, at `at`.
    private func notebook(at file: String, title: String, strokes: Int) throws {
        try NotebookStore.create(at: file, title: title, pages: [Page(strokes: (0..<strokes).map { stroke(100 + Double($0) * 20) })]).close()
    }

    private func strokeCount(_ file: String) throws -> Int {
        let store = try NotebookStore(openingAt: file, readOnly: true)
        defer { try? store.close() }
        return try store.loadPage(try store.pageIDs()[0]).strokes.count
    }

    func testAClosedNotebookIsOneFileWithNoLockOrLogBesideIt() throws {
        try notebook(at: path, title: "Synced", strokes: 1)
        let store = try NotebookStore(openingAt: path)
        try store.append(stroke(500), to: try store.pageIDs()[0])
        XCTAssertEqual(try listing(), ["Synced.quire", "Synced.quire-lock", "Synced.quire-shm", "Synced.quire-wal"])
        XCTAssertNil(store.externalChange(), "its own write is not another program's")
        try store.close()
        XCTAssertEqual(try listing(), ["Synced.quire"])
        XCTAssertEqual(try strokeCount(path), 2)
    }

    func testTheLockIsStillOneWriterAtATimeWhenItsFileIsRemovedAtClose() throws {
        try notebook(at: path, title: "Synced", strokes: 0)
        for _ in 0..<20 {
            let first = try NotebookStore(openingAt: path)
            let second = try NotebookStore(openingAt: path)
            XCTAssertFalse(first.isReadOnly)
            XCTAssertTrue(second.isReadOnly, "two writers at once")
            try first.close()
            try second.close()
            let third = try NotebookStore(openingAt: path)
            XCTAssertFalse(third.isReadOnly, "the lock was not free again after its holder closed")
            try third.close()
        }
        XCTAssertEqual(try listing(), ["Synced.quire"])
    }

    func testItsOwnCheckpointsAreNotTakenForAnotherProgram() throws {
        try notebook(at: path, title: "Synced", strokes: 0)
        let store = try NotebookStore(openingAt: path)
        let before = try XCTUnwrap(FileState(of: path))
        // 6 MB of pictures: past the 8,000 pages (4 MB) at which SQLite folds the log into the file.
        for n in 0..<6 { _ = try store.storeBlob((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ n) }, kind: .png) }
        XCTAssertGreaterThan(try XCTUnwrap(FileState(of: path)).size, before.size + (1 << 20), "no checkpoint happened")
        XCTAssertNil(store.externalChange())
        try store.append(stroke(100), to: try store.pageIDs()[0])
        try store.close()
    }

    func testANewerCopyRenamedOverItIsNeverWrittenAndTheUsersVersionCopiesOutWhole() throws {
        try notebook(at: path, title: "Synced", strokes: 2)
        let store = try NotebookStore(openingAt: path)
        let page = try store.pageIDs()[0]
        try store.append(stroke(400), to: page)
        // The sync's newer copy, written beside and renamed over, as Syncthing does.
        let newer = folder + "/.syncthing.Synced.quire.tmp"
        try notebook(at: newer, title: "Synced", strokes: 5)
        let newerBytes = try XCTUnwrap(FileManager.default.contents(atPath: newer))
        XCTAssertEqual(rename(newer, path), 0)
        XCTAssertEqual(store.externalChange(), .replaced)
        XCTAssertThrowsError(try store.append(stroke(450), to: page)) { error in
            XCTAssertEqual(error as? NotebookFileError, .changedOnDisk(path: self.path, change: .replaced))
            XCTAssertTrue("\(error)".contains("was replaced by another program"), "\(error)")
        }
        let copyPath = folder + "/Synced (conflict).quire"
        let copy = try store.writeCopy(to: copyPath, title: "Synced (conflict)")
        XCTAssertEqual(try copy.loadPage(page).strokes.count, 3, "the user's version is not whole in the copy")
        XCTAssertEqual(try copy.title, "Synced (conflict)")
        let copyID = try copy.notebookID
        try copy.close()
        // Closed before anything opens the newer file: until then the old log lies beside it.
        try store.close()
        let reader = try NotebookStore(openingAt: path, readOnly: true)
        XCTAssertNotEqual(copyID, try reader.notebookID, "the copy is not a notebook of its own")
        try reader.close()
        XCTAssertEqual(FileManager.default.contents(atPath: path), newerBytes, "the newer file was written to")
        XCTAssertEqual(try listing(), ["Synced (conflict).quire", "Synced.quire"], "a log or lock was left beside the newer file")
        XCTAssertEqual(try strokeCount(path), 5)
    }

    func testANotebookRewrittenInPlaceIsLeftAsTheOtherProgramWroteIt() throws {
        try notebook(at: path, title: "Synced", strokes: 2)
        let newer = folder + "/newer.bin"
        try notebook(at: newer, title: "Synced", strokes: 7)
        let newerBytes = try XCTUnwrap(FileManager.default.contents(atPath: newer))
        try FileManager.default.removeItem(atPath: newer)
        let store = try NotebookStore(openingAt: path)
        let page = try store.pageIDs()[0]
        for n in 0..<5 { try store.append(stroke(400 + Double(n) * 10), to: page) }
        // As `cp newer Synced.quire` does: the same file, truncated and written.
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: newerBytes)
        try handle.close()
        XCTAssertEqual(store.externalChange(), .rewritten)
        XCTAssertThrowsError(try store.append(stroke(450), to: page))
        try store.close()
        XCTAssertEqual(FileManager.default.contents(atPath: path), newerBytes, "the log was folded into the newer file")
        XCTAssertEqual(try listing(), ["Synced.quire"], "the old log was left beside the newer file, for the next open to apply")
        XCTAssertEqual(try strokeCount(path), 7)
    }

    func testANotebookMovedAwayIsNotWrittenUnderItsOldName() throws {
        try notebook(at: path, title: "Synced", strokes: 1)
        let store = try NotebookStore(openingAt: path)
        XCTAssertEqual(rename(path, folder + "/Moved.quire"), 0)
        XCTAssertEqual(store.externalChange(), .removed)
        XCTAssertThrowsError(try store.append(stroke(300), to: try store.pageIDs()[0]))
        try store.close()
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(try strokeCount(folder + "/Moved.quire"), 1)
    }

    func testTheAutosaverHoldsChangesTheFileNoLongerTakesAndHandsThemOver() throws {
        try notebook(at: path, title: "Synced", strokes: 1)
        let store = try NotebookStore(openingAt: path)
        let page = try store.pageIDs()[0]
        let saver = Autosaver(store: store, retryInterval: 0.01)
        let problems = LockedCount()
        saver.onProblem = { _ in problems.add() }
        saver.onRefused = { _, _ in problems.add() }
        let newer = folder + "/newer.tmp"
        try notebook(at: newer, title: "Synced", strokes: 3)
        XCTAssertEqual(rename(newer, path), 0)
        for y in [300.0, 320, 340] {
            let stroke = self.stroke(y)
            saver.submit("stroke") { try $0.append(stroke, to: page) }
        }
        XCTAssertFalse(saver.flush(), "the changes went somewhere")
        XCTAssertEqual(saver.unsaved, 3)
        XCTAssertEqual(problems.value, 0, "a change the session carries elsewhere was reported as failing or dropped")
        let copy = try store.writeCopy(to: folder + "/copy.quire", title: "Copy")
        let handed = saver.handOver()
        XCTAssertEqual(handed.count, 3)
        for (_, change) in handed { try change(copy) }
        XCTAssertEqual(try copy.loadPage(page).strokes.map { $0.samples.first?.position.y }, [100, 300, 320, 340])
        try copy.close()
        try store.close()
        XCTAssertEqual(try strokeCount(path), 3)
    }
}

private final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    func add() { lock.lock(); count += 1; lock.unlock() }
}
