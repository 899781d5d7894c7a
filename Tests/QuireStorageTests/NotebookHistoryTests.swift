import Foundation
import GRDB
import QuireDocument
import QuireGeometry
import QuireInk
@testable import QuireStorage
import XCTest

/// A page's history is stored with it: every step written in its edit's transaction, read back as it
/// was after a close, bounded, and refused (the page still opening) when its rows are damaged.
final class NotebookHistoryTests: StorageTestCase {
    /// What the app's editor does, on a model and a store: each edit applied to both with its move of the
    /// history, the history kept in memory beside them.
    private struct Editor {
        var store: NotebookStore
        var page: Page
        var history: PageHistory
        let clock = StepClock()

        init(_ store: NotebookStore, page id: PageID) throws {
            self.store = store
            page = try store.loadPage(id)
            history = try store.history(of: page)
        }

        mutating func apply(_ edit: PageEdit?, label: String? = nil) throws {
            let edit = try XCTUnwrap(edit)
            try page.apply(edit)
            let stamp = clock.next()
            try store.apply(edit, to: page.id, history: .record(label: label, stamp: stamp))
            history.record(edit, label: label, stamp: stamp)
        }

        @discardableResult
        mutating func undo() throws -> String? {
            guard let move = try history.nextUndo(on: page.items, stamp: clock.next()) else { return nil }
            try page.apply(move.edit)
            try store.apply(move.edit, to: page.id, history: .undo(kept: move.kept))
            history.commit(move)
            return move.label
        }

        @discardableResult
        mutating func redo() throws -> String? {
            guard let move = try history.nextRedo(on: page.items, stamp: clock.next()) else { return nil }
            try page.apply(move.edit)
            try store.apply(move.edit, to: page.id, history: .redo(kept: move.kept))
            history.commit(move)
            return move.label
        }
    }

