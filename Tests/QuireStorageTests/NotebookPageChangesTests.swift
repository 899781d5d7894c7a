import Foundation
import GRDB
import QuireDocument
import QuireGeometry
import QuireInk
@testable import QuireStorage
import XCTest

/// A notebook's page changes are steps of its stored history: a page deleted goes to the trash and
/// comes back with undo, items and own history and all; a step no longer kept takes its trashed page
/// with it; damage in the rows is refused by name.
final class NotebookPageChangesTests: StorageTestCase {
    private var path: String { folder + "/P.quire" }

    private func trashedCount(_ store: NotebookStore) throws -> Int {
        try store.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM page WHERE trashed = 1") ?? -1 }
    }

    /// What the session does: the change applied to the list, recorded, saved.
    private func change(_ store: NotebookStore, _ history: inout NotebookHistory, _ edit: NotebookEdit, inserting pages: [Page] = []) throws {
        let stamp = Int64(history.done.count + 1)
        try store.apply(edit, history: .record(label: nil, stamp: stamp), inserting: pages)
        history.record(edit, stamp: stamp)
    }

    private func undo(_ store: NotebookStore, _ history: inout NotebookHistory) throws {
        let (edit, kept) = try XCTUnwrap(history.nextUndo(stamp: 99))
        try store.apply(edit, history: .undo(kept: kept))
        history.commit(undo: true, kept: kept)
    }

    private func redo(_ store: NotebookStore, _ history: inout NotebookHistory) throws {
        let (edit, kept) = try XCTUnwrap(history.nextRedo(stamp: 100))
        try store.apply(edit, history: .redo(kept: kept))
        history.commit(undo: false, kept: kept)
    }

    func testADeletedPageComesBackWithItsItemsAndItsOwnHistory() throws {
        var store = try NotebookStore.create(at: path, title: "P", pages: [Page(), Page(), Page()])
        let ids = try store.pageIDs()
        // The middle page gets two strokes, its own history two steps.
        var page = try store.loadPage(ids[1])
        for seed in [1.0, 2] {
            let edit = page.adding(Ink.stroke(.pen, seed: seed))
            try page.apply(edit)
            try store.apply(edit, to: page.id)
        }
        var history = try store.notebookHistory()
        try change(store, &history, .pageOut(ids[1], from: 1))
        XCTAssertEqual(try store.pageIDs(), [ids[0], ids[2]])
        XCTAssertEqual(try store.summary().pages.map(\.id), [ids[0], ids[2]], "a trashed page is in no list")
        XCTAssertEqual(try trashedCount(store), 1)
        try store.close()

        store = try NotebookStore(openingAt: path)
        history = try store.notebookHistory()
        XCTAssertEqual(history.done.map(\.label), ["page 2 deleted"])
        try undo(store, &history)
        XCTAssertEqual(try store.pageIDs(), ids, "back in its place")
        let back = try store.loadPage(ids[1])
        XCTAssertEqual(back, Ink.stored(page))
        XCTAssertEqual(try store.history(of: back).done.count, 2, "with its own history")
        try redo(store, &history)
        XCTAssertEqual(try store.pageIDs(), [ids[0], ids[2]])
        try undo(store, &history)
        // A new page change ends the redo history; the page it could have taken out again stays.
        try change(store, &history, .pageMoved(ids[0], from: 0, to: 2))
        XCTAssertEqual(try store.pageIDs(), [ids[1], ids[2], ids[0]])
        XCTAssertEqual(try store.notebookHistoryDepth().undo, 1)
        XCTAssertEqual(try store.notebookHistoryDepth().redo, 0)
        try undo(store, &history)
        XCTAssertEqual(try store.pageIDs(), ids)
        try store.close()
    }

