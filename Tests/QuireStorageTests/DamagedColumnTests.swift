import Foundation
import GRDB
import QuireDocument
import QuireGeometry
@testable import QuireStorage
import XCTest

/// Every column of every table, set to a value of the wrong kind (text, a blob, NULL, a huge number, a
/// negative one, infinity), in a real schema-2 notebook and in the schema-1 fixture (read as it is, and
/// migrated): opening and reading everything either works or throws a `NotebookFileError` naming the
/// file. Before rows were read through `StoredRow`, `page.width = 'abc'` trapped in GRDB ("could not
/// decode Double"), which killed this whole test process; so does any trap this sweep finds.
final class DamagedColumnTests: StorageTestCase {
    /// SQL literals of every wrong kind: text, a blob, NULL, huge, negative, infinite, fractional, and the
    /// largest and smallest integers (one more would overflow).
    static let badValues = ["'abc'", "x'00ff10'", "NULL", "1e308", "-5", "9e999", "0.5", "9223372036854775807",
                            "-9223372036854775808"]

    /// How many damaged files were actually made and read (values a constraint refuses make none).
    private var cases = 0

    /// A notebook with strokes on two pages, a scrap showing a PNG (a blob) with ink of its own, a style
    /// per tool, a thumbnail and a saved view: a row in every table.
    private func makeV2Notebook() throws -> String {
        let path = folder + "/pristine-v2.quire"
        let store = try NotebookStore.create(at: path, title: "Sweep", pages: [
            Page(strokes: [Ink.stroke(.pen, seed: 1), Ink.stroke(.highlighter, seed: 2)]),
        ])
        let photo = try store.storeBlob(Scene.photo, kind: .png)
        try store.insertPage(Page(items: [.stroke(Ink.stroke(.marker, seed: 3)), Scene.scrap(showing: photo)]))
        let first = try store.pageIDs()[0]
        try store.saveThumbnail(png: Scene.photo, of: first, inkVersion: try store.inkVersion(of: first))
        try store.saveView(NotebookView(pageID: first))
        try store.markOpened()
        try store.close()
        return path
    }

