import GRDB
@testable import QuireStorage
import XCTest

/// An open notebook's pages live in memory, so SQLite's page cache is kept small: with its default
/// (2,000 KiB) it held a second copy of every row written, about 1.6 MiB more after 300 strokes.
final class NotebookPageCacheTests: StorageTestCase {
    func testAnOpenNotebookKeepsSQLitesPageCacheTo256KiB() throws {
        let path = folder + "/Cache.quire"
        try NotebookStore.create(at: path, title: "Cache").close()
        for readOnly in [false, true] {
            let store = try NotebookStore(openingAt: path, readOnly: readOnly)
            defer { try? store.close() }
            let kibibytes = try store.database.read { try Int.fetchOne($0, sql: "PRAGMA cache_size") }
            XCTAssertEqual(kibibytes, -256, "negative: KiB (read-only \(readOnly))")
        }
    }
}
