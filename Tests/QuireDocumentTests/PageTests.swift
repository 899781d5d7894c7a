import QuireDocument
import QuireGeometry
import QuireInk
import XCTest

final class PageTests: XCTestCase {
    func testOrientationFollowsTheSizeAndTurns() {
        XCTAssertEqual(PageSize.letter.orientation, .portrait)
        let landscape = PageSize.letter.turned(to: .landscape)
        XCTAssertEqual(landscape, PageSize(width: 1056, height: 816))
        XCTAssertEqual(landscape.orientation, .landscape)
        XCTAssertEqual(landscape.turned(to: .landscape), landscape)
        XCTAssertEqual(Page(size: landscape).orientation, .landscape)
    }

    func testInkBoundsCoverEveryStrokeAndItsWidth() throws {
        var page = Page()
        XCTAssertTrue(page.inkBounds.isNull)
        let style = StrokeStyle.defaults(for: .pen)   // 3.2 px at the firmest
        try page.apply(page.adding(Stroke(samples: [InputSample(position: Point(10, 20), time: 0), InputSample(position: Point(30, 25), time: 1)], style: style)))
        try page.apply(page.adding(Stroke(samples: [InputSample(position: Point(100, 5), time: 2)], style: style)))
        XCTAssertEqual(page.inkBounds, Rect(x: 8.4, y: 3.4, width: 93.2, height: 23.2))
    }

    func testEachNewPageHasItsOwnIdentity() {
        XCTAssertNotEqual(Page().id, Page().id)
        XCTAssertEqual(PageID("abc").rawValue, "abc")
    }
}
