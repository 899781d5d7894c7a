import QuireDocument
import QuireGeometry
import QuireInk
import XCTest

final class HitTestTests: XCTestCase {
    private let pen = StrokeStyle.defaults(for: .pen)   // 3.2 px at the widest

    private func line(from a: Point, to b: Point) -> PageItem {
        .stroke(Stroke(samples: [InputSample(position: a, time: 0), InputSample(position: b, time: 1)], style: pen))
    }

    func testTheTopmostItemUnderThePointIsFound() {
        let below = line(from: Point(0, 50), to: Point(200, 50))
        let above = line(from: Point(100, 0), to: Point(100, 200))
        let scrap = PageItem(.scrap(Scrap(outline: BezierPath(circleAt: Point(0, 0), radius: 20),
                                          transform: Homography(AffineTransform.translation(300, 300)))))
        let page = Page(items: [below, above, scrap])
        XCTAssertEqual(page.topItem(at: Point(100, 50)), above.id, "where both cross, the upper one")
        XCTAssertEqual(page.topItem(at: Point(40, 51)), below.id)
        // Within half the ink's width plus the tolerance, and not beyond.
        XCTAssertEqual(page.topItem(at: Point(40, 50 + 1.6 + 1.9), tolerance: 2), below.id)
        XCTAssertNil(page.topItem(at: Point(40, 50 + 1.6 + 2.1), tolerance: 2))
        // A scrap by its outline on the page, not its bounding box.
        XCTAssertEqual(page.topItem(at: Point(310, 310)), scrap.id)
        XCTAssertNil(page.topItem(at: Point(318, 318)), "inside the circle's box but outside the circle")
        XCTAssertNil(page.topItem(at: Point(.nan, 3)))
    }

    /// A scrap's outline is read by the even-odd rule, as the renderer clips it: a subpath inside another
    /// is a hole whichever way it winds.
    func testAnInnerSubpathIsAHoleWhicheverWayItWinds() {
        var ring = BezierPath(rect: Rect(x: 0, y: 0, width: 100, height: 100))
        ring.append(BezierPath(rect: Rect(x: 25, y: 25, width: 50, height: 50)))   // wound the same way
        let page = Page(items: [PageItem(.scrap(Scrap(outline: ring)))])
        XCTAssertNotNil(page.topItem(at: Point(10, 10)))
        XCTAssertNil(page.topItem(at: Point(50, 50)), "the hole shows what is below")
    }
}
