import Foundation
import GRDB
import GRDBSQLite
import QuireDocument
import QuireGeometry
import QuireInk
@testable import QuireStorage
import XCTest

/// What one edit costs the file: the statements it runs and the rows SQLite steps through, counted
/// (not timed) through SQLite's own profile hook, are the same on a page of 2,000 strokes as on a page
/// of 10. An edit reads the page's order once; after that it costs what it writes.
final class StoreEditCostTests: StorageTestCase {
    /// Per statement run: its SQL and its virtual-machine steps (`SQLITE_STMTSTATUS_VM_STEP`), which
    /// grow with every row a statement visits.
    private final class Meter {
        var statements: [String] = []
        var steps: [Int32] = []
        func clear() { statements = []; steps = [] }
    }

    private func measure(_ store: NotebookStore, _ meter: Meter, _ body: () throws -> Void) throws {
        let context = Unmanaged.passUnretained(meter).toOpaque()
        store.database.inDatabase { db in
            sqlite3_trace_v2(db.sqliteConnection, UInt32(SQLITE_TRACE_PROFILE), { _, context, statement, _ in
                let meter = Unmanaged<Meter>.fromOpaque(context!).takeUnretainedValue()
                let statement = OpaquePointer(statement)
                // Reset as it is read: a cached statement's count would otherwise carry its earlier runs.
                meter.steps.append(sqlite3_stmt_status(statement, Int32(SQLITE_STMTSTATUS_VM_STEP), 1))
                meter.statements.append(sqlite3_sql(statement).map { String(cString: $0) } ?? "")
                return 0
            }, context)
        }
        defer { store.database.inDatabase { db in _ = sqlite3_trace_v2(db.sqliteConnection, 0, nil, nil) } }
        try body()
    }

    private struct Cost: Equatable {
        var statements: [String]
        var steps: Int32
    }

    /// The cost of appending a stroke to `page` (holding `count` items), then of removing it again.
    private func appendAndRemoveCost(_ store: NotebookStore, page: PageID, count: Int) throws -> (append: Cost, remove: Cost) {
        let meter = Meter()
        var costs: [Cost] = []
        try measure(store, meter) {
            // A first append reads the page's order (once a session) and resets the statements' counters.
            try store.append(Ink.stroke(.pen, count: 6, seed: 1), to: page)
            let insert = PageEdit.insert([PlacedItem(.stroke(Ink.stroke(.pen, count: 6, seed: 2)), at: count + 1)])
            for edit in [insert, insert.inverse] {
                meter.clear()
                try store.apply(edit, to: page)
                costs.append(Cost(statements: meter.statements, steps: meter.steps.reduce(0, +)))
            }
        }
        return (costs[0], costs[1])
    }

    func testAppendingAndRemovingTheTopStrokeCostsTheSameOnABigPageAsOnASmallOne() throws {
        let big = Page(strokes: (0..<2_000).map { Ink.stroke(.pen, count: 4, seed: Double($0)) })
        let small = Page(strokes: (0..<10).map { Ink.stroke(.pen, count: 4, seed: Double($0)) })
        let store = try NotebookStore.create(at: folder + "/cost.quire", title: "Cost", pages: [big, small])
        defer { try? store.close() }

        let onBig = try appendAndRemoveCost(store, page: big.id, count: 2_000)
        let onSmall = try appendAndRemoveCost(store, page: small.id, count: 10)
        XCTAssertEqual(onBig.append, onSmall.append, "an append costs the page, not the stroke")
        XCTAssertEqual(onBig.remove, onSmall.remove, "removing the top stroke costs the page, not the stroke")
        XCTAssertFalse(onBig.append.statements.isEmpty)
        // About 100 for the item row, the page's history step beside it (one more row) a few.
        XCTAssertLessThan(onBig.append.steps, 110, "\(onBig.append)")
        for statement in onBig.append.statements + onBig.remove.statements {
            XCTAssertFalse(statement.contains("SELECT") && statement.contains("FROM item") && !statement.contains("parent = ?"),
                           "reads the page's rows: \(statement)")
        }
        XCTAssertEqual(try store.loadPage(big.id).items.count, 2_001)
        XCTAssertEqual(try store.loadPage(small.id).items.count, 11)
    }

    /// A page prepared for edits (as the app does when it shows one) has its first append cost what
    /// later ones do: no statement reads the page's rows.
    func testAPreparedPagesFirstAppendDoesNotReadThePage() throws {
        let big = Page(strokes: (0..<500).map { Ink.stroke(.pen, count: 4, seed: Double($0)) })
        let store = try NotebookStore.create(at: folder + "/prepared.quire", title: "Prepared", pages: [big])
        defer { try? store.close() }
        try store.prepareEdits(of: big.id)
        try store.prepareEdits(of: big.id)   // a second time changes nothing
        let meter = Meter()
        try measure(store, meter) { try store.append(Ink.stroke(.pen, count: 6, seed: 1), to: big.id) }
        for statement in meter.statements {
            XCTAssertFalse(statement.contains("FROM item") && statement.contains("ORDER BY parent, position"),
                           "the first append read the page: \(statement)")
        }
        XCTAssertFalse(meter.statements.isEmpty)
        XCTAssertEqual(try store.loadPage(big.id).items.count, 501)
        XCTAssertThrowsError(try store.prepareEdits(of: PageID())) { error in
            guard case NotebookFileError.noSuchPage = error else { return XCTFail("\(error)") }
        }
    }

