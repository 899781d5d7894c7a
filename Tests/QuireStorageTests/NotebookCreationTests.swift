import Foundation
import GRDB
import QuireDocument
import QuireGeometry
import QuireInk
@testable import QuireStorage
import XCTest

/// A new notebook is built in memory (or, with large pictures, in its file without an on-disk journal or
/// a sync per write), synced once and renamed into place (`NotebookStore.create`): what lands is whole,
/// checks clean and is in WAL mode like any notebook, and a build that fails half-way leaves nothing
/// behind. Both ways are checked.
final class NotebookCreationTests: StorageTestCase {
    private func pages(_ count: Int, strokes: Int) -> [Page] {
        (0..<count).map { page in
            let colors: [StrokeColor] = [.rgb(.black), .rgb(InkColor(red: 0, green: 0, blue: 1))]
            return Page(strokes: (0..<strokes).map { Ink.stroke(count: 12, seed: Double(page * strokes + $0), color: colors[$0 % 2]) })
        }
    }

    func testABulkCreatedNotebookIsWholeChecksCleanAndIsInWALMode() throws {
        try checkABulkCreatedNotebook(builtInMemory: true)
    }

    func testABulkCreatedNotebookBuiltInItsFileIsWholeChecksCleanAndIsInWALMode() throws {
        try checkABulkCreatedNotebook(builtInMemory: false)
    }

    /// Past `largestBlobsBuiltInMemory` of pictures the public `create` builds in the file: whole all the same.
    func testANotebookWithMorePicturesThanAreBuiltInMemoryIsWholeToo() throws {
        let path = folder + "/pictures.quire"
        let large = BlobBytes(Scene.photo + [UInt8](repeating: 7, count: NotebookStore.largestBlobsBuiltInMemory), kind: .png)
        let page = Page(items: [Scene.image(showing: large.id)])
        try NotebookStore.create(at: path, title: "Pictures", pages: [page], blobs: [large]).close()
        let store = try NotebookStore(openingAt: path)
        defer { try? store.close() }
        XCTAssertEqual(try store.loadPage(page.id).items, page.items)
        XCTAssertEqual(try store.blob(large.id), large.bytes)
    }

    private func checkABulkCreatedNotebook(builtInMemory: Bool, line: UInt = #line) throws {
        let path = folder + "/bulk-\(builtInMemory).quire"
        let written = pages(4, strokes: 250)
        try NotebookStore.create(at: path, title: "Bulk", pages: written, blobs: [], inMemory: builtInMemory).close()
        // Opened afresh: SQLite's quick check runs here.
        let store = try NotebookStore(openingAt: path)
        defer { try? store.close() }
        XCTAssertNil(store.readOnlyReason)
        XCTAssertEqual(try store.pageIDs(), written.map(\.id))
        for page in written { XCTAssertEqual(try store.loadPage(page.id), Ink.stored(page)) }
        let (mode, check) = try store.database.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try String.fetchOne(db, sql: "PRAGMA integrity_check"))
        }
        XCTAssertEqual(mode, "wal")
        XCTAssertEqual(check, "ok")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        XCTAssertEqual(names.filter { $0.hasSuffix(".creating") || $0.hasSuffix("-journal") }, [], "\(names)", line: line)
        let permissions = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        XCTAssertEqual(permissions & 0o733, 0o600, "read-write for its owner, like a file SQLite makes: \(String(permissions, radix: 8))", line: line)
    }

    func testACreateThatFailsHalfWayLeavesNoFileBehind() throws {
        try checkACreateThatFailsHalfWay(builtInMemory: true)
    }

    func testACreateInItsFileThatFailsHalfWayLeavesNoFileBehind() throws {
        try checkACreateThatFailsHalfWay(builtInMemory: false)
    }

    private func checkACreateThatFailsHalfWay(builtInMemory: Bool) throws {
        let path = folder + "/broken.quire"
        // The last page's last stroke cannot be stored: the first pages' rows are written by then.
        var bad = Ink.stroke(seed: 99)
        bad.samples[5].position = Point(.nan, 10)
        let written = pages(2, strokes: 200) + [Page(strokes: pages(1, strokes: 200)[0].strokes + [bad])]
        XCTAssertThrowsError(try NotebookStore.create(at: path, title: "Broken", pages: written, blobs: [], inMemory: builtInMemory)) { error in
            guard case .editRefused = error as? NotebookFileError else { return XCTFail("\(error)") }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [], "no temporary file or journal left")
        // The same name is free for a notebook that can be stored.
        try NotebookStore.create(at: path, title: "Fixed", pages: Array(written.prefix(2)), blobs: [], inMemory: builtInMemory).close()
        let store = try NotebookStore(openingAt: path)
        defer { try? store.close() }
        XCTAssertEqual(try store.pageIDs(), written.prefix(2).map(\.id))
    }
}
