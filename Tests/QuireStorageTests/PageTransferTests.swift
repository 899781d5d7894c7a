import Foundation
import GRDB
import QuireDocument
@testable import QuireStorage
import XCTest

/// A page moves or copies between notebooks with every item, scraps' own items and the blobs they show.
final class PageTransferTests: StorageTestCase {
    private func notebooks() throws -> (source: NotebookStore, target: NotebookStore, page: Page) {
        let source = try NotebookStore.create(at: folder + "/S.quire", title: "S", pages: [Page()])
        let target = try NotebookStore.create(at: folder + "/T.quire", title: "T")
        let photo = try source.storeBlob(Scene.photo, kind: .png)
        let pdf = try source.storeBlob(Scene.pdf, kind: .pdf)
        let page = Scene.everyKind(photo: photo, pdf: pdf)
        try source.insertPage(page)
        return (source, target, page)
    }

    private func blobCount(_ store: NotebookStore) throws -> Int {
        try store.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM blob") ?? -1 }
    }

    func testACopyCarriesEveryItemAndItsBlobsUnderNewIDs() throws {
        let (source, target, page) = try notebooks()
        let copied = try source.transferPage(page.id, to: target, at: 0, move: false)
        XCTAssertNotEqual(copied, page.id)
        let copy = try target.loadPage(copied)
        XCTAssertEqual(copy.items.map(\.kind), page.items.map(\.kind))
        XCTAssertTrue(Set(copy.items.map(\.id)).isDisjoint(with: page.items.map(\.id)), "a copy's items are new")
        XCTAssertEqual(copy.background, page.background)
        // Same content, ids aside.
        func contents(_ items: [PageItem]) -> [PageItem.Content] {
            items.map { item in
                guard case var .scrap(scrap) = item.content else { return item.content }
                scrap.items = scrap.items.map { PageItem(id: ItemID("x"), $0.content) }
                return .scrap(scrap)
            }
        }
        XCTAssertEqual(contents(copy.items), contents(Ink.stored(page).items))
        XCTAssertEqual(try blobCount(target), 2, "the photo once, though two items show it, and the PDF")
        XCTAssertEqual(try target.blob(BlobID(hex: BlobRows.id(of: Scene.photo).rawValue)!), Scene.photo)
        XCTAssertEqual(try source.loadPage(page.id), Ink.stored(page), "the source keeps its page")
        // Copying again shares the blobs already there.
        _ = try source.transferPage(page.id, to: target, move: false)
        XCTAssertEqual(try blobCount(target), 2)
        try source.close()
        try target.close()
    }

    func testAMoveKeepsIDsAndTheSourceDropsItsBlobsOnClose() throws {
        let (source, target, page) = try notebooks()
        let moved = try source.transferPage(page.id, to: target, move: true)
        XCTAssertEqual(moved, page.id)
        XCTAssertEqual(try target.loadPage(moved), Ink.stored(page), "items, ids, scraps' own items")
        XCTAssertEqual(try target.pageIDs().last, page.id)
        XCTAssertFalse(try source.pageIDs().contains(page.id))
        XCTAssertEqual(try source.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM item") }, 0,
                       "the scrap's own rows went with the page")
        try source.close()
        try target.close()
        let reopened = try NotebookStore(openingAt: folder + "/S.quire")
        XCTAssertEqual(try blobCount(reopened), 0)
        try reopened.close()
        let targetAgain = try NotebookStore(openingAt: folder + "/T.quire")
        XCTAssertEqual(try targetAgain.loadPage(moved), Ink.stored(page))
        try targetAgain.close()
    }

    func testACopyWithinOneNotebook() throws {
        let (source, _, page) = try notebooks()
        let copied = try source.transferPage(page.id, to: source, at: 0, move: false)
        XCTAssertEqual(try source.pageIDs().first, copied)
        XCTAssertEqual(try source.loadPage(copied).items.count, page.items.count)
        XCTAssertEqual(try blobCount(source), 2)
        try source.close()
    }
}
