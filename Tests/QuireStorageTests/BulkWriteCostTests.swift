import Foundation
import GRDB
import GRDBSQLite
import QuireDocument
import QuireGeometry
import QuireInk
@testable import QuireStorage
import XCTest

/// A bulk write (a notebook created with many strokes, a big page inserted) costs each stroke its own
/// row and no more: a style is looked up once a transaction, not once a stroke, and one commit hook
/// serves the whole transaction (a hook per stroke made such writes quadratic). Counted through
/// SQLite's statement trace, not timed.
final class BulkWriteCostTests: StorageTestCase {
    private final class StatementLog {
        var statements: [String] = []
    }

    private func statements(of store: NotebookStore, during body: () throws -> Void) throws -> [String] {
        let log = StatementLog()
        let context = Unmanaged.passUnretained(log).toOpaque()
        store.database.inDatabase { db in
            sqlite3_trace_v2(db.sqliteConnection, UInt32(SQLITE_TRACE_STMT), { _, context, statement, _ in
                let log = Unmanaged<StatementLog>.fromOpaque(context!).takeUnretainedValue()
                log.statements.append(sqlite3_sql(OpaquePointer(statement)).map { String(cString: $0) } ?? "")
                return 0
            }, context)
        }
        defer { store.database.inDatabase { db in _ = sqlite3_trace_v2(db.sqliteConnection, 0, nil, nil) } }
        try body()
        return log.statements
    }

    func testInsertingAPageOfManyStrokesLooksUpEachStyleOnce() throws {
        let store = try NotebookStore.create(at: folder + "/bulk.quire", title: "Bulk")
        defer { try? store.close() }
        let colors: [StrokeColor] = [.rgb(.black), .rgb(InkColor(red: 1, green: 0, blue: 0))]
        let page = Page(strokes: (0..<600).map { Ink.stroke(.pen, count: 4, seed: Double($0), color: colors[$0 % 2]) })
        let log = try statements(of: store) { try store.insertPage(page) }
        let styleStatements = log.filter { $0.contains("style(json)") || $0.contains("FROM style") }
        XCTAssertEqual(styleStatements.count, 4, "two styles, each inserted and read once: \(styleStatements.prefix(6))")
        XCTAssertEqual(store.styleIDs.rememberedCount, 2, "remembered once the transaction committed")
        XCTAssertEqual(try store.loadPage(page.id), Ink.stored(page))
        // Committed ids serve later transactions without a lookup.
        let later = try statements(of: store) { try store.append(Ink.stroke(seed: 9, color: colors[1]), to: page.id) }
        XCTAssertFalse(later.contains { $0.contains("style(json)") || $0.contains("FROM style") }, "\(later)")
    }

    /// Ids found in a transaction that rolls back are never remembered: they may name no row.
    func testAStyleFoundInATransactionThatRollsBackIsNotRemembered() throws {
        let page = Page(strokes: [Ink.stroke(seed: 1)])
        let store = try NotebookStore.create(at: folder + "/rollback.quire", title: "Rollback", pages: [page])
        defer { try? store.close() }
        let blue = StrokeColor.rgb(InkColor(red: 0, green: 0, blue: 1))
        let stroke = PageItem(.stroke(Ink.stroke(seed: 2, color: blue)))
        let before = store.styleIDs.rememberedCount
        // The second step does not fit (the same id twice): the whole edit rolls back.
        XCTAssertThrowsError(try store.apply(.insert([PlacedItem(stroke, at: 1), PlacedItem(stroke, at: 2)]), to: page.id))
        XCTAssertEqual(store.styleIDs.rememberedCount, before)
        // The style is looked up again, stored, and the stroke reads back in it.
        let again = Ink.stroke(seed: 3, color: blue)
        try store.append(again, to: page.id)
        XCTAssertEqual(try store.loadPage(page.id).strokes.last, Ink.stored(again))
        XCTAssertEqual(store.styleIDs.rememberedCount, before + 1)
    }
}
