import QuireDocument
import QuireGeometry
import QuireInk
import XCTest

/// The edit the stretch gesture makes when a scrap snaps in two: the copy above the original, sharing
/// its picture, with its own ink; the original moved; one edit whose inverse undoes both.
final class DuplicateTests: XCTestCase {
    private func stroke(_ x: Double) -> Stroke {
        Stroke(samples: [InputSample(position: Point(x, 10), time: 0), InputSample(position: Point(x + 5, 20), time: 0.01)],
               style: InkEngineRegistry.standard.style(for: .pen, color: .rgb(.black)))
    }

    private let reference = ImageReference(blob: BlobID(hex: String(repeating: "ab", count: 32))!, pixelWidth: 50, pixelHeight: 40)

    /// Ink, a photo scrap with two strokes of its own, more ink on top.
    private func page() -> (Page, ItemID) {
        let scrap = PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 50, height: 40)),
                                          transform: Homography(.translation(100, 200)),
                                          image: ScrapImage(reference: reference, rect: Rect(x: 0, y: 0, width: 50, height: 40)),
                                          items: [.stroke(stroke(5)), .stroke(stroke(20))])))
        return (Page(items: [.stroke(stroke(0)), scrap, .stroke(stroke(300))]), scrap.id)
    }

    private func scrap(_ item: PageItem) throws -> Scrap {
        guard case let .scrap(scrap) = item.content else { throw XCTSkip("not a scrap") }
        return scrap
    }

    func testTheCopyLiesAboveTheOriginalWithThePictureSharedAndItsOwnInk() throws {
        let (original, id) = page()
        let left = Homography(.translation(-60, 0)), right = Homography(.translation(60, 5))
        let (edit, copyID) = try XCTUnwrap(original.duplicating(id, movingOriginalBy: left, copyBy: right))
        var split = original
        try split.apply(edit)
        XCTAssertEqual(split.items.count, 4)
        XCTAssertEqual(split.items[1].id, id, "the original keeps its place and its id")
        XCTAssertEqual(split.items[2].id, copyID, "the copy lies just above it")
        XCTAssertNotEqual(copyID, id)
        let a = try scrap(split.items[1]), b = try scrap(split.items[2])
        XCTAssertEqual(a.transform.apply(Point(0, 0)), Point(40, 200))
        XCTAssertEqual(b.transform.apply(Point(0, 0)), Point(160, 205))
        XCTAssertEqual(a.image, b.image, "the same blob: the picture is not stored twice")
        XCTAssertEqual(a.outline, b.outline)
        XCTAssertEqual(b.items.count, 2)
        XCTAssertEqual(b.items.map(\.content), a.items.map(\.content), "the copy's ink is the original's")
        XCTAssertTrue(Set(a.items.map(\.id)).isDisjoint(with: b.items.map(\.id)), "but under ids of its own")
        XCTAssertEqual(Set(split.items.map(\.id)).count, 4)
    }

    func testTheInverseTakesTheCopyAwayAndPutsTheOriginalBack() throws {
        let (original, id) = page()
        let turn = Homography(AffineTransform.rotation(0.3).concatenating(.translation(10, 20)))
        for originalMap in [Homography.identity, Homography(.translation(-30, 4)), turn] {
            let (edit, _) = try XCTUnwrap(original.duplicating(id, movingOriginalBy: originalMap, copyBy: turn))
            var page = original
            try page.apply(edit)
            XCTAssertEqual(page.items.count, 4)
            try page.apply(edit.inverse)
            XCTAssertEqual(page, original)
            // And again, as redo does.
            try page.apply(edit)
            XCTAssertEqual(page.items.count, 4)
        }
    }

    func testAnUnmovedOriginalIsOnlyAnInsertion() throws {
        let (original, id) = page()
        let (edit, copyID) = try XCTUnwrap(original.duplicating(id, movingOriginalBy: .identity, copyBy: Homography(.translation(0, 50))))
        XCTAssertEqual(edit.steps.count, 1)
        XCTAssertEqual(edit.itemsAfter.map(\.id), [copyID])
    }

    func testMissingItemsAndMapsThatBreakTheItemMakeNoEdit() throws {
        let (original, id) = page()
        XCTAssertNil(original.duplicating(ItemID(), movingOriginalBy: .identity, copyBy: .identity))
        // A map whose line at infinity runs through the stroke's second sample: x = 5 goes to infinity.
        let vanishing = try XCTUnwrap(Homography(matrix: [1, 0, 0, 0, 1, 0, -0.2, 0, 1]))
        let strokeID = original.items[0].id
        XCTAssertNil(original.duplicating(strokeID, movingOriginalBy: .identity, copyBy: vanishing))
        XCTAssertNotNil(original.duplicating(id, movingOriginalBy: .identity, copyBy: .identity))
    }

    func testAPageStrokeCopiesToo() throws {
        let (original, _) = page()
        let id = original.items[2].id
        let (edit, copyID) = try XCTUnwrap(original.duplicating(id, movingOriginalBy: .identity, copyBy: Homography(.translation(5, 5))))
        var page = original
        try page.apply(edit)
        XCTAssertEqual(page.items.last?.id, copyID)
        XCTAssertEqual(page.items.last?.stroke?.samples.first?.position, Point(305, 15))
    }
}
