import Foundation
import GRDB
import QuireDocument
import QuireInk
@testable import QuireStorage
import XCTest

/// Where a page's steps are stored (`PageStepRows`, schema 4): the page being written holds the
/// notebook's highest slot, so its new steps are appended at the end of `page_history`; a page written
/// after another takes its steps (done and undone) to a new highest slot; a schema-3 notebook's steps
/// move into slots step for step.
final class PageHistorySlotTests: StorageTestCase {
    private func slot(of page: PageID, in store: NotebookStore) throws -> Int64? {
        try store.database.read { try Int64.fetchOne($0, sql: "SELECT history_slot FROM page WHERE id = ?", arguments: [page.rawValue]) }
    }

    /// The step numbers stored under `slot`, in order.
    private func seqs(inSlot slot: Int64, of store: NotebookStore) throws -> [Int64] {
        try store.database.read {
            try Int64.fetchAll($0, sql: "SELECT step - ? FROM page_history WHERE step > ? AND step < ? ORDER BY step",
                               arguments: [slot << 32, slot << 32, (slot + 1) << 32])
        }
    }

    private func lastRowSlot(of store: NotebookStore) throws -> Int64? {
        try store.database.read { try Int64.fetchOne($0, sql: "SELECT max(step) >> 32 FROM page_history") }
    }

    private func undo(_ page: PageID, in store: NotebookStore) throws {
        let items = try store.loadPage(page).items
        let move = try XCTUnwrap(try store.history(of: try store.loadPage(page)).nextUndo(on: items))
        try store.apply(move.edit, to: page, history: .undo(kept: move.kept))
    }

    private func redo(_ page: PageID, in store: NotebookStore) throws {
        let items = try store.loadPage(page).items
        let move = try XCTUnwrap(try store.history(of: try store.loadPage(page)).nextRedo(on: items))
        try store.apply(move.edit, to: page, history: .redo(kept: move.kept))
    }

    func testThePageBeingWrittenHoldsTheLastSlotAndTakesItsWholeHistoryThere() throws {
        let path = folder + "/slots.quire"
        var store = try NotebookStore.create(at: path, title: "Slots", pages: [Page(), Page()])
        let (a, b) = try { let ids = try store.pageIDs(); return (ids[0], ids[1]) }()
        XCTAssertNil(try slot(of: a, in: store), "no steps, no slot")

        for k in 0..<3 { try store.append(Ink.stroke(.pen, seed: Double(k)), to: a) }
        XCTAssertEqual(try slot(of: a, in: store), 1)
        XCTAssertEqual(try seqs(inSlot: 1, of: store), [1, 2, 3])
        for k in 0..<2 { try store.append(Ink.stroke(.pen, seed: Double(10 + k)), to: b) }
        XCTAssertEqual(try slot(of: b, in: store), 2)
        XCTAssertEqual(try lastRowSlot(of: store), 2, "B's steps are the table's last rows")

        // Undo and redo rewrite a step where it is: B undoes in its own slot though A is written after.
        try undo(b, in: store)
        try store.append(Ink.stroke(.marker, seed: 20), to: a)
        XCTAssertEqual(try slot(of: a, in: store), 3, "A went last")
        XCTAssertEqual(try seqs(inSlot: 3, of: store), [1, 2, 3, 4], "with all its steps")
        XCTAssertEqual(try seqs(inSlot: 1, of: store), [], "and none left behind")
        try redo(b, in: store)
        try undo(b, in: store)
        XCTAssertEqual(try slot(of: b, in: store), 2)

        // A new edit on B ends its redo history and takes what it keeps last.
        try store.append(Ink.stroke(.marker, seed: 21), to: b)
        XCTAssertEqual(try slot(of: b, in: store), 4)
        XCTAssertEqual(try seqs(inSlot: 4, of: store), [1, 2])
        XCTAssertEqual(try seqs(inSlot: 2, of: store), [])
        XCTAssertEqual(try lastRowSlot(of: store), 4)
        try store.close()

        // Read back after a close, each page's history is its own.
        store = try NotebookStore(openingAt: path)
        let depths = try store.historyDepths()
        XCTAssertEqual(depths[a]?.undo, 4)
        XCTAssertEqual(depths[a]?.redo, 0)
        XCTAssertEqual(depths[b]?.undo, 2)
        XCTAssertEqual(try store.history(of: try store.loadPage(b)).done.map(\.label), ["stroke", "stroke"])
        for _ in 0..<4 { try undo(a, in: store) }
        XCTAssertEqual(try store.loadPage(a).items.count, 0, "A's four steps undone, in order")
        XCTAssertEqual(try store.loadPage(b).items.count, 2)

        // A page deleted for good takes its steps with it.
        try store.deletePage(b)
        XCTAssertEqual(try seqs(inSlot: 4, of: store), [])
        XCTAssertEqual(try seqs(inSlot: 3, of: store), [1, 2, 3, 4])
        try store.close()
    }

