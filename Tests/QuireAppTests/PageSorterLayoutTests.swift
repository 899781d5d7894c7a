@testable import QuireApp
import QuireGeometry
import XCTest

/// The page sorter's grid as arithmetic: columns that fit, where each card is, which cards show at a
/// scroll, what a point is over, where a dragged page would land, and how far the grid scrolls.
final class PageSorterLayoutTests: XCTestCase {
    // 1000 px wide at 1×: (1000 − 56 + 22) / 172 = 5.6 → 5 columns of 150 with 22 between (838 px), left 81.
    private let layout = PageSorterLayout(windowWidth: 1000, windowHeight: 700, scale: 1, count: 23)

    func testColumnsFitTheWindowAndTheGridIsCentred() {
        XCTAssertEqual(layout.columns, 5)
        XCTAssertEqual(layout.left, 81)
        XCTAssertEqual(layout.rows, 5, "23 pages and the + card")
        XCTAssertEqual(PageSorterLayout(windowWidth: 100, windowHeight: 700, scale: 1, count: 3).columns, 1, "never no column")
        let double = PageSorterLayout(windowWidth: 2000, windowHeight: 1400, scale: 2, count: 23)
        XCTAssertEqual(double.columns, 5)
        XCTAssertEqual(double.cardRect(7, scroll: 0).width, 300)
    }

    func testCardRectsFollowRowsAndScroll() {
        let pitch = layout.rowPitch
        XCTAssertEqual(pitch, 194 + 24 + 22)
        // Under the 64 px header and 14 px more.
        XCTAssertEqual(layout.cardRect(0, scroll: 0), Rect(x: 81, y: 78, width: 150, height: 194))
        XCTAssertEqual(layout.cardRect(7, scroll: 0), Rect(x: 81 + 2 * 172, y: 78 + pitch, width: 150, height: 194))
        XCTAssertEqual(layout.cardRect(7, scroll: 100).minY, 78 + pitch - 100)
        XCTAssertEqual(layout.labelRect(7, scroll: 0).minY, 78 + pitch + 194)
    }

    func testOnlyTheRowsInTheWindowAreVisible() {
        // 700 px from 78: rows 0–2 show (row 2 starts at 558).
        XCTAssertEqual(layout.visibleCards(scroll: 0), 0..<15)
        // Scrolled 300 px, row 0 (card and number 218 px) has gone under the header…
        XCTAssertEqual(layout.visibleCards(scroll: 300), 5..<20)
        // …and at the bottom the + card (index 23) is drawn too.
        XCTAssertEqual(layout.visibleCards(scroll: layout.maximumScroll).upperBound, 24)
    }

    func testScrollingStopsAtBothEnds() {
        XCTAssertEqual(layout.contentHeight, 78 + 5 * layout.rowPitch - 22 + 28)
        XCTAssertEqual(layout.maximumScroll, layout.contentHeight - 700)
        XCTAssertEqual(layout.clamped(-50), 0)
        XCTAssertEqual(layout.clamped(1e9), layout.maximumScroll)
        XCTAssertEqual(layout.clamped(.nan), 0)
        XCTAssertEqual(PageSorterLayout(windowWidth: 1000, windowHeight: 2000, scale: 1, count: 3).maximumScroll, 0, "fits: no scrolling")
    }

    func testHitTestingFindsCardsButNotTheGapsOrTheHeader() {
        let card = layout.cardRect(12, scroll: 250)
        XCTAssertEqual(layout.card(at: card.center, scroll: 250), 12)
        XCTAssertEqual(layout.card(at: Point(card.minX + 1, card.maxY - 1), scroll: 250), 12)
        XCTAssertNil(layout.card(at: Point(card.maxX + 5, card.center.y), scroll: 250), "the gap between columns")
        XCTAssertNil(layout.card(at: Point(card.center.x, card.maxY + 5), scroll: 250), "the number under a card")
        XCTAssertNil(layout.card(at: Point(layout.left + 10, 30), scroll: 0), "the header")
        XCTAssertNil(layout.card(at: Point(10, 100), scroll: 0), "left of the grid")
        // The + card is card 23; nothing after it.
        XCTAssertEqual(layout.card(at: layout.cardRect(23, scroll: 400).center, scroll: 400), 23)
        XCTAssertNil(layout.card(at: layout.cardRect(24, scroll: 400).center, scroll: 400))
    }

