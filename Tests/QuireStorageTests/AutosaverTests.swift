import Foundation
import GRDB
import QuireDocument
import QuireInk
@testable import QuireStorage
import XCTest

final class AutosaverTests: StorageTestCase {
    func testStrokesAreCommittedInOrderWithinASecond() throws {
        let path = folder + "/A.quire"
        let store = try NotebookStore.create(at: path, title: "A")
        let page = try store.pageIDs()[0]
        let autosaver = Autosaver(store: store)
        let strokes = (0..<20).map { Ink.stroke(seed: Double($0)) }
        let start = Date()
        for stroke in strokes { autosaver.submit("stroke") { try $0.append(stroke, to: page) } }
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.05, "submitting never waits on the disk")
        // Another connection sees them without any flush from us.
        let reader = try NotebookStore(openingAt: path, readOnly: true)
        XCTAssertTrue(waitUntil(1) { (try? reader.loadPage(page).strokes.count) == strokes.count })
        XCTAssertEqual(try reader.loadPage(page).strokes, strokes.map(Ink.stored))
        XCTAssertEqual(autosaver.unsaved, 0)
    }

    /// A full disk (SQLite's page limit stands in for it): the error is reported once, nothing saved
    /// before is lost, later strokes wait in order, and saving resumes when there is room.
    func testAFullDiskReportsKeepsWhatIsSavedAndResumes() throws {
        let path = folder + "/Full.quire"
        let store = try NotebookStore.create(at: path, title: "Full")
        let page = try store.pageIDs()[0]
        let before = (0..<3).map { Ink.stroke(seed: Double($0)) }
        for stroke in before { try store.append(stroke, to: page) }
        let pageCount = try store.database.read { try Int.fetchOne($0, sql: "PRAGMA page_count") }!
        try store.database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA max_page_count = \(pageCount)") }

        let problems = Counter(), resumed = Counter()
        let autosaver = Autosaver(store: store, retryInterval: 0.05)
        autosaver.onProblem = { error in
            XCTAssertTrue("\(error)".contains("full"), "\(error)")
            problems.increment()
        }
        autosaver.onResumed = { resumed.increment() }
        let after = (0..<5).map { Ink.stroke(count: 200, seed: 10 + Double($0)) }
        for stroke in after { autosaver.submit("stroke") { try $0.append(stroke, to: page) } }
        XCTAssertFalse(autosaver.flush())
        Thread.sleep(forTimeInterval: 0.3)   // several retries, all failing
        XCTAssertEqual(problems.value, 1, "told once, not on every retry")
        XCTAssertEqual(autosaver.unsaved, 5)
        XCTAssertEqual(try store.loadPage(page).strokes, before.map(Ink.stored))

        try store.database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA max_page_count = 1000000") }
        XCTAssertTrue(waitUntil(2) { autosaver.unsaved == 0 })
        XCTAssertEqual(resumed.value, 1)
        XCTAssertEqual(try store.loadPage(page).strokes, (before + after).map(Ink.stored))
    }

    func testAStyleFirstUsedWhileTheDiskIsFullIsStoredWhenSavingResumes() throws {
        // The style row is written in the failing transaction and rolled back with it; the store must
        // not remember its id, or every retry names a style row that does not exist.
        let path = folder + "/NewStyle.quire"
        let store = try NotebookStore.create(at: path, title: "NewStyle")
        let page = try store.pageIDs()[0]
        try store.append(Ink.stroke(.pen), to: page)
        // Room for the small style row but not for the stroke's 2,000-sample blob: the transaction gets
        // as far as storing the new style, then fails.
        let pageCount = try store.database.read { try Int.fetchOne($0, sql: "PRAGMA page_count") }!
        try store.database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA max_page_count = \(pageCount + 8)") }
        let autosaver = Autosaver(store: store, retryInterval: 0.05)
        let highlight = Ink.stroke(.highlighter, count: 2000, seed: 3)
        autosaver.submit("stroke") { try $0.append(highlight, to: page) }
        XCTAssertFalse(autosaver.flush())
        Thread.sleep(forTimeInterval: 0.2)
        try store.database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA max_page_count = 1000000") }
        XCTAssertTrue(waitUntil(2) { autosaver.unsaved == 0 }, "saving never resumed")
        let strokes = try store.loadPage(page).strokes
        XCTAssertEqual(strokes.map(\.style.tool), [.pen, .highlighter])
        XCTAssertTrue(strokes.last == Ink.stored(highlight), "the highlighter stroke came back different")
    }

    private func waitUntil(_ seconds: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return condition()
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

extension AutosaverTests {
    /// An edit the notebook refuses for good (it names an item the page does not hold) is dropped and
    /// reported; it does not hold up the strokes after it, and nothing counts as unsaved for ever.
    func testARefusedEditIsDroppedAndReportedAndTheRestAreSaved() throws {
        let store = try NotebookStore.create(at: folder + "/Refused.quire", title: "Refused")
        let page = try store.pageIDs()[0]
        let autosaver = Autosaver(store: store, retryInterval: 0.05)
        let refused = Counter(), problems = Counter()
        autosaver.onRefused = { label, error in
            XCTAssertEqual(label, "bad edit")
            XCTAssertTrue("\(error)".contains("refused"), "\(error)")
            refused.increment()
        }
        autosaver.onProblem = { _ in problems.increment() }
        let stranger = PageItem.stroke(Ink.stroke(seed: 1))
        autosaver.submit("bad edit") { try $0.apply(.remove([PlacedItem(stranger, at: 0)]), to: page) }
        let good = Ink.stroke(seed: 2)
        autosaver.submit("stroke") { try $0.append(good, to: page) }
        XCTAssertTrue(autosaver.flush(), "the refused edit does not hold up the queue")
        XCTAssertEqual(autosaver.unsaved, 0)
        XCTAssertEqual(refused.value, 1)
        XCTAssertEqual(problems.value, 0, "a refusal is not a disk problem to retry")
        XCTAssertEqual(try store.loadPage(page).strokes, [Ink.stored(good)])
    }
}
