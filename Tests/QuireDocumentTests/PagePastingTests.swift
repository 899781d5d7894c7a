import QuireDocument
import QuireGeometry
import QuireInk
import XCTest

/// Copied items put on a page: on top, carried by the map, under new ids (a scrap's ink too), one edit.
final class PagePastingTests: XCTestCase {
    func testPastedItemsGoOnTopUnderNewIdsAndUndoTakesThemAway() throws {
        let ink = PageItem.stroke(Stroke(samples: [InputSample(position: Point(5, 5), time: 0), InputSample(position: Point(9, 9), time: 0.1)],
                                         style: .defaults(for: .pen)))
        let scrap = PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 50, height: 40)),
                                          transform: Homography(.translation(100, 100)), items: [ink])))
        var page = Page(items: [scrap, .stroke(Stroke(samples: [InputSample(position: Point(1, 1), time: 0)], style: .defaults(for: .pen)))])
        let before = page
        let (edit, ids) = try XCTUnwrap(page.pasting([scrap], by: Homography(.translation(24, 24))))
        try page.apply(edit)
        XCTAssertEqual(page.items.count, 3)
        XCTAssertEqual(page.items.last?.id, ids.first, "on top")
        XCTAssertNotEqual(ids.first, scrap.id)
        guard case let .scrap(pasted) = page.items[2].content else { return XCTFail("not a scrap") }
        XCTAssertEqual(pasted.transform.apply(Point(0, 0))?.x ?? 0, 124, accuracy: 1e-9)
        XCTAssertEqual(pasted.transform.apply(Point(0, 0))?.y ?? 0, 124, accuracy: 1e-9)
        XCTAssertNotEqual(pasted.items.first?.id, ink.id, "the copy's ink is its own")
        XCTAssertEqual(pasted.items.first?.stroke, ink.stroke)
        try page.apply(edit.inverse)
        XCTAssertEqual(page, before)
        XCTAssertNil(page.pasting([], by: .identity), "nothing to paste")
    }
}
