import Foundation
import GRDB
import QuireDocument
import QuireGeometry
import QuireInk
@testable import QuireStorage
import XCTest

/// `NotebookStore.apply` does to the file what `Page.apply` does to the model, edit for edit, and
/// refuses an edit that does not fit the stored page without changing anything.
final class PageEditStoreTests: StorageTestCase {
    private var store: NotebookStore!
    private var model = Page()
    private var photo: BlobID!
    private var pdf: BlobID!

    override func setUpWithError() throws {
        try super.setUpWithError()
        store = try NotebookStore.create(at: folder + "/E.quire", title: "Edits", pages: [model])
        photo = try store.storeBlob(Scene.photo, kind: .png)
        pdf = try store.storeBlob(Scene.pdf, kind: .pdf)
    }

    override func tearDown() {
        try? store.close()
        super.tearDown()
    }

    /// Applies `edit` to the model and the store, and checks that they agree, through a fresh read.
    private func apply(_ edit: PageEdit?, file: StaticString = #filePath, line: UInt = #line) throws {
        let edit = try XCTUnwrap(edit, "no edit", file: file, line: line)
        try model.apply(edit)
        try store.apply(edit, to: model.id)
        XCTAssertTrue(try store.loadPage(model.id) == Ink.stored(model), "store and model differ", file: file, line: line)
    }

    private func rowCount() throws -> Int {
        try store.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM item") ?? -1 }
    }