    /// A page whose slot is damaged (left by a hand-edited file under another slot's rows) is given one
    /// past every row, so its new steps never land among rows it cannot read as its own.
    func testAPageWhoseSlotIsDamagedStartsAfreshPastEveryRow() throws {
        let path = folder + "/damaged.quire"
        var store = try NotebookStore.create(at: path, title: "D")
        let page = try store.pageIDs()[0]
        for k in 0..<2 { try store.append(Ink.stroke(.pen, seed: Double(k)), to: page) }
        try store.close()
        let database = try DatabaseQueue(path: path)
        try database.write { try $0.execute(sql: "UPDATE page SET history_slot = 'seven'") }
        try database.close()

        store = try NotebookStore(openingAt: path)
        XCTAssertThrowsError(try store.history(of: try store.loadPage(page)))
        try store.append(Ink.stroke(.pen, seed: 3), to: page)
        XCTAssertEqual(try slot(of: page, in: store), 2, "past the rows slot 1 left behind")
        XCTAssertEqual(try store.history(of: try store.loadPage(page)).done.count, 1, "its history afresh")
        try store.close()
    }

    /// A schema-3 notebook (the v1 fixture brought to schema 3 by the migrations that made such files)
    /// reads the same before it migrates (read-only, nothing written) and after, each page's steps under
    /// a slot of its own; a step of no page is dropped.
    func testASchema3NotebooksStepsMoveToSlotsStepForStep() throws {
        let path = folder + "/v3.quire"
        try FileManager.default.copyItem(atPath: NotebookV1Fixture.path, toPath: path)
        let database = try DatabaseQueue(path: path)
        try database.writeWithoutTransaction { db in
            try NotebookSchema.migrate(db, from: 1, steps: Array(NotebookSchema.migrations.prefix(3)))
            try db.execute(sql: "INSERT INTO history_step(page_id, seq, undone, label, edit) VALUES (X'00112233445566778899AABBCCDDEEFF', 1, 0, 'stroke', X'01')")
        }
        XCTAssertEqual(try database.read { try Int.fetchOne($0, sql: "PRAGMA user_version") }, 3)
        try database.close()
        let pages = [NotebookV1Fixture.firstPage, NotebookV1Fixture.secondPage]

        let before = try XCTUnwrap(bytes(of: path))
        var store = try NotebookStore(openingAt: path, readOnly: true)
        XCTAssertEqual(store.schemaVersion, 3)
        let histories = try pages.map { try store.history(of: try store.loadPage($0)) }
        let depths = try store.historyDepths()
        try store.close()
        XCTAssertEqual(bytes(of: path), before, "read as it is")
        for (page, history) in zip(pages, histories) {
            XCTAssertGreaterThan(history.done.count, 0)
            XCTAssertEqual(depths[page]?.undo, history.done.count)
        }

        store = try NotebookStore(openingAt: path)
        XCTAssertEqual(store.schemaVersion, NotebookSchema.currentVersion)
        XCTAssertFalse(try store.database.read { try $0.tableExists("history_step") })
        XCTAssertEqual(try pages.map { try store.history(of: try store.loadPage($0)) }, histories, "step for step")
        let slots = try pages.map { try XCTUnwrap(try slot(of: $0, in: store)) }
        XCTAssertEqual(Set(slots).count, 2)
        XCTAssertEqual(try store.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM page_history") },
                       histories.map(\.done.count).reduce(0, +), "the step of no page dropped")
        XCTAssertEqual(try store.historyDepths().mapValues(\.undo), depths.filter { pages.contains($0.key) }.mapValues(\.undo))

        // The migrated history takes edits and undoes them, across a close.
        try undo(pages[1], in: store)
        try store.close()
        store = try NotebookStore(openingAt: path)
        XCTAssertEqual(try store.historyDepths()[pages[1]]?.redo, 1)
        try redo(pages[1], in: store)
        XCTAssertEqual(try store.loadPage(pages[1]).items.count, histories[1].done.count)
        try store.close()
    }
}