    private func scrapMoved(_ item: PageItem, by dx: Double) -> PageItem {
        guard case var .scrap(scrap) = item.content else { return item }
        scrap.transform = scrap.transform.concatenating(Homography(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: 0)))
        return PageItem(id: item.id, .scrap(scrap))
    }

    /// The story: a photo pasted, cut, a piece moved, the page turned (here: the notebook closed
    /// and opened again), and undo reverses the move — not the top item — then the cut, then the paste.
    func testUndoAfterReopeningReversesTheLastChangeNotTheTopItem() throws {
        let path = folder + "/H.quire"
        var store = try NotebookStore.create(at: path, title: "H")
        let id = try store.pageIDs()[0]
        let photo = try store.storeBlob(Scene.photo, kind: .png)
        var editor = try Editor(store, page: id)
        try editor.apply(editor.page.adding(Ink.stroke(.pen, seed: 1)))
        try editor.apply(editor.page.adding([Scene.scrap(showing: photo)]))
        let pasted = editor.page
        let scrap = editor.page.items[1]
        let pieces = [scrapMoved(scrap, by: -20), scrapMoved(scrap, by: 20)].map { PageItem($0.content) }
        try editor.apply(editor.page.replacing(scrap.id, with: pieces), label: "cut into 2 pieces")
        let cut = editor.page
        try editor.apply(editor.page.updating([pieces[1].id]) { self.scrapMoved($0, by: 35) }, label: "scrap moved")
        let moved = editor.page
        try store.close()

        store = try NotebookStore(openingAt: path)
        editor = try Editor(store, page: id)
        XCTAssertEqual(editor.page, Ink.stored(moved))
        XCTAssertEqual(editor.history.done.map(\.label), ["stroke", "scrap added", "cut into 2 pieces", "scrap moved"])
        XCTAssertEqual(try editor.undo(), "scrap moved")
        XCTAssertEqual(editor.page, Ink.stored(cut), "the move is undone; both pieces are there")
        XCTAssertEqual(try editor.undo(), "cut into 2 pieces")
        XCTAssertEqual(editor.page, Ink.stored(pasted), "the photo is whole again")
        try store.close()

        // The undone steps come back after another reopening, and redo walks forward again.
        store = try NotebookStore(openingAt: path)
        editor = try Editor(store, page: id)
        XCTAssertEqual(editor.page, Ink.stored(pasted))
        XCTAssertEqual(editor.history.done.count, 2)
        XCTAssertEqual(editor.history.undone.map(\.label), ["scrap moved", "cut into 2 pieces"])
        XCTAssertEqual(try editor.redo(), "cut into 2 pieces")
        XCTAssertEqual(try editor.redo(), "scrap moved")
        XCTAssertEqual(editor.page, Ink.stored(moved))
        XCTAssertNil(try editor.redo())
        // Down to the empty page and no further.
        for _ in 0..<4 { XCTAssertNotNil(try editor.undo()) }
        XCTAssertNil(try editor.undo())
        XCTAssertTrue(editor.page.items.isEmpty)
        XCTAssertEqual(try store.loadPage(id).items.count, 0)
        XCTAssertEqual(try store.historyDepths()[id]?.undo, 0)
        XCTAssertEqual(try store.historyDepths()[id]?.redo, 4)
        // A new edit ends the redo history, in the file too.
        try editor.apply(editor.page.adding(Ink.stroke(.marker, seed: 3)))
        XCTAssertEqual(try store.historyDepths()[id]?.undo, 1)
        XCTAssertEqual(try store.historyDepths()[id]?.redo, 0)
        XCTAssertEqual(try store.history(of: try store.loadPage(id)), editor.history)
        try store.close()
    }

    /// A new stroke's step names it by id: the history row is small whatever the stroke's size.
    func testAStrokesStepKeepsItsIDNotASecondCopyOfItsInk() throws {
        let store = try NotebookStore.create(at: folder + "/S.quire", title: "S")
        defer { try? store.close() }
        let id = try store.pageIDs()[0]
        var editor = try Editor(store, page: id)
        try editor.apply(editor.page.adding(Ink.stroke(.pen, count: 2_000)))
        let size = try store.database.read { try Int.fetchOne($0, sql: "SELECT length(edit) FROM page_history") }
        XCTAssertLessThan(try XCTUnwrap(size), 100)
        // Undone, the step must bring the stroke back on its own: now it holds the ink.
        try editor.undo()
        let undoneSize = try store.database.read { try Int.fetchOne($0, sql: "SELECT length(edit) FROM page_history") }
        XCTAssertGreaterThan(try XCTUnwrap(undoneSize), 2_000 * 16)
        let drawn = Ink.stored(editor.history.undone[0].edit.keptItems[0])
        // Read back from the file, redo brings the stroke back sample for sample.
        editor = try Editor(store, page: id)
        try editor.redo()
        XCTAssertTrue(try store.loadPage(id).items == [drawn], "the ink came back sample for sample")
        XCTAssertTrue(editor.page.items == [drawn])
    }

    /// Moving a scrap with a lot of ink, again and again, keeps its ink once (on the page), not once a
    /// step: each step keeps the scrap without the own items the value after begins with too.
    func testMovingAnInkedScrapKeepsItsInkOnceNotOnceAStep() throws {
        let store = try NotebookStore.create(at: folder + "/M.quire", title: "M")
        defer { try? store.close() }
        let id = try store.pageIDs()[0]
        var editor = try Editor(store, page: id)
        let photo = try store.storeBlob(Scene.photo, kind: .png)
        let ink = (0..<300).map { Ink.stroke(.pen, count: 40, seed: Double($0)) }
        try editor.apply(editor.page.adding([Scene.scrap(showing: photo, ink: ink)]))
        let scrap = editor.page.items[0].id
        for k in 1...20 {
            try editor.apply(editor.page.updating([scrap]) { self.scrapMoved($0, by: Double(k)) })
        }
        // Ink stuck to it: one more stroke among its own items.
        try editor.apply(editor.page.updating([scrap]) { item in
            guard case var .scrap(inked) = item.content else { return item }
            inked.items.append(.stroke(Ink.stroke(.marker, seed: 99)))
            return PageItem(id: item.id, .scrap(inked))
        })
        let historyBytes = try store.database.read { try Int.fetchOne($0, sql: "SELECT sum(length(edit)) FROM page_history") ?? 0 }
        let inkBytes = try store.database.read { try Int.fetchOne($0, sql: "SELECT sum(length(data)) FROM item WHERE kind = 'stroke'") ?? 0 }
        XCTAssertLessThan(historyBytes, inkBytes / 10, "21 steps keep less than a tenth of the scrap's ink")
        // And every step still undoes exactly, after reading them back.
        editor = try Editor(store, page: id)
        let moved = editor.page
        for _ in 0..<21 { XCTAssertNotNil(try editor.undo()) }
        guard case let .scrap(first) = editor.page.items[0].content else { return XCTFail() }
        XCTAssertEqual(first.items.count, 300)
        XCTAssertTrue(first.items.map(\.stroke) == ink.map(Ink.stored), "its ink as drawn")
        for _ in 0..<21 { XCTAssertNotNil(try editor.redo()) }
        XCTAssertTrue(editor.page == moved)
    }

    func testAPageKeepsItsNewestThousandSteps() throws {
        let store = try NotebookStore.create(at: folder + "/B.quire", title: "B")
        defer { try? store.close() }
        let id = try store.pageIDs()[0]
        var editor = try Editor(store, page: id)
        for k in 0..<(PageHistory.capacity + 5) {
            try editor.apply(editor.page.adding(Ink.stroke(.pen, count: 3, seed: Double(k))))
        }
        let seqs = try store.database.read { try Int64.fetchAll($0, sql: "SELECT step & 4294967295 FROM page_history ORDER BY step") }
        XCTAssertEqual(seqs.count, PageHistory.capacity)
        XCTAssertEqual(seqs.first, 6, "the five oldest dropped")
        XCTAssertEqual(editor.history.done.count, PageHistory.capacity)
        let reread = try store.history(of: try store.loadPage(id))
        XCTAssertEqual(reread, editor.history)
        // Undo reaches back exactly the thousand steps, the five oldest strokes stay.
        var undone = 0
        while try editor.undo() != nil { undone += 1 }
        XCTAssertEqual(undone, PageHistory.capacity)
        XCTAssertEqual(editor.page.items.count, 5)
    }

    /// Each damaged history is refused by name, the page still reads, and opening writes nothing.
    func testADamagedHistoryIsRefusedNamingTheNotebookAndThePageStillOpens() throws {
        let path = folder + "/D.quire"
        let damages: [(String, String)] = [
            ("the JSON is not an edit", "UPDATE page_history SET edit = '{\"explode\":1}' WHERE (step & 4294967295) = 2"),
            ("a step names another item", "UPDATE page_history SET edit = '{\"insert\":[{\"id\":\"nope\",\"at\":1}]}' WHERE (step & 4294967295) = 2"),
            ("a position past any page", "UPDATE page_history SET edit = '{\"insert\":[{\"id\":\"x\",\"at\":1e300}]}' WHERE (step & 4294967295) = 1"),
            ("a gap in the steps", "UPDATE page_history SET step = step + 7 WHERE (step & 4294967295) = 2"),
            ("a one-item step cut short", "UPDATE page_history SET edit = X'01020304' WHERE (step & 4294967295) = 2"),
            ("a one-item step past any page", "UPDATE page_history SET edit = substr(edit, 1, 17) || X'FFFFFFFF' WHERE (step & 4294967295) = 2"),
            ("an undone step below a done one", "UPDATE page_history SET undone = 1 WHERE (step & 4294967295) = 1"),
            ("damaged ink in a kept value", "UPDATE page_history SET edit = '{\"remove\":[{\"at\":0,\"item\":{\"id\":\"a\",\"kind\":\"stroke\",\"samples\":\"AAAA\",\"style\":{}}}]}' WHERE (step & 4294967295) = 2"),
            ("a number that is not one", "UPDATE page_history SET edit = '{\"reorder\":{\"id\":\"a\",\"from\":NaN,\"to\":1}}' WHERE (step & 4294967295) = 2"),
            ("far too many steps", "INSERT INTO page_history(step, undone, label, edit, blobs, stamp) SELECT step + value, 0, label, edit, blobs, stamp FROM page_history, generate_series(10, 2100) WHERE (step & 4294967295) = 2"),
            ("a page numbered past any notebook", "UPDATE page SET history_slot = 1 << 40"),
            ("a page numbered with text", "UPDATE page SET history_slot = 'one'"),
        ]
        for (what, damage) in damages {
            try? FileManager.default.removeItem(atPath: path)
            var store = try NotebookStore.create(at: path, title: "D")
            let id = try store.pageIDs()[0]
            var editor = try Editor(store, page: id)
            try editor.apply(editor.page.adding(Ink.stroke(.pen, seed: 1)))
            try editor.apply(editor.page.adding(Ink.stroke(.pen, seed: 2)))
            let items = editor.page
            try store.close()
            let database = try DatabaseQueue(path: path)
            do {
                try database.write { try $0.execute(sql: damage) }
            } catch {
                // generate_series is an extension some SQLite builds lack: that damage is made by hand.
                try database.write { db in
                    for k in 10...2_100 {
                        try db.execute(sql: "INSERT INTO page_history(step, undone, label, edit, blobs, stamp) SELECT step - 2 + \(k), 0, label, edit, blobs, stamp FROM page_history WHERE (step & 4294967295) = 2")
                    }
                }
            }
            try database.close()
            let before = try XCTUnwrap(bytes(of: path))

            store = try NotebookStore(openingAt: path)
            let page = try store.loadPage(id)
            XCTAssertEqual(page, Ink.stored(items), what)
            XCTAssertThrowsError(try store.history(of: page), what) { error in
                guard case let .corrupt(file, reason) = error as? NotebookFileError else { return XCTFail("\(what): \(error)") }
                XCTAssertEqual(file, path, what)
                XCTAssertTrue(reason.contains("undo history of page \(id)"), "\(what): \(reason)")
            }
            try store.database.read { _ in }
            XCTAssertEqual(bytes(of: path), before, "\(what): reading wrote nothing")
            // The page's next edit starts its history afresh, and that history reads.
            let edit = page.adding(Ink.stroke(.pen, seed: 3))
            try store.apply(edit, to: id, history: .record(label: nil, afresh: true))
            let fresh = try store.history(of: try store.loadPage(id))
            XCTAssertEqual(fresh.done.count, 1, what)
            XCTAssertFalse(fresh.canRedo, what)
            try store.close()
        }
    }

    /// A v1 notebook's pages start, once, with their items as if just added; from then on the stored
    /// history rules (an undo after reopening removes the item undo reached, not the new top one).
    func testAnOlderNotebooksPagesStartWithTheirItemsAsIfJustAdded() throws {
        let path = folder + "/v1.quire"
        try FileManager.default.copyItem(atPath: NotebookV1Fixture.path, toPath: path)
        var store = try NotebookStore(openingAt: path)
        let id = NotebookV1Fixture.firstPage
        var editor = try Editor(store, page: id)
        let count = editor.page.items.count
        XCTAssertGreaterThan(count, 1)
        XCTAssertEqual(editor.history.done.count, count)
        XCTAssertEqual(editor.history.done.last?.label, "stroke")
        let top = editor.page.items.last!.id
        XCTAssertEqual(try editor.undo(), "stroke")
        XCTAssertNil(editor.page.index(of: top))
        try store.close()
        store = try NotebookStore(openingAt: path)
        editor = try Editor(store, page: id)
        XCTAssertEqual(editor.history.done.count, count - 1)
        XCTAssertEqual(editor.history.undone.count, 1)
        XCTAssertNotNil(try editor.redo())
        XCTAssertEqual(editor.page.items.last?.id, top)
        try store.close()
    }
}