    /// (table, column) for every column of every table of the file at `path`.
    private func columns(of path: String) throws -> [(table: String, column: String)] {
        let raw = try DatabaseQueue(path: path)
        defer { try? raw.close() }
        return try raw.read { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            return try tables.flatMap { table in
                try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))").map { (table, $0["name"] as String) }
            }
        }
    }

    /// A copy of `pristine` with `table.column` set to `value` in every row, or nil when no row took it
    /// (a NOT NULL or UNIQUE constraint or an INTEGER PRIMARY KEY refused it: that damage cannot be stored).
    private func damagedCopy(of pristine: String, _ table: String, _ column: String, _ value: String) throws -> String? {
        let path = folder + "/damaged.quire"
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        try FileManager.default.copyItem(atPath: pristine, toPath: path)
        let raw = try DatabaseQueue(path: path)
        let changed = try raw.writeWithoutTransaction { db -> Int in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            do {
                try db.execute(sql: "UPDATE OR IGNORE \(table) SET \(column) = \(value)")
            } catch let error as DatabaseError where error.resultCode == .SQLITE_MISMATCH {
                return 0 // An INTEGER PRIMARY KEY holds integers only.
            }
            return db.changesCount
        }
        try raw.close()
        return changed > 0 ? path : nil
    }

    /// Opens `path` and reads everything a window or `quire info`/`export` reads; each call must return
    /// or throw a `NotebookFileError` that names the file.
    private func readEverything(_ path: String, readOnly: Bool, label: String) {
        func attempt<T>(_ what: String, _ body: () throws -> T) -> T? {
            do {
                return try body()
            } catch let error as NotebookFileError {
                XCTAssertTrue(error.description.contains(path), "\(label): \(what): the error does not name the file: \(error)")
            } catch {
                XCTFail("\(label): \(what) threw something that is not a NotebookFileError: \(error)")
            }
            return nil
        }
        guard let store = attempt("open", { try NotebookStore(openingAt: path, readOnly: readOnly) }) else { return }
        _ = attempt("title") { try store.title }
        _ = attempt("view") { try store.view() }
        _ = attempt("lastOpened") { try store.lastOpened() }
        _ = attempt("summary") { try store.summary() }
        for page in attempt("pageIDs", { try store.pageIDs() }) ?? [] {
            let loaded = attempt("loadPage \(page)") { try store.loadPage(page) }
            _ = attempt("inkVersion \(page)") { try store.inkVersion(of: page) }
            _ = attempt("thumbnail \(page)") { try store.thumbnail(of: page) }
            for blob in loaded?.items.blobs ?? [] { _ = attempt("blob \(blob)") { try store.blob(blob) } }
            if !readOnly { _ = attempt("append to \(page)") { try store.append(Ink.stroke(.pen, seed: 9), to: page) } }
        }
        _ = attempt("close") { try store.close() }
    }

    private func sweep(_ pristine: String, readOnly: Bool) throws {
        for (table, column) in try columns(of: pristine) {
            for value in Self.badValues {
                guard let path = try damagedCopy(of: pristine, table, column, value) else { continue }
                cases += 1
                readEverything(path, readOnly: readOnly, label: "\(table).\(column) = \(value)\(readOnly ? " (read-only)" : "")")
            }
        }
    }

    func testEveryColumnOfEveryTableSetToEveryWrongKindNeverTraps() throws {
        let v2 = try makeV2Notebook()
        try sweep(v2, readOnly: false)
        try sweep(v2, readOnly: true)
        let v1 = folder + "/pristine-v1.quire"
        try FileManager.default.copyItem(atPath: NotebookV1Fixture.path, toPath: v1)
        try sweep(v1, readOnly: true)
        try sweep(v1, readOnly: false)
        print("DamagedColumnTests: \(cases) damaged files opened and read, none trapped")
        XCTAssertGreaterThan(cases, 300, "the sweep made fewer damaged files than it should")
    }

    // The cases issue 14 reported, each with the message it must give.

    private func assertPageDamaged(_ path: String, _ problem: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let store = try NotebookStore(openingAt: path, readOnly: true)
        defer { try? store.close() }
        let pages = try store.pageIDs()
        XCTAssertThrowsError(try store.loadPage(pages[0]), file: file, line: line) { error in
            XCTAssertTrue("\(error)".contains(path) && "\(error)".contains(problem), "\(error)", file: file, line: line)
        }
        XCTAssertThrowsError(try store.summary(), file: file, line: line) { error in
            XCTAssertTrue("\(error)".contains(problem), "\(error)", file: file, line: line)
        }
        XCTAssertNoThrow(try store.loadPage(pages[1]), "the other page still reads", file: file, line: line)
    }

    func testAPageWidthThatIsTextMakesThatPageUnreadable() throws {
        let v2 = try makeV2Notebook()
        let first = try NotebookStore(openingAt: v2, readOnly: true).pageIDs()[0]
        let path = try XCTUnwrap(try damagedCopy(of: v2, "page", "width", "'abc' WHERE id = '\(first.rawValue)'"))
        try assertPageDamaged(path, "page \(first) has page.width = the text 'abc', which is not a finite number")
    }

    func testAPageHeightBelowZeroMakesThatPageUnreadable() throws {
        let v2 = try makeV2Notebook()
        let first = try NotebookStore(openingAt: v2, readOnly: true).pageIDs()[0]
        let path = try XCTUnwrap(try damagedCopy(of: v2, "page", "height", "-5 WHERE id = '\(first.rawValue)'"))
        try assertPageDamaged(path, "page \(first) cannot be used: its height is -5.0 px; a page's sides must be from 1 to 16000 px")
    }

    func testAV1PageWidthThatIsTextMakesThatPageUnreadable() throws {
        let first = NotebookV1Fixture.firstPage.rawValue
        let path = try XCTUnwrap(try damagedCopy(of: NotebookV1Fixture.path, "page", "width", "'abc' WHERE id = '\(first)'"))
        try assertPageDamaged(path, "page.width = the text 'abc'")
    }

    /// A stroke's bounds are only a summary of its samples: text in them is left out of `info`, and the
    /// stroke itself (read from its samples) still loads, before and after the v1 → v2 migration.
    func testStrokeBoundsThatAreTextAreLeftOutOfTheSummary() throws {
        let path = try XCTUnwrap(try damagedCopy(of: NotebookV1Fixture.path, "stroke", "max_y", "'abc'"))
        for readOnly in [true, false] {
            let store = try NotebookStore(openingAt: path, readOnly: readOnly)
            XCTAssertEqual(try store.summary().pages.count, 2)
            for (page, expected) in zip(try store.pageIDs(), NotebookV1Fixture.pages) {
                XCTAssertEqual(try store.loadPage(page).items.count, expected.items.count)
            }
            try store.close()
        }
    }

    func testAStyleThatIsABlobIsItsStrokesDamage() throws {
        let v2 = try makeV2Notebook()
        let path = try XCTUnwrap(try damagedCopy(of: v2, "style", "json", "x'00ff'"))
        let store = try NotebookStore(openingAt: path, readOnly: true)
        defer { try? store.close() }
        XCTAssertThrowsError(try store.loadPage(try store.pageIDs()[0])) { error in
            XCTAssertTrue("\(error)".contains("has style.json = a blob of 2 bytes, which is not text"), "\(error)")
        }
    }

    func testPackedInkThatIsTextIsThatStrokesDamage() throws {
        let v2 = try makeV2Notebook()
        let path = try XCTUnwrap(try damagedCopy(of: v2, "item", "data", "'abc' WHERE kind = 'stroke' AND parent = 0"))
        let store = try NotebookStore(openingAt: path, readOnly: true)
        defer { try? store.close() }
        XCTAssertThrowsError(try store.loadPage(try store.pageIDs()[0])) { error in
            XCTAssertTrue("\(error)".contains("has item.data = the text 'abc', which is not packed ink"), "\(error)")
        }
    }
}
