import Foundation
import GRDB
import QuireDocument
import QuireInk
@testable import QuireStorage
import XCTest

/// Changes that could not be saved at closing are kept in a recovery file and go back into the notebook
/// at the next open; never over a notebook that changed since, never from a file that is not one.
/// SQLite's page limit stands in for a full disk here (as in `AutosaverTests`); the session's tests fill
/// a real one.
final class RecoveryFileTests: StorageTestCase {
    private var stateFolder: String { folder + "/state/quire/recovery" }

    /// A notebook of 2 saved strokes whose disk is "full", and 3 strokes waiting in its autosaver.
    private func failingNotebook() throws -> (store: NotebookStore, page: PageID, waiting: [Autosaver.Change], strokes: [Stroke]) {
        let path = folder + "/Lecture.quire"
        let store = try NotebookStore.create(at: path, title: "Lecture")
        let page = try store.pageIDs()[0]
        let strokes = (0..<5).map { Ink.stroke(count: 120, seed: Double($0)) }
        for stroke in strokes.prefix(2) { try store.append(stroke, to: page) }
        let pageCount = try store.database.read { try Int.fetchOne($0, sql: "PRAGMA page_count") }!
        try store.database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA max_page_count = \(pageCount)") }
        let autosaver = Autosaver(store: store, retryInterval: 60)
        for stroke in strokes.suffix(3) { autosaver.submit("stroke") { try $0.append(stroke, to: page) } }
        XCTAssertFalse(autosaver.flush(), "the disk was meant to be full")
        XCTAssertNotNil(autosaver.problem)
        return (store, page, autosaver.handOver().map(\.change), strokes)
    }

    private func strokes(in path: String, page: PageID) throws -> [Stroke] {
        let store = try NotebookStore(openingAt: path, readOnly: true)
        defer { try? store.close() }
        return try store.loadPage(page).strokes
    }

