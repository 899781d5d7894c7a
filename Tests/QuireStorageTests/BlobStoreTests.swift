import Foundation
import GRDB
import QuireDocument
@testable import QuireStorage
import XCTest

/// Image and PDF bytes stored once by hash, shared by items, collected when nothing names them.
final class BlobStoreTests: StorageTestCase {
    func testBlobsAreStoredOnceByTheirSHA256() throws {
        let store = try NotebookStore.create(at: folder + "/B.quire", title: "B")
        let id = try store.storeBlob(Scene.photo, kind: .png)
        XCTAssertEqual(try store.storeBlob(Scene.photo, kind: .png), id, "idempotent")
        XCTAssertEqual(try store.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM blob") }, 1)
        XCTAssertEqual(try store.blob(id), Scene.photo)
        // The SHA-256 of "abc", from FIPS 180-2.
        XCTAssertEqual(try store.storeBlob(Array("abc".utf8), kind: .pdf).rawValue,
                       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertThrowsError(try store.blob(BlobID(hex: String(repeating: "0", count: 64))!)) {
            guard case .missingBlob(store.path, _, nil) = $0 as? NotebookFileError else { return XCTFail("\($0)") }
        }
        try store.close()
    }

    func testABlobAboveTheLimitIsRefusedBeforeItIsHashedOrWritten() throws {
        let store = try NotebookStore.create(at: folder + "/L.quire", title: "L")
        let big = [UInt8](repeating: 7, count: NotebookStore.maximumBlobSize + 1)
        XCTAssertThrowsError(try store.storeBlob(big, kind: .pdf)) {
            XCTAssertEqual($0 as? NotebookFileError, .blobTooLarge(path: store.path, size: big.count, limit: NotebookStore.maximumBlobSize))
            XCTAssertTrue("\($0)".contains(store.path))
        }
        try store.close()
    }

    func testUnreferencedBlobsGoOnCloseNotOnTheEditSoUndoStillWorks() throws {
        let path = folder + "/U.quire"
        let store = try NotebookStore.create(at: path, title: "U")
        var page = try store.loadPage(try store.pageIDs()[0])
        let photo = try store.storeBlob(Scene.photo, kind: .png)
        let pdf = try store.storeBlob(Scene.pdf, kind: .pdf)
        let orphan = try store.storeBlob([1, 2, 3], kind: .png)
        let add = page.adding([Scene.scrap(showing: photo), Scene.pdfPage(pdf)])
        try page.apply(add)
        try store.apply(add, to: page.id)
        // The scrap goes; its photo stays until close, so undoing the removal still finds it.
        let remove = try XCTUnwrap(page.removing([page.items[0].id]))
        try store.apply(remove, to: page.id)
        XCTAssertTrue(try store.hasBlob(photo))
        try store.apply(remove.inverse, to: page.id)
        XCTAssertEqual(try store.loadPage(page.id), Ink.stored(page))
        try store.apply(remove, to: page.id)
        try store.close()

        let reopened = try NotebookStore(openingAt: path)
        XCTAssertTrue(try reopened.hasBlob(photo), "no item names it, but the page's history can bring the scrap back")
        XCTAssertFalse(try reopened.hasBlob(orphan), "stored and never used")
        XCTAssertEqual(try reopened.blob(pdf), Scene.pdf, "still shown by the PDF page")
        XCTAssertEqual(try reopened.vacuumBlobs(), 0)
        // Undone, the removal's step names the scrap by id only (it is on the page again); removed once
        // more and that step gone with its page, nothing names the photo.
        let shown = try reopened.loadPage(page.id)
        XCTAssertEqual(shown.items.map(\.kind), ["pdf-page"], "the scrap removed")
        var history = try reopened.history(of: shown)
        var undone = shown
        let move = try XCTUnwrap(try history.nextUndo(on: undone.items))
        try undone.apply(move.edit)
        try reopened.apply(move.edit, to: page.id, history: .undo(kept: move.kept))
        history.commit(move)
        XCTAssertEqual(try reopened.loadPage(page.id).items.count, 2, "the scrap is back")
        try reopened.insertPage(Page())
        try reopened.deletePage(page.id)
        XCTAssertEqual(try reopened.vacuumBlobs(), 2, "the photo and the PDF, named by no item and no step")
        XCTAssertFalse(try reopened.hasBlob(photo))
        try reopened.close()
    }

    func testABlobShownOnlyByAScrapsOwnItemIsKept() throws {
        // Scraps nest: a scrap carrying a smaller scrap that shows the photo.
        let store = try NotebookStore.create(at: folder + "/N.quire", title: "N")
        let page = try store.pageIDs()[0]
        let photo = try store.storeBlob(Scene.photo, kind: .png)
        let other = try store.storeBlob(Scene.pdf, kind: .pdf)
        guard case var .scrap(outer) = Scene.scrap(showing: other).content else { return XCTFail() }
        outer.image = nil
        outer.items.append(Scene.scrap(showing: photo))
        try store.apply(.insert([PlacedItem(PageItem(.scrap(outer)), at: 0)]), to: page)
        XCTAssertEqual(try store.vacuumBlobs(), 1)
        XCTAssertTrue(try store.hasBlob(photo))
        XCTAssertFalse(try store.hasBlob(other))
        XCTAssertEqual(try store.loadPage(page).items.count, 1)
        try store.close()
    }

    /// An import stores its pictures and the scraps showing them in one transaction: a duplicate picture
    /// is stored once, and an edit that is refused leaves no picture behind either.
    func testBlobsStoredWithAnEditArriveWithItOrNotAtAll() throws {
        let store = try NotebookStore.create(at: folder + "/I.quire", title: "I")
        let page = try store.loadPage(try store.pageIDs()[0])
        let photo = BlobBytes(Scene.photo, kind: .png)
        XCTAssertEqual(photo.id, try store.storeBlob(Scene.photo, kind: .png), "the same name storeBlob gives")
        try store.database.write { try $0.execute(sql: "DELETE FROM blob") }

        let refused = PageEdit.insert([PlacedItem(Scene.scrap(showing: photo.id), at: 5)])
        XCTAssertThrowsError(try store.apply(refused, to: page.id, storing: [photo])) {
            guard case .editRefused = $0 as? NotebookFileError else { return XCTFail("\($0)") }
        }
        XCTAssertFalse(try store.hasBlob(photo.id), "rolled back with the edit")

        let add = page.adding([Scene.scrap(showing: photo.id), Scene.scrap(showing: photo.id)])
        try store.apply(add, to: page.id, storing: [photo, photo])
        XCTAssertEqual(try store.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM blob") }, 1)
        XCTAssertEqual(try store.blob(photo.id), Scene.photo)
        XCTAssertEqual(try store.loadPage(page.id).items.count, 2)
        try store.close()
    }
}
