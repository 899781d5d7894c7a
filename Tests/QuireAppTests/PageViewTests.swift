import QuireGeometry
import XCTest
@testable import QuireApp

final class PageViewTests: XCTestCase {
    func testZoomIsClampedToAQuarterAndEightTimes() {
        var view = PageView()
        for _ in 0..<40 { view.zoom(by: 2, around: .zero) }
        XCTAssertEqual(view.zoom, 8)
        for _ in 0..<40 { view.zoom(by: 0.5, around: .zero) }
        XCTAssertEqual(view.zoom, 0.25)
    }

    func testZoomKeepsTheAnchorOverTheSamePagePoint() {
        var view = PageView()
        view.pan(by: Point(40, -30))
        let anchor = Point(500, 400)
        let before = view.pageToWindow.inverted!.apply(anchor)
        view.zoom(by: 3, around: anchor)
        XCTAssertEqual(view.pageToWindow.apply(before).x, anchor.x, accuracy: 1e-9)
        XCTAssertEqual(view.pageToWindow.apply(before).y, anchor.y, accuracy: 1e-9)
    }

    func testNonsenseInputChangesNothing() {
        var view = PageView()
        view.zoom(by: .nan, around: .zero)
        view.zoom(by: 0, around: .zero)
        view.pan(by: Point(.infinity, 0))
        XCTAssertEqual(view, PageView())
    }
}