    func testDropSlotsAreTheNearestGap() {
        let card = layout.cardRect(7, scroll: 0)
        // Over a card's left half: before it; right half: after it.
        XCTAssertEqual(layout.dropSlot(at: Point(card.minX + 10, card.center.y), scroll: 0).slot, 7)
        XCTAssertEqual(layout.dropSlot(at: Point(card.maxX - 10, card.center.y), scroll: 0).slot, 8)
        // Past the row's last card: after it, the bar drawn at the row's end (column 5), not the next row's start.
        let last = layout.cardRect(9, scroll: 0)
        let end = layout.dropSlot(at: Point(last.maxX + 30, last.center.y), scroll: 0)
        XCTAssertEqual(end.slot, 10)
        XCTAssertEqual(end.row, 1)
        XCTAssertEqual(end.column, 5)
        XCTAssertEqual(layout.dropIndicator(row: 1, column: 5, scroll: 0).center.x, last.maxX + 11, accuracy: 1e-9)
        // Above the grid: the first slot; below the last page: after it.
        XCTAssertEqual(layout.dropSlot(at: Point(layout.left, 0), scroll: 0).slot, 0)
        XCTAssertEqual(layout.dropSlot(at: Point(900, 5000), scroll: 0).slot, 23)
    }

    func testADroppedPageLandsWhereItsNeighboursCloseUp() {
        // Page 3 (index 2) dropped before page 1: index 0. Page 1 dropped after page 3 (slot 3): index 2.
        XCTAssertEqual(PageSorterLayout.destination(from: 2, slot: 0), 0)
        XCTAssertEqual(PageSorterLayout.destination(from: 0, slot: 3), 2)
        XCTAssertNil(PageSorterLayout.destination(from: 4, slot: 4), "just before itself")
        XCTAssertNil(PageSorterLayout.destination(from: 4, slot: 5), "just after itself")
    }

    func testPrefetchReachesAheadOfTheScrolling() {
        // Visible rows 1–3 at scroll 300 (cards 5..<20); three rows ahead, one behind.
        XCTAssertEqual(layout.prefetchPages(scroll: 300, direction: -1, ahead: 3), 0..<23, "up: rows 0–4")
        XCTAssertEqual(layout.prefetchPages(scroll: 300, direction: 1, ahead: 3), 0..<23, "down: rows 0–4, the + card left out")
        let big = PageSorterLayout(windowWidth: 1000, windowHeight: 700, scale: 1, count: 500)
        let scroll = 20 * big.rowPitch
        let visible = big.visibleCards(scroll: scroll)
        XCTAssertEqual(visible, 100..<115)
        XCTAssertEqual(big.prefetchPages(scroll: scroll, direction: 1, ahead: 3), 95..<130)
        XCTAssertEqual(big.prefetchPages(scroll: scroll, direction: -1, ahead: 3), 85..<120)
    }

    func testRevealingACardScrollsAsLittleAsItCan() {
        let big = PageSorterLayout(windowWidth: 1000, windowHeight: 700, scale: 1, count: 500)
        XCTAssertEqual(big.scroll(revealing: 7, from: 0), 0, "already in view")
        let down = big.scroll(revealing: 250, from: 0)
        XCTAssertEqual(big.labelRect(250, scroll: down).maxY + 22, 700, accuracy: 1e-9, "its number just in view at the bottom")
        let up = big.scroll(revealing: 3, from: down)
        XCTAssertEqual(up, 0)
    }
}