    func testEveryKindOfEditOnEveryKindOfItemMatchesTheModel() throws {
        let page = Scene.everyKind(photo: photo, pdf: pdf)
        try apply(model.adding(page.items))
        XCTAssertEqual(try rowCount(), 6, "five items and the scrap's own stroke")
        // A stroke put in the middle, under the scrap.
        try apply(model.inserting([.stroke(Ink.stroke(.pen, seed: 4))], at: 1))
        // The scrap moved and given more ink: an update rewrites it and its own items.
        let scrapID = model.items[2].id
        try apply(model.updating([scrapID]) { item in
            guard case var .scrap(scrap) = item.content else { return item }
            scrap.transform = Homography(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 40, ty: -10))
            scrap.items.append(.stroke(Ink.stroke(.highlighter, from: Point(20, 30), count: 9, seed: 1)))
            return PageItem(id: item.id, .scrap(scrap))
        })
        XCTAssertEqual(try rowCount(), 8)
        // Text brought to the bottom (under everything), the PDF page brought under the strokes.
        try apply(model.moving(model.items.last!.id, to: 0))
        try apply(model.moving(model.items.first { $0.kind == "pdf-page" }!.id, to: 1))
        XCTAssertEqual(model.items.map(\.kind), ["text", "pdf-page", "stroke", "stroke", "scrap", "image"])
        // A cut: the image replaced by two pieces (scraps showing the same photo).
        let imageID = model.items.first { $0.kind == "image" }!.id
        try apply(model.replacing(imageID, with: [Scene.scrap(showing: photo, ink: []), Scene.scrap(showing: photo)]))
        // Removing two items at once, the scrap with its ink among them.
        try apply(model.removing([scrapID, model.items[0].id]))
        XCTAssertEqual(try store.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM item WHERE parent <> 0") }, 1,
                       "the removed scrap's own items went with it")
        // And everything undone, newest first, gives the page back with the ids it had.
        try store.close()
        store = try NotebookStore(openingAt: folder + "/E.quire")
        XCTAssertTrue(try store.loadPage(model.id) == Ink.stored(model))
    }

    func testUndoIsTheInverseEditAndRedoPutsTheSameItemsBack() throws {
        try apply(model.adding([.stroke(Ink.stroke()), Scene.text]))
        let added = model.adding(Ink.stroke(.marker, seed: 2))
        try apply(added)
        let full = model
        let removal = try XCTUnwrap(model.removing([model.items[0].id]))
        try apply(removal)
        try apply(removal.inverse)
        XCTAssertEqual(model, full)
        try apply(added.inverse)
        try apply(added)
        XCTAssertEqual(model, full)
    }

    /// The store finds an edit's items by id: a position that is out of date (the order moved since the
    /// edit was made) is only where it looks first, so the item named, and only it, is changed.
    func testAnEditFindsItsItemsByIDWhereverTheyAre() throws {
        try apply(model.adding([.stroke(Ink.stroke()), .stroke(Ink.stroke(seed: 1)), Scene.text]))
        let (first, third) = (model.items[0], model.items[2])
        try store.apply(.remove([PlacedItem(first, at: 2)]), to: model.id)
        XCTAssertEqual(try store.loadPage(model.id).items.map(\.id), [model.items[1].id, third.id])
        let moved = try XCTUnwrap(third.transformed(by: Homography(.translation(5, 0))))
        try store.apply(.update([ItemUpdate(index: 0, before: third, after: moved)]), to: model.id)
        try store.apply(.reorder(third.id, from: 0, to: 0), to: model.id)
        let stored = try store.loadPage(model.id).items
        XCTAssertEqual(stored.map(\.id), [third.id, model.items[1].id], "the text now first")
        XCTAssertEqual(stored.first, moved, "and moved")
    }

    func testAnEditThatDoesNotFitTheStoredPageIsRefusedAndChangesNothing() throws {
        try apply(model.adding([.stroke(Ink.stroke()), .stroke(Ink.stroke(seed: 1)), Scene.text]))
        let before = try store.loadPage(model.id)
        let version = try store.inkVersion(of: model.id)
        let stranger = PageItem.stroke(Ink.stroke(seed: 5))
        let refused: [PageEdit] = [
            .remove([PlacedItem(stranger, at: 1)]),                                        // not there
            .insert([PlacedItem(model.items[0], at: 0)]),                                  // already on the page
            .insert([PlacedItem(stranger, at: 9)]),                                        // past the end
            .update([ItemUpdate(index: 3, before: stranger, after: stranger)]),
            .reorder(model.items[2].id, from: 2, to: 3),
            // The first step fits, the second does not: the first must not stay done.
            .insert([PlacedItem(stranger, at: 0), PlacedItem(.stroke(Ink.stroke(seed: 6)), at: 7)]),
            // An image of bytes the notebook does not hold.
            .insert([PlacedItem(Scene.image(showing: BlobID(hex: String(repeating: "ab", count: 32))!), at: 0)]),
        ]
        for edit in refused {
            XCTAssertThrowsError(try store.apply(edit, to: model.id), "\(edit)") { error in
                guard let error = error as? NotebookFileError else { return XCTFail("\(error)") }
                switch error {
                case .editRefused, .missingBlob: XCTAssertTrue(error.description.contains(self.store.path), error.description)
                default: XCTFail("\(error)")
                }
            }
        }
        XCTAssertTrue(try store.loadPage(model.id) == before)
        XCTAssertEqual(try store.inkVersion(of: model.id), version)
        XCTAssertThrowsError(try store.apply(model.adding(Ink.stroke()), to: PageID("nope"))) {
            XCTAssertEqual($0 as? NotebookFileError, .noSuchPage(path: self.store.path, page: "nope"))
        }
    }

    func testAnInsertionInTheMiddleWritesOneRowAndHalvingsRunningOutRenumber() throws {
        try apply(model.adding((0..<5).map { .stroke(Ink.stroke(count: 5, seed: Double($0))) }))
        let positions = { try self.store.database.read { try Double.fetchAll($0, sql: "SELECT position FROM item ORDER BY position") } }
        let before = try positions()
        try apply(model.inserting([.stroke(Ink.stroke(count: 5, seed: 9))], at: 2))
        let after = try positions()
        XCTAssertEqual(Set(before).subtracting(after), [], "no other row moved")
        XCTAssertEqual(after.count, before.count + 1)
        // Always between the same two neighbours: the halvings run out after ~50; the order must hold.
        for i in 0..<80 { try apply(model.inserting([.stroke(Ink.stroke(count: 3, seed: Double(100 + i)))], at: 3)) }
        for i in 0..<10 { try apply(model.moving(model.items[40 + i].id, to: 0)) }
    }

    /// A scrap moved keeps its ink's rows, ink that sticks to it adds only the new strokes' rows, and
    /// undoing that deletes only theirs: a scrap with much ink costs a stroke's write per stroke.
    func testAScrapsInkRowsAreRewrittenOnlyWhereTheyChange() throws {
        let ink = (0..<30).map { Ink.stroke(.pen, from: Point(5, Double($0) * 4), count: 6) }
        try apply(model.adding([Scene.scrap(showing: photo, ink: ink)]))
        let scrap = model.items[0].id
        let childRows = {
            try self.store.database.read { db in
                try Row.fetchAll(db, sql: "SELECT position, revision FROM item WHERE parent != 0 ORDER BY position")
                    .map { [$0["position"] as Double, Double($0["revision"] as Int64)] }
            }
        }
        let original = try childRows()
        XCTAssertEqual(original.count, 30)
        try apply(model.transforming([scrap], by: Homography(.translation(40, -20))))
        XCTAssertEqual(try childRows(), original, "moving the scrap left its ink's rows alone")
        // A stroke drawn across the scrap: its inside piece joins the scrap's ink.
        let across = Ink.stroke(.pen, from: Point(250, 300), count: 40)
        let sticking = model.sticking(across)
        try apply(sticking)
        let grown = try childRows()
        XCTAssertGreaterThan(grown.count, 30)
        XCTAssertEqual(Array(grown.prefix(30)), original, "the old ink's rows untouched")
        try apply(sticking.inverse)
        XCTAssertEqual(try childRows(), original, "undo deleted only the new rows")
    }

    func testAppendIsAnInsertOnTopAndReturnsTheItemsID() throws {
        let id = try store.append(Ink.stroke(), to: model.id)
        XCTAssertEqual(try store.loadPage(model.id).items.map(\.id), [id])
        let second = try store.append(Ink.stroke(seed: 2), to: model.id)
        XCTAssertEqual(try store.loadPage(model.id).items.map(\.id), [id, second])
    }

    func testEveryEditMakesTheThumbnailStaleAndOnlyAnExactUndoMakesItCurrent() throws {
        try apply(model.adding((0..<4).map { .stroke(Ink.stroke(count: 5, seed: Double($0))) } + [Scene.text]))
        func saveThumbnail() throws { try store.saveThumbnail(png: [1, 2, 3], of: model.id, inkVersion: try store.inkVersion(of: model.id)) }
        func isCurrent() throws -> Bool { try XCTUnwrap(store.thumbnail(of: model.id)).isCurrent }
        let edits: [(String, () -> PageEdit?)] = [
            ("an update of a stroke", { self.model.updating([self.model.items[1].id]) { item in
                PageItem(id: item.id, .stroke(Stroke(samples: item.stroke!.samples, style: .defaults(for: .marker)))) } }),
            ("an update of text", { self.model.updating([self.model.items[4].id]) { item in
                guard case var .text(text) = item.content else { return item }
                text.text += "!"
                return PageItem(id: item.id, .text(text)) } }),
            ("a removal in the middle", { self.model.removing([self.model.items[1].id]) }),
            ("a reorder", { self.model.moving(self.model.items[0].id, to: 2) }),
            ("an insertion in the middle", { self.model.inserting([.stroke(Ink.stroke(seed: 8))], at: 1) }),
            ("a replacement", { self.model.replacing(self.model.items[2].id, with: [.stroke(Ink.stroke(seed: 9))]) }),
        ]
        for (name, edit) in edits {
            try saveThumbnail()
            XCTAssertTrue(try isCurrent())
            try apply(edit())
            XCTAssertFalse(try isCurrent(), "\(name) left the thumbnail current")
        }
        // Undoing an insert leaves exactly the rows there were: the thumbnail made before it is current.
        try saveThumbnail()
        let insert = model.adding(Ink.stroke(seed: 11))
        try apply(insert)
        XCTAssertFalse(try isCurrent())
        try apply(insert.inverse)
        XCTAssertTrue(try isCurrent())
        // Removing one item, or another of the same page, are different states.
        let removeFirst = try XCTUnwrap(model.removing([model.items[0].id]))
        try apply(removeFirst)
        let afterFirst = try store.inkVersion(of: model.id)
        try apply(removeFirst.inverse)
        try apply(model.removing([model.items[1].id]))
        XCTAssertNotEqual(try store.inkVersion(of: model.id), afterFirst)
    }
}
