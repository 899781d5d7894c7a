import Foundation
import GRDB
import QuireDocument
import QuireGeometry
@testable import QuireStorage
import XCTest

/// Many pages and the blob they show go in together, in one transaction, where they are asked for.
final class InsertPagesTests: StorageTestCase {
    private func blobCount(_ store: NotebookStore) throws -> Int {
        try store.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM blob") ?? -1 }
    }

    private func showing(_ blob: BlobID, _ count: Int) -> [Page] {
        (0..<count).map { index in
            Page(size: PageSize(width: 400, height: 300),
                 items: [PageItem(.pdfPage(PDFPageItem(document: blob, pageIndex: index, rect: Rect(x: 0, y: 0, width: 400, height: 300))))])
        }
    }

    func testPagesGoInInOrderAtTheIndexWithTheirBlobOnce() throws {
        let store = try NotebookStore.create(at: folder + "/N.quire", title: "N", pages: [Page(), Page()])
        let before = try store.pageIDs()
        let blob = BlobBytes(Scene.pdf, kind: .pdf)
        let pages = showing(blob.id, 3)
        try store.insertPages(pages, at: 1, storing: [blob, blob])
        XCTAssertEqual(try store.pageIDs(), [before[0]] + pages.map(\.id) + [before[1]])
        XCTAssertEqual(try store.loadPage(pages[2].id).items, pages[2].items)
        XCTAssertEqual(try blobCount(store), 1)
        XCTAssertEqual(try store.blob(blob.id), Scene.pdf)
        let more = showing(blob.id, 2)
        try store.insertPages(more, storing: [])
        XCTAssertEqual(try store.pageIDs().suffix(2), more.map(\.id)[...], "nil: at the end; the blob stored already")
    }

    /// 300 pages are one transaction: one commit (one sync of the file), with progress after each page.
    func testThreeHundredPagesAreOneCommit() throws {
        let store = try NotebookStore.create(at: folder + "/N.quire", title: "N")
        let commits = CommitCounter()
        store.database.add(transactionObserver: commits, extent: .observerLifetime)
        let blob = BlobBytes(Scene.pdf, kind: .pdf)
        var progress: [Int] = []
        try store.insertPages(showing(blob.id, 300), storing: [blob]) { progress.append($0) }
        XCTAssertEqual(commits.count, 1)
        XCTAssertEqual(progress, Array(1...300))
        XCTAssertEqual(try store.pageIDs().count, 301)
    }

    /// Page rows are placed by halving the gap between neighbours; when it runs out of precision every
    /// page is renumbered and the order still comes out right.
    func testRepeatedInsertsBetweenTheSameNeighboursKeepTheirOrder() throws {
        let store = try NotebookStore.create(at: folder + "/N.quire", title: "N", pages: [Page(), Page()])
        var expected = try store.pageIDs()
        for _ in 0..<70 {
            let pages = [Page(), Page(), Page()]
            try store.insertPages(pages, at: 1, storing: [])
            expected.insert(contentsOf: pages.map(\.id), at: 1)
        }
        XCTAssertEqual(try store.pageIDs(), expected)
    }

    /// All or nothing: a page that cannot go in (its id is taken) undoes the pages before it and the blob.
    func testAPageThatFailsLeavesTheNotebookAsItWas() throws {
        let store = try NotebookStore.create(at: folder + "/N.quire", title: "N", pages: [Page()])
        let existing = try store.pageIDs()
        let blob = BlobBytes(Scene.pdf, kind: .pdf)
        var pages = showing(blob.id, 3)
        pages[2].id = existing[0]
        XCTAssertThrowsError(try store.insertPages(pages, storing: [blob]))
        XCTAssertEqual(try store.pageIDs(), existing)
        XCTAssertEqual(try blobCount(store), 0)
        // A page showing a blob neither given nor stored is refused before anything is written.
        XCTAssertThrowsError(try store.insertPages(showing(blob.id, 1), storing: [])) { error in
            guard case .missingBlob = error as? NotebookFileError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try store.pageIDs(), existing)
    }
}

/// Counts the transactions committed on a database.
private final class CommitCounter: TransactionObserver, @unchecked Sendable {
    private(set) var count = 0
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) { count += 1 }
    func databaseDidRollback(_ db: Database) {}
}
