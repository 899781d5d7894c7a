import Foundation
import GRDB
import QuireDocument
import QuireInk
@testable import QuireStorage
import XCTest

/// A real schema-1 file (`Fixtures/notebook-v1.quire`, written by the schema-1 store) opens, migrates to
/// schema 2 keeping every stroke sample for sample, and a migration that fails leaves it at version 1.
final class SchemaV2MigrationTests: StorageTestCase {
    private func fixtureCopy() throws -> String {
        let path = folder + "/v1.quire"
        try FileManager.default.copyItem(atPath: NotebookV1Fixture.path, toPath: path)
        return path
    }

    private func version(_ path: String) throws -> Int {
        let raw = try DatabaseQueue(path: path, configuration: { var c = Configuration(); c.readonly = true; return c }())
        defer { try? raw.close() }
        return try raw.read { try Int.fetchOne($0, sql: "PRAGMA user_version") ?? -1 }
    }

    /// `PRAGMA user_version` read from the file's header bytes (offset 60, big-endian) without SQLite,
    /// which would leave -shm and -wal files beside a fixture in the source tree.
    private func headerVersion(_ path: String) throws -> Int {
        let header = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(64))
        XCTAssertEqual(header.count, 64)
        return header[60..<64].reduce(0) { $0 << 8 | Int($1) }
    }

    private func assertHoldsTheFixture(_ store: NotebookStore, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try store.title, NotebookV1Fixture.title, file: file, line: line)
        XCTAssertEqual(try store.pageIDs(), [NotebookV1Fixture.firstPage, NotebookV1Fixture.secondPage], file: file, line: line)
        for expected in NotebookV1Fixture.pages {
            let page = try store.loadPage(expected.id)
            XCTAssertEqual(page.size, expected.size, file: file, line: line)
            XCTAssertEqual(page.background, expected.background, file: file, line: line)
            XCTAssertTrue(page.strokes == expected.strokes.map(Ink.stored), "strokes differ on \(expected.id)", file: file, line: line)
            XCTAssertEqual(page.items.count, expected.items.count, file: file, line: line)
            XCTAssertEqual(Set(page.items.map(\.id)).count, page.items.count, "every item has its own id", file: file, line: line)
        }
        XCTAssertEqual(try store.view(), NotebookV1Fixture.view, file: file, line: line)
        XCTAssertEqual(try store.thumbnail(of: NotebookV1Fixture.firstPage)?.png, NotebookV1Fixture.firstThumbnail, file: file, line: line)
        XCTAssertEqual(try store.thumbnail(of: NotebookV1Fixture.firstPage)?.isCurrent, true, file: file, line: line)
        XCTAssertEqual(try store.thumbnail(of: NotebookV1Fixture.secondPage)?.png, NotebookV1Fixture.secondThumbnail, file: file, line: line)
        XCTAssertEqual(try store.thumbnail(of: NotebookV1Fixture.secondPage)?.isCurrent, false, file: file, line: line)
        let summary = try store.summary()
        XCTAssertEqual(summary.pages.map(\.strokeCount), [NotebookV1Fixture.firstStrokes.count, NotebookV1Fixture.secondStrokes.count],
                       file: file, line: line)
    }

    func testTheV1FixtureMigratesKeepingEveryStrokeSampleForSample() throws {
        XCTAssertEqual(try headerVersion(NotebookV1Fixture.path), 1, "the fixture is a schema-1 file")
        let path = try fixtureCopy()
        let store = try NotebookStore(openingAt: path)
        XCTAssertEqual(store.schemaVersion, NotebookSchema.currentVersion)
        try assertHoldsTheFixture(store)
        let ids = try store.loadPage(NotebookV1Fixture.firstPage).items.map(\.id)
        XCTAssertEqual(ids[0], SchemaV1Rows.itemID(page: NotebookV1Fixture.firstPage, seq: 1))
        // The migrated file takes edits: an eraser stroke in the middle, then its removal.
        let page = try store.loadPage(NotebookV1Fixture.firstPage)
        let inserted = try XCTUnwrap(page.inserting([.stroke(Ink.stroke(.eraser, seed: 7))], at: 3))
        try store.apply(inserted, to: page.id)
        try store.apply(inserted.inverse, to: page.id)
        XCTAssertEqual(try store.loadPage(page.id), page)
        XCTAssertEqual(try store.thumbnail(of: page.id)?.isCurrent, true, "an edit and its undo give the page back as it was")
        try store.close()
        XCTAssertEqual(try version(path), NotebookSchema.currentVersion)
        let tables = try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") }
        XCTAssertEqual(tables, ["blob", "item", "notebook", "notebook_step", "page", "page_history", "style", "thumbnail"])

        // A second open finds nothing to do and changes nothing.
        let before = try XCTUnwrap(bytes(of: path))
        let again = try NotebookStore(openingAt: path)
        try assertHoldsTheFixture(again)
        XCTAssertEqual(try again.loadPage(NotebookV1Fixture.firstPage).items.map(\.id), ids, "ids are kept, not made anew")
        try again.close()
        XCTAssertEqual(bytes(of: path), before)
    }

    func testAMigrationThatFailsHalfWayLeavesTheV1FileAsItWas() throws {
        let path = try fixtureCopy()
        struct Interrupted: Error {}
        let raw = try DatabaseQueue(path: path)
        // The real step 2, then a failure before its transaction commits: a crash at the worst moment.
        let interrupted: NotebookSchema.Migration = { db in
            try SchemaV2Migration.migrate(db)
            throw Interrupted()
        }
        let steps = [NotebookSchema.migrations[0], interrupted]
        XCTAssertThrowsError(try raw.writeWithoutTransaction { try NotebookSchema.migrate($0, from: 1, steps: steps) }) {
            XCTAssertTrue($0 is Interrupted, "\($0)")
        }
        try raw.read { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA user_version"), 1)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT count(*) FROM stroke"),
                           NotebookV1Fixture.firstStrokes.count + NotebookV1Fixture.secondStrokes.count)
            XCTAssertFalse(try db.tableExists("item"))
            XCTAssertTrue(try db.tableExists("scrap"))
        }
        try raw.close()
        // And the real migration still runs from there.
        let store = try NotebookStore(openingAt: path)
        try assertHoldsTheFixture(store)
        try store.close()
    }

    func testAV1FileOpenedReadOnlyIsReadAsItIsAndNotMigrated() throws {
        let path = try fixtureCopy()
        let before = try XCTUnwrap(bytes(of: path))
        let store = try NotebookStore(openingAt: path, readOnly: true)
        XCTAssertEqual(store.schemaVersion, 1)
        try assertHoldsTheFixture(store)
        XCTAssertEqual(try store.loadPage(NotebookV1Fixture.firstPage).items.first?.id,
                       SchemaV1Rows.itemID(page: NotebookV1Fixture.firstPage, seq: 1), "the ids the migration will give")
        XCTAssertThrowsError(try store.append(Ink.stroke(), to: NotebookV1Fixture.firstPage)) {
            guard case .readOnly = $0 as? NotebookFileError else { return XCTFail("\($0)") }
        }
        try store.close()
        XCTAssertEqual(bytes(of: path), before)
        XCTAssertEqual(try version(path), 1)
    }

    func testAV1FileAnotherProcessHoldsIsReadWithoutMigrating() throws {
        let path = try fixtureCopy()
        let lock = try XCTUnwrap(NotebookLock(notebookPath: path), "stands in for another Quire holding the file")
        let store = try NotebookStore(openingAt: path)
        XCTAssertNotNil(store.readOnlyReason)
        XCTAssertEqual(store.schemaVersion, 1)
        try assertHoldsTheFixture(store)
        try store.close()
        XCTAssertEqual(try version(path), 1)
        _ = lock
    }
}