    /// The order an edit keeps is the committed one: an edit that fails (here, one that does not fit)
    /// leaves nothing kept, and edits from before and after it agree with a fresh read of the file.
    func testAFailedEditDropsTheKeptOrder() throws {
        let page = Page(strokes: [Ink.stroke(seed: 1)])
        let store = try NotebookStore.create(at: folder + "/kept.quire", title: "Kept", pages: [page])
        defer { try? store.close() }
        let first = try store.append(Ink.stroke(seed: 2), to: page.id)
        XCTAssertEqual(store.orders.count, 1)
        let stroke = PageItem(.stroke(Ink.stroke(seed: 3)))
        XCTAssertThrowsError(try store.apply(.insert([PlacedItem(stroke, at: 2), PlacedItem(stroke, at: 3)]), to: page.id))
        XCTAssertEqual(store.orders.count, 0, "an edit that rolled back keeps no order")
        try store.apply(.insert([PlacedItem(stroke, at: 1)]), to: page.id)
        XCTAssertEqual(try store.loadPage(page.id).items.map(\.id), [page.items[0].id, stroke.id, first])
        // Deleting the page forgets it; an edit to it then finds no page.
        try store.deletePage(page.id)
        XCTAssertThrowsError(try store.append(Ink.stroke(seed: 4), to: page.id)) { error in
            XCTAssertEqual(error as? NotebookFileError, .noSuchPage(path: store.path, page: page.id.rawValue))
        }
    }

    /// A sample `PackedSamples` cannot read back (NaN, infinite, beyond Float32) is refused before
    /// anything is written, so it can never make the page unopenable.
    func testASampleThatIsNotAFiniteNumberIsRefusedAndNothingIsWritten() throws {
        let page = Page(strokes: [Ink.stroke(seed: 1)])
        let path = folder + "/finite.quire"
        let store = try NotebookStore.create(at: path, title: "Finite", pages: [page])
        defer { try? store.close() }
        let version = try store.inkVersion(of: page.id)
        for bad in [Point(.nan, 3), Point(4, .infinity), Point(1e300, 0)] {
            var stroke = Ink.stroke(seed: 2)
            stroke.samples[5].position = bad
            XCTAssertThrowsError(try store.append(stroke, to: page.id)) { error in
                guard case let .editRefused(errorPath, pageID, reason) = error as? NotebookFileError else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual(errorPath, path)
                XCTAssertEqual(pageID, page.id.rawValue)
                XCTAssertTrue(reason.contains("sample 5"), reason)
            }
        }
        var late = Ink.stroke(seed: 3)
        late.samples[2].time = .infinity
        XCTAssertThrowsError(try store.apply(.insert([PlacedItem(.stroke(late), at: 0)]), to: page.id))
        XCTAssertEqual(try store.inkVersion(of: page.id), version, "nothing was written")
        XCTAssertEqual(try store.loadPage(page.id), Ink.stored(page))
        // The page still takes good ink.
        try store.append(Ink.stroke(seed: 4), to: page.id)
        XCTAssertEqual(try store.loadPage(page.id).items.count, 2)
    }

    /// A v1 notebook duplicated from its read-only view is a migrated schema-2 notebook, every stroke there.
    func testDuplicatingAVersion1NotebookGivesAMigratedCopy() throws {
        let library = NotebookLibrary(directory: folder)
        let original = folder + "/old.quire"
        try FileManager.default.copyItem(atPath: NotebookV1Fixture.path, toPath: original)
        let copy = try library.duplicate(original, title: "Old copy")
        defer { try? copy.close() }
        XCTAssertEqual(copy.schemaVersion, NotebookSchema.currentVersion)
        XCTAssertEqual(try copy.title, "Old copy")
        for expected in NotebookV1Fixture.pages {
            XCTAssertTrue(try copy.loadPage(expected.id).strokes == expected.strokes.map(Ink.stored))
        }
        try copy.append(Ink.stroke(seed: 1), to: NotebookV1Fixture.firstPage)
        let source = try NotebookStore(openingAt: original, readOnly: true)
        defer { try? source.close() }
        XCTAssertEqual(source.schemaVersion, 1, "the original is left as it was")
        XCTAssertNotEqual(try copy.notebookID, try source.notebookID)
    }

    /// A read that fails says it could not read, not that it could not save.
    func testAFailedReadIsNotReportedAsAFailedSave() throws {
        let store = try NotebookStore.create(at: folder + "/read.quire", title: "Read")
        defer { try? store.close() }
        XCTAssertThrowsError(try store.read { db in try Row.fetchAll(db, sql: "SELECT * FROM no_such_table") }) { error in
            guard case let .readFailed(path, reason) = error as? NotebookFileError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, store.path)
            XCTAssertTrue(reason.contains("no_such_table"), reason)
            XCTAssertTrue("\(error)".hasPrefix("could not read \(store.path)"), "\(error)")
        }
    }
}
