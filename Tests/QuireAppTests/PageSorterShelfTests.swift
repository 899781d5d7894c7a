@testable import QuireApp
import QuireGeometry
import XCTest

/// The notebook shelf's arithmetic: where it lies, which notebook a point is on, how it scrolls.
final class PageSorterShelfTests: XCTestCase {
    private func shelf(width: Int = 1000, height: Int = 700, scale: Double = 1, count: Int, scroll: Double = 0) -> PageSorterShelf {
        PageSorterShelf(windowWidth: width, windowHeight: height, top: 64 * scale, scale: scale, count: count, scroll: scroll)
    }

    func testItRunsDownTheRightEdgeUnderTheHeaderAndNeverTakesMostOfANarrowWindow() {
        XCTAssertEqual(shelf(count: 3).frame, Rect(x: 764, y: 64, width: 236, height: 636))
        XCTAssertEqual(shelf(scale: 2, count: 3).frame.width, 450, "at scale 2 it would be 472 wide: 45 % of 1000 instead")
        XCTAssertEqual(shelf(width: 400, count: 3).frame, Rect(x: 220, y: 64, width: 180, height: 636))
    }

    func testAPointOnARowIsThatNotebookAndTheHeadingAndGapsAreNone() {
        let shelf = self.shelf(count: 3)
        for index in 0..<3 {
            let row = shelf.row(index)
            XCTAssertEqual(shelf.notebook(at: row.center), index)
            XCTAssertEqual(shelf.notebook(at: Point(row.minX + 1, row.minY + 1)), index)
            XCTAssertTrue(shelf.cover(index).minX >= row.minX && shelf.cover(index).maxX < shelf.title(index).minX)
        }
        XCTAssertNil(shelf.notebook(at: Point(shelf.row(0).center.x, shelf.frame.minY + 10)), "the heading")
        XCTAssertNil(shelf.notebook(at: Point(shelf.row(0).center.x, shelf.row(0).maxY + 2)), "between rows")
        XCTAssertNil(shelf.notebook(at: Point(shelf.row(2).center.x, shelf.row(2).center.y + PageSorterShelf.rowHeight)), "past the last")
        XCTAssertNil(shelf.notebook(at: Point(shelf.frame.minX - 5, shelf.row(0).center.y)), "left of the shelf")
        XCTAssertEqual(shelf.visibleRows, 0..<3)
    }

    func testManyNotebooksScrollAndTheRowsFollow() {
        let fits = shelf(count: 3)
        XCTAssertEqual(fits.maximumScroll, 0)
        XCTAssertEqual(fits.autoscrollVelocity(at: Point(900, 690)), 0, "everything shows: nothing to scroll")
        let many = shelf(count: 30)
        // 30 rows of 84 and a padding of 12, in 700 − 64 − 58 = 578.
        XCTAssertEqual(many.maximumScroll, 30 * 84 + 12 - 578)
        XCTAssertEqual(many.visibleRows, 0..<7)
        XCTAssertGreaterThan(many.autoscrollVelocity(at: Point(900, 695)), 0, "held at the bottom: down")
        XCTAssertLessThan(many.autoscrollVelocity(at: Point(900, many.rowsTop + 2)), 0, "held at the top: up")
        XCTAssertEqual(many.autoscrollVelocity(at: Point(900, 400)), 0)
        XCTAssertEqual(many.autoscrollVelocity(at: Point(500, 695)), 0, "off the shelf")
        let scrolled = shelf(count: 30, scroll: 84 * 10)
        XCTAssertEqual(scrolled.notebook(at: Point(900, scrolled.rowsTop + 40)), 10)
        XCTAssertEqual(scrolled.visibleRows, 10..<17)
        XCTAssertEqual(shelf(count: 30, scroll: 1e9).scroll, many.maximumScroll)
        XCTAssertEqual(shelf(count: 30, scroll: .nan).scroll, 0)
        XCTAssertEqual(shelf(count: 30, scroll: -5).scroll, 0)
    }
}