    func testWaitingChangesGoBesideTheNotebookAndBackIntoItAtTheNextOpen() throws {
        let (store, page, waiting, strokes) = try failingNotebook()
        let path = store.path
        var closes = 0
        let kept = try RecoveryFile.keep(store, waiting: waiting, in: stateFolder) {
            closes += 1
            try? store.close()
        }
        XCTAssertEqual(closes, 1)
        XCTAssertEqual(kept, RecoveryFile.Kept(path: path + "-recovery", changes: 3))
        XCTAssertEqual(try self.strokes(in: path, page: page), strokes.prefix(2).map(Ink.stored), "the notebook as saved")
        XCTAssertFalse(FileManager.default.fileExists(atPath: stateFolder), "nothing in the state folder when beside works")

        let found = RecoveryFile.putBack(into: path, from: stateFolder)
        XCTAssertEqual(found, [.putBack(changes: 3, from: kept.path)])
        XCTAssertEqual(try self.strokes(in: path, page: page), strokes.map(Ink.stored))
        XCTAssertFalse(FileManager.default.fileExists(atPath: kept.path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("Lecture") }, ["Lecture.quire"])
        let reopened = try NotebookStore(openingAt: path)
        XCTAssertEqual(try reopened.database.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") }, "ok")
        XCTAssertNil(try reopened.database.read { try String.fetchOne($0, sql: "SELECT value FROM notebook WHERE key = 'recovery_of'") })
        // The strokes came back with their history steps.
        XCTAssertEqual(try reopened.historyDepths()[page]?.undo, 5)
        try reopened.close()
        XCTAssertEqual(RecoveryFile.putBack(into: path, from: stateFolder), [], "put back once")
    }

    func testANotebookChangedSinceGetsTheRecoveryAsANotebookOfItsOwn() throws {
        let (store, page, waiting, strokes) = try failingNotebook()
        let path = store.path
        let kept = try RecoveryFile.keep(store, waiting: waiting, in: stateFolder) { try? store.close() }
        // Another Quire (or a sync) writes the notebook before it is opened here again.
        let other = try NotebookStore(openingAt: path)
        let theirs = Ink.stroke(count: 30, seed: 99)
        try other.append(theirs, to: page)
        try other.close()
        let before = bytes(of: path)

        let found = RecoveryFile.putBack(into: path, from: stateFolder, now: Date(timeIntervalSince1970: 1_796_300_000))
        guard case let .keptApart(changes, apart, title)? = found.first, found.count == 1 else { return XCTFail("\(found)") }
        XCTAssertEqual(changes, 3)
        XCTAssertTrue(title.hasPrefix("Lecture (recovered 2026-"), title)
        XCTAssertEqual((apart as NSString).deletingLastPathComponent, folder)
        XCTAssertEqual(bytes(of: path), before, "the changed notebook is not touched")
        XCTAssertEqual(try self.strokes(in: path, page: page), (strokes.prefix(2) + [theirs]).map(Ink.stored))
        XCTAssertEqual(try self.strokes(in: apart, page: page), strokes.map(Ink.stored))
        let copy = try NotebookStore(openingAt: apart, readOnly: true)
        XCTAssertEqual(try copy.title, title)
        XCTAssertNotEqual(try copy.notebookID, try NotebookStore(openingAt: path, readOnly: true).notebookID)
        try copy.close()
        XCTAssertFalse(FileManager.default.fileExists(atPath: kept.path))
    }

    func testWhenBesideIsTakenTheStateFolderHoldsIt() throws {
        let (store, page, waiting, strokes) = try failingNotebook()
        let path = store.path
        // An earlier recovery not yet put back is never overwritten.
        FileManager.default.createFile(atPath: path + "-recovery", contents: Data("not mine".utf8))
        let kept = try RecoveryFile.keep(store, waiting: waiting, in: stateFolder) { try? store.close() }
        XCTAssertTrue(kept.path.hasPrefix(stateFolder + "/Lecture-"), kept.path)
        XCTAssertTrue(kept.path.hasSuffix(".quire-recovery"), kept.path)
        XCTAssertEqual(bytes(of: path + "-recovery"), Data("not mine".utf8))

        let found = RecoveryFile.putBack(into: path, from: stateFolder)
        // The file beside that is not a notebook is left as it is, and said; the real one is put back.
        XCTAssertEqual(found.count, 2, "\(found)")
        XCTAssertTrue(found.contains(.putBack(changes: 3, from: kept.path)), "\(found)")
        XCTAssertTrue(found.contains { if case .left(path + "-recovery", _) = $0 { true } else { false } }, "\(found)")
        XCTAssertEqual(bytes(of: path + "-recovery"), Data("not mine".utf8))
        XCTAssertEqual(try self.strokes(in: path, page: page), strokes.map(Ink.stored))
    }

    func testARecoveryOfAnotherNotebookIsNotTouched() throws {
        let (store, _, waiting, _) = try failingNotebook()
        let kept = try RecoveryFile.keep(store, waiting: waiting, in: stateFolder) { try? store.close() }
        // Moved beside another notebook (as a copy of a folder would): it names the first one's path.
        let otherPath = folder + "/Other.quire"
        try NotebookStore.create(at: otherPath, title: "Other").close()
        try FileManager.default.moveItem(atPath: kept.path, toPath: otherPath + "-recovery")
        let before = bytes(of: otherPath)
        XCTAssertEqual(RecoveryFile.putBack(into: otherPath, from: stateFolder), [])
        XCTAssertEqual(bytes(of: otherPath), before)
        XCTAssertTrue(FileManager.default.fileExists(atPath: otherPath + "-recovery"))
    }

    func testAHostileRecordIsLeftAndSaid() throws {
        let (store, page, waiting, strokes) = try failingNotebook()
        let path = store.path
        let kept = try RecoveryFile.keep(store, waiting: waiting, in: stateFolder) { try? store.close() }
        for record in [String(repeating: "x", count: 100_000), "{\"path\": 3}", "null"] {
            let recovery = try DatabaseQueue(path: kept.path)
            try recovery.write { try $0.execute(sql: "UPDATE notebook SET value = ? WHERE key = 'recovery_of'", arguments: [record]) }
            try recovery.close()
            let before = bytes(of: path)
            let found = RecoveryFile.putBack(into: path, from: stateFolder)
            XCTAssertEqual(found.count, 1)
            guard case .left(kept.path, let because)? = found.first else { return XCTFail("\(found)") }
            XCTAssertTrue(because.contains("does not say which notebook"), because)
            XCTAssertEqual(bytes(of: path), before)
        }
        XCTAssertEqual(try self.strokes(in: path, page: page), strokes.prefix(2).map(Ink.stored))
    }

    func testWhenNoPlaceCanBeWrittenItThrowsAndTheNotebookIsClosedAllTheSame() throws {
        let (store, _, waiting, _) = try failingNotebook()
        // The state folder cannot be made (a file is in the way), and beside is taken.
        FileManager.default.createFile(atPath: store.path + "-recovery", contents: Data("taken".utf8))
        FileManager.default.createFile(atPath: folder + "/state", contents: Data())
        var closes = 0
        XCTAssertThrowsError(try RecoveryFile.keep(store, waiting: waiting, in: stateFolder) {
            closes += 1
            try? store.close()
        })
        XCTAssertEqual(closes, 1)
    }
}