    func testAPageAddedAndUndoneIsDeletedForGoodOnceNoStepCanBringItBack() throws {
        let store = try NotebookStore.create(at: path, title: "P", pages: [Page()])
        defer { try? store.close() }
        let first = try store.pageIDs()[0]
        var history = NotebookHistory()
        let added = Page()
        try change(store, &history, .pageIn(added.id, at: 1), inserting: [added])
        XCTAssertEqual(try store.pageIDs(), [first, added.id])
        try undo(store, &history)
        XCTAssertEqual(try store.pageIDs(), [first])
        XCTAssertEqual(try trashedCount(store), 1, "kept for redo")
        // A stroke on the first page ends the redo of page changes: the added page goes for good.
        let edit = try store.loadPage(first).adding(Ink.stroke(.pen))
        try store.apply(edit, to: first)
        XCTAssertEqual(try trashedCount(store), 0)
        XCTAssertEqual(try store.notebookHistoryDepth().redo, 0)
        XCTAssertThrowsError(try store.loadPage(added.id))
    }

    func testImportedPagesAreOneStep() throws {
        let store = try NotebookStore.create(at: path, title: "P", pages: [Page()])
        defer { try? store.close() }
        let first = try store.pageIDs()[0]
        let pages = (0..<4).map { _ in Page() }
        try store.insertPages(pages, at: 0, storing: [], history: .record(label: "4 PDF pages added", stamp: 1))
        var history = try store.notebookHistory()
        XCTAssertEqual(history.done.map(\.label), ["4 PDF pages added"])
        XCTAssertEqual(try store.pageIDs(), pages.map(\.id) + [first])
        try undo(store, &history)
        XCTAssertEqual(try store.pageIDs(), [first])
        try redo(store, &history)
        XCTAssertEqual(try store.pageIDs(), pages.map(\.id) + [first])
    }

    func testAChangeThatDoesNotFitIsRefusedAndChangesNothing() throws {
        let store = try NotebookStore.create(at: path, title: "P", pages: [Page(), Page()])
        defer { try? store.close() }
        let ids = try store.pageIDs()
        XCTAssertThrowsError(try store.apply(.combined([.pageMoved(ids[0], from: 0, to: 1), .pageOut(ids[0], from: 0)]),
                                             history: .record(label: nil, stamp: 1))) { error in
            guard case .editRefused? = error as? NotebookFileError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try store.pageIDs(), ids)
        XCTAssertEqual(try store.notebookHistoryDepth().undo, 0)
        XCTAssertThrowsError(try store.apply(.pageOut(ids[0], from: 0), history: .undo(kept: NotebookStep(label: "x", edit: .pageIn(ids[0], at: 0)))))
        XCTAssertEqual(try store.pageIDs(), ids)
    }

    func testDamagedStepsAreRefusedByNameAndThePagesStillRead() throws {
        for damage in ["UPDATE notebook_step SET edit = '{\"in\":{\"page\":\"x\",\"at\":-4}}'",
                       "UPDATE notebook_step SET edit = 'not json'",
                       "UPDATE notebook_step SET seq = 7",
                       "UPDATE notebook_step SET undone = 5"] {
            try? FileManager.default.removeItem(atPath: path)
            var store = try NotebookStore.create(at: path, title: "P", pages: [Page(), Page()])
            let ids = try store.pageIDs()
            var history = NotebookHistory()
            try change(store, &history, .pageMoved(ids[0], from: 0, to: 1))
            try change(store, &history, .pageMoved(ids[0], from: 1, to: 0))
            try store.close()
            let database = try DatabaseQueue(path: path)
            try database.write { try $0.execute(sql: damage + " WHERE seq = 1") }
            try database.close()
            store = try NotebookStore(openingAt: path)
            XCTAssertThrowsError(try store.notebookHistory(), damage) { error in
                guard case let .corrupt(file, reason) = error as? NotebookFileError else { return XCTFail("\(error)") }
                XCTAssertEqual(file, self.path)
                XCTAssertTrue(reason.contains("page changes"), reason)
            }
            XCTAssertEqual(try store.pageIDs(), ids, damage)
            // The next change starts the history afresh, and it reads.
            try store.apply(.pageMoved(ids[0], from: 0, to: 1), history: .record(label: nil, stamp: 5, afresh: true))
            XCTAssertEqual(try store.notebookHistory().done.count, 1, damage)
            try store.close()
        }
    }

