import QuireDocument
import QuireGeometry
import QuireInk
import XCTest

final class PageEditTests: XCTestCase {
    private func stroke(_ x: Double) -> Stroke {
        Stroke(samples: [InputSample(position: Point(x, 10), time: 0), InputSample(position: Point(x + 5, 20), time: 0.01)],
               style: InkEngineRegistry.standard.style(for: .pen, color: .rgb(.black)))
    }

    private func page(_ n: Int) -> Page {
        Page(strokes: (0..<n).map { stroke(Double($0) * 10) })
    }

    private func scrap() -> PageItem {
        PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 50, height: 40)),
                              transform: Homography(AffineTransform.translation(100, 200)))))
    }

    /// Applying an edit and then its inverse gives the page back exactly, for every kind of edit.
    func testEveryEditKindIsUndoneByItsInverse() throws {
        let original = page(6)
        let ids = original.items.map(\.id)
        let edits: [PageEdit] = [
            original.adding(stroke(99)),
            original.inserting([scrap(), scrap()], at: 2)!,
            original.removing([ids[1], ids[4]])!,
            original.replacing(ids[3], with: [scrap(), .stroke(stroke(1)), scrap()])!,
            original.updating([ids[0], ids[5]]) { item in
                var changed = item
                if case var .stroke(s) = item.content { s.samples.removeLast(); changed.content = .stroke(s) }
                return changed
            }!,
            original.moving(ids[0], to: 5)!,
            original.moving(ids[5], to: 0)!,
        ]
        for edit in edits {
            var page = original
            try page.apply(edit)
            XCTAssertNotEqual(page, original, "\(edit) changed nothing")
            try page.apply(edit.inverse)
            XCTAssertEqual(page, original, "the inverse of \(edit) did not restore the page")
            XCTAssertEqual(edit.inverse.inverse, edit)
        }
    }

    func testInsertAndRemoveLandWhereTheySay() throws {
        var page = page(3)
        let ids = page.items.map(\.id)
        let newcomer = scrap()
        try page.apply(page.inserting([newcomer], at: 1)!)
        XCTAssertEqual(page.items.map(\.id), [ids[0], newcomer.id, ids[1], ids[2]])
        try page.apply(page.removing([ids[0], ids[2]])!)
        XCTAssertEqual(page.items.map(\.id), [newcomer.id, ids[1]])
    }

    func testReplaceKeepsThePiecesWhereTheWholeWas() throws {
        var page = page(3)
        let ids = page.items.map(\.id)
        let pieces = [scrap(), scrap()]
        try page.apply(page.replacing(ids[1], with: pieces)!)
        XCTAssertEqual(page.items.map(\.id), [ids[0], pieces[0].id, pieces[1].id, ids[2]])
    }

    /// An edit made for another state of the page is refused, and the page is left as it was.
    func testAnEditThatDoesNotFitIsRefusedWithoutChange() throws {
        var page = page(3)
        let stale = page.removing([page.items[2].id])!
        try page.apply(page.removing([page.items[0].id])!)
        let before = page
        XCTAssertThrowsError(try page.apply(stale)) { error in
            XCTAssertEqual(error as? PageEditError, .indexOutOfRange(2, count: 2))
        }
        XCTAssertEqual(page, before)
        let twice = page.adding([page.items[0]])
        XCTAssertThrowsError(try page.apply(twice)) { error in
            XCTAssertEqual(error as? PageEditError, .duplicateItem(page.items[0].id))
        }
        let wrongItem = PageEdit.remove([PlacedItem(scrap(), at: 0)])
        XCTAssertThrowsError(try page.apply(wrongItem))
        XCTAssertEqual(page, before)
        // A step fails after others were made: those are rolled back.
        let halfFits = PageEdit.replace(removed: [PlacedItem(page.items[1], at: 1)],
                                        inserted: [PlacedItem(scrap(), at: 0), PlacedItem(page.items[0], at: 1)])
        XCTAssertThrowsError(try page.apply(halfFits)) { error in
            XCTAssertEqual(error as? PageEditError, .duplicateItem(page.items[0].id))
        }
        XCTAssertEqual(page, before, "the removal and the first insertion were undone")
    }

    /// Undo walks back through any edits, not only the newest stroke, and redo replays them.
    func testHistoryUndoesAndRedoesAnyEdit() throws {
        var page = page(4)
        var history = PageHistory(replaying: page)
        let states = [page]
        var seen = states
        for edit in [page.replacing(page.items[1].id, with: [scrap(), scrap()])!] {
            try page.apply(edit)
            history.record(edit)
            seen.append(page)
        }
        let move = page.moving(page.items[0].id, to: 3)!
        try page.apply(move)
        history.record(move)
        seen.append(page)
        // Back through the two edits, then through the page's own strokes as if drawn.
        for expected in seen.reversed().dropFirst() {
            XCTAssertTrue(try history.undo(on: &page))
            XCTAssertEqual(page, expected)
        }
        for remaining in stride(from: 3, through: 0, by: -1) {
            XCTAssertTrue(try history.undo(on: &page))
            XCTAssertEqual(page.items.count, remaining)
        }
        XCTAssertFalse(try history.undo(on: &page))
        for _ in 0..<4 { XCTAssertTrue(try history.redo(on: &page)) }
        XCTAssertEqual(page, seen[0])
        XCTAssertTrue(try history.redo(on: &page))
        XCTAssertTrue(try history.redo(on: &page))
        XCTAssertEqual(page, seen.last)
        XCTAssertFalse(try history.redo(on: &page))
        // A new edit ends the redo history.
        XCTAssertTrue(try history.undo(on: &page))
        let add = page.adding(stroke(5))
        try page.apply(add)
        history.record(add)
        XCTAssertFalse(history.canRedo)
    }

    /// Items round-trip through JSON (how the store keeps scraps, images and text), and a stored
    /// homography or blob id that is not one is a decoding error.
    func testItemsRoundTripThroughJSONAndBadValuesAreRefused() throws {
        let blob = try XCTUnwrap(BlobID(hex: String(repeating: "ab", count: 32)))
        let items: [PageItem] = [
            scrap(),
            PageItem(.image(PlacedImage(image: ImageReference(blob: blob, pixelWidth: 640, pixelHeight: 480),
                                        corners: Quadrilateral(Rect(x: 1, y: 2, width: 3, height: 4))))),
            PageItem(.pdfPage(PDFPageItem(document: blob, pageIndex: 2, rect: Rect(x: 0, y: 0, width: 816, height: 1056)))),
            PageItem(.text(TextItem(text: "Hello\nworld", origin: Point(10, 40)))),
            .stroke(stroke(3)),
        ]
        let data = try JSONEncoder().encode(items)
        XCTAssertEqual(try JSONDecoder().decode([PageItem].self, from: data), items)
        XCTAssertNil(BlobID(hex: "xyz"))
        XCTAssertNil(BlobID(hex: String(repeating: "AB", count: 32)))
        XCTAssertThrowsError(try JSONDecoder().decode(Homography.self, from: Data("[1,2,3]".utf8)))
        XCTAssertThrowsError(try JSONDecoder().decode(BlobID.self, from: Data("\"12\"".utf8)))
    }

    /// Moving items is one update edit: a scrap composes the map onto its transform (its own ink moves
    /// with it), page ink moves its samples, and the inverse puts everything back exactly.
    func testTransformingItemsMovesThemAndIsUndoneExactly() throws {
        var page = page(2)
        let s = scrap()
        try page.apply(page.adding([s]))
        let before = page
        let shift = Homography(AffineTransform.translation(10, -5))
        let edit = try XCTUnwrap(page.transforming([s.id, page.items[0].id], by: shift))
        try page.apply(edit)
        guard case let .scrap(moved) = page.items[2].content else { return XCTFail() }
        XCTAssertEqual(moved.bounds, Rect(x: 110, y: 195, width: 50, height: 40))
        XCTAssertEqual(page.items[0].stroke?.samples[0].position, Point(10, 5))
        XCTAssertEqual(page.items[1], before.items[1], "an item not named stays put")
        try page.apply(edit.inverse)
        XCTAssertEqual(page, before)
        // A map that sends a sample to infinity is refused, not applied half-way.
        let vanishing = try XCTUnwrap(Homography(matrix: [1, 0, 0, 0, 1, 0, 1, 0, 0]))   // w = x: x = 0 is at infinity
        XCTAssertNil(page.transforming([page.items[0].id], by: vanishing))
        XCTAssertNil(page.transforming([ItemID()], by: shift))
    }

    func testScrapBoundsFollowItsTransform() {
        guard case let .scrap(s) = scrap().content else { return XCTFail() }
        XCTAssertEqual(s.bounds, Rect(x: 100, y: 200, width: 50, height: 40))
    }
}