    func testAPaperChangeIsAStepThatUndoAndRedoWalkAcrossAReopen() throws {
        var store = try NotebookStore.create(at: path, title: "P", pages: [Page(), Page()])
        let ids = try store.pageIDs()
        var page = try store.loadPage(ids[1])
        let edit = page.adding(Ink.stroke(.pen, seed: 1))
        try page.apply(edit)
        try store.apply(edit, to: page.id)
        let blank = try store.paper(of: ids[1])
        var history = try store.notebookHistory()
        try change(store, &history, .paperChanged(ids[1], from: blank, to: blank.withNextPattern))
        try change(store, &history, .paperChanged(ids[1], from: blank.withNextPattern, to: blank.withNextPattern.turned))
        try store.close()

        store = try NotebookStore(openingAt: path)
        defer { try? store.close() }
        history = try store.notebookHistory()
        XCTAssertEqual(history.done.map(\.label), ["paper: ruled", "paper turned landscape"])
        let turned = try store.loadPage(ids[1])
        XCTAssertEqual(turned.background.pattern, .ruled)
        XCTAssertEqual(turned.size, PageSize(width: PageSize.letter.height, height: PageSize.letter.width))
        XCTAssertEqual(turned.items.map(\.id), page.items.map(\.id), "the ink stays as it was")
        XCTAssertEqual(try store.summary().pages[1].size.orientation, .landscape)
        try undo(store, &history)
        XCTAssertEqual(try store.paper(of: ids[1]), blank.withNextPattern)
        try undo(store, &history)
        XCTAssertEqual(try store.paper(of: ids[1]), blank)
        XCTAssertEqual(try store.paper(of: ids[0]), blank, "the other page is untouched")
        try redo(store, &history)
        XCTAssertEqual(try store.loadPage(ids[1]).paper, blank.withNextPattern)
        XCTAssertEqual(try store.notebookHistoryDepth().undo, 1)
        XCTAssertEqual(try store.notebookHistoryDepth().redo, 1)
    }

    func testAPaperChangeMadeForOtherPaperIsRefusedAndChangesNothing() throws {
        let store = try NotebookStore.create(at: path, title: "P", pages: [Page(), Page()])
        defer { try? store.close() }
        let ids = try store.pageIDs()
        let blank = try store.paper(of: ids[0])
        let dotted = PagePaper(size: .a4, background: PageBackground(pattern: .dotted))
        XCTAssertThrowsError(try store.apply(.paperChanged(ids[0], from: dotted, to: blank.turned),
                                             history: .record(label: nil, stamp: 1))) { error in
            guard case let .editRefused(_, _, reason)? = error as? NotebookFileError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("other paper"), reason)
        }
        XCTAssertThrowsError(try store.apply(.paperChanged(PageID(), from: blank, to: blank.turned),
                                             history: .record(label: nil, stamp: 1)))
        XCTAssertEqual(try store.paper(of: ids[0]), blank)
        XCTAssertEqual(try store.notebookHistoryDepth().undo, 0)
    }

    func testStoredPaperThatCannotBeUsedIsRefusedByName() throws {
        let store = try NotebookStore.create(at: path, title: "P", pages: [Page()])
        let id = try store.pageIDs()[0]
        let blank = try store.paper(of: id)
        try store.apply(.paperChanged(id, from: blank, to: blank.withNextPattern), history: .record(label: nil, stamp: 1))
        try store.close()
        let json = try DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "SELECT edit FROM notebook_step") ?? "" }
        XCTAssertTrue(json.contains("\"paper\""), json)
        for (damage, say) in [("\"width\":816", "\"width\":1e9"), ("\"spacing\":32", "\"spacing\":0"), ("\"height\":1056", "\"height\":-1")] {
            XCTAssertTrue(json.contains(damage), damage)
            let database = try DatabaseQueue(path: path)
            try database.write { try $0.execute(sql: "UPDATE notebook_step SET edit = ?", arguments: [json.replacingOccurrences(of: damage, with: say)]) }
            try database.close()
            let reopened = try NotebookStore(openingAt: path)
            XCTAssertThrowsError(try reopened.notebookHistory(), say) { error in
                guard case let .corrupt(file, reason) = error as? NotebookFileError else { return XCTFail("\(error)") }
                XCTAssertEqual(file, self.path)
                XCTAssertTrue(reason.contains("not usable"), reason)
            }
            XCTAssertEqual(try reopened.paper(of: id), blank.withNextPattern, "the page still reads")
            try reopened.close()
        }
    }
}
