@testable import QuireApp
import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
import QuireRender
import QuireStorage
import QuireText
import QuireX11
import XCTest

/// The page sorter without a window, on a real notebook file: what clicks, drags, touches, the wheel
/// and its keys ask for, and what it leaves to the window.
final class PageSorterTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "quire-sorter-\(UUID().uuidString)"
    private var store: NotebookStore!
    private var pages: [PageID] = []

    override func setUpWithError() throws {
        let library = NotebookLibrary(directory: folder)
        try library.ensureExists()
        store = try library.create(title: "Sorting", pages: (0..<40).map { _ in Page() })
        pages = try store.pageIDs()
    }

    override func tearDown() {
        try? store?.close()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Open on a 1000 × 700 window at page `current`.
    private func openSorter(current: Int = 0) -> PageSorter {
        let sorter = PageSorter(text: nil)
        sorter.open(pages: pages, current: current, thumbnails: PageThumbnails(store: store, report: { _ in }),
                    windowWidth: 1000, windowHeight: 700)
        return sorter
    }

    private func sample(_ p: Point) -> InputSample { InputSample(position: p, pressure: 0.5, time: 0, device: .pen) }
    private func key(_ keysym: UInt, _ text: String = "", control: Bool = false) -> WindowEvent {
        .key(KeyInput(keysym: keysym, text: text, control: control))
    }

    /// A pointer press at `points[0]`, moves through the rest, release at the last: the last handling.
    private func drag(_ sorter: PageSorter, _ points: [Point]) -> PageSorter.Handling {
        XCTAssertEqual(sorter.handle(.pointerDown(sample(points[0]), button: 1)), .taken)
        for p in points.dropFirst() { XCTAssertEqual(sorter.handle(.pointerMoved(sample(p))), .taken) }
        return sorter.handle(.pointerUp(sample(points.last!), button: 1))
    }

    func testOpeningHighlightsTheShownPageAndScrollsItIntoView() {
        let sorter = openSorter(current: 37)
        XCTAssertEqual(sorter.current, 37)
        XCTAssertEqual(sorter.selected, 37)
        XCTAssertTrue(sorter.layout.visibleCards(scroll: sorter.scroll).contains(37))
        XCTAssertGreaterThan(sorter.scroll, 0)
    }

    func testAClickOpensThePageAndClosesTheSorter() {
        let sorter = openSorter()
        let card = sorter.layout.cardRect(6, scroll: sorter.scroll)
        XCTAssertEqual(drag(sorter, [card.center, Point(card.center.x + 3, card.center.y + 2)]), .acted(.open(6)),
                       "a few pixels of wobble is still a click")
        XCTAssertFalse(sorter.isOpen)
        XCTAssertEqual(sorter.handle(.pointerDown(sample(card.center), button: 1)), .passed, "closed: events go to the page")
    }

    func testAClickBetweenCardsOrThatEndsOnAnotherCardDoesNothing() {
        let sorter = openSorter()
        let card = sorter.layout.cardRect(6, scroll: 0)
        XCTAssertEqual(drag(sorter, [Point(card.maxX + 8, card.center.y)]), .taken)
        XCTAssertTrue(sorter.isOpen)
    }

    func testDraggingAPageAsksToMoveItWhereTheBarShows() {
        let sorter = openSorter()
        let third = sorter.layout.cardRect(2, scroll: 0), first = sorter.layout.cardRect(0, scroll: 0)
        let target = Point(first.minX + 10, first.center.y)
        XCTAssertEqual(sorter.handle(.pointerDown(sample(third.center), button: 1)), .taken)
        _ = sorter.handle(.pointerMoved(sample(Point(third.center.x - 40, third.center.y))))
        _ = sorter.handle(.pointerMoved(sample(target)))
        XCTAssertEqual(sorter.drop?.page, 2)
        XCTAssertEqual(sorter.drop?.slot?.slot, 0)
        XCTAssertEqual(sorter.handle(.pointerUp(sample(target), button: 1)), .acted(.move(from: 2, to: 0)))
        XCTAssertNil(sorter.drop)
        XCTAssertTrue(sorter.isOpen)
        // Dropped where it was: nothing.
        XCTAssertEqual(drag(sorter, [third.center, Point(third.center.x + 30, third.center.y), Point(third.maxX - 5, third.center.y)]), .taken)
    }

    func testAPageHeldAtTheBottomEdgeScrollsTheGridAndDropsWhereItGotTo() {
        let sorter = openSorter()
        XCTAssertEqual(sorter.autoscrollVelocity(at: Point(500, 400)), 0, "away from the edges")
        XCTAssertEqual(sorter.autoscrollVelocity(at: Point(500, 700)), PageSorter.autoscrollSpeed, "at the very bottom: full speed")
        XCTAssertEqual(sorter.autoscrollVelocity(at: Point(500, 700 - 24)), PageSorter.autoscrollSpeed / 2, accuracy: 1e-9)
        XCTAssertEqual(sorter.autoscrollVelocity(at: Point(500, 64)), -PageSorter.autoscrollSpeed, "under the header: up")
        let card = sorter.layout.cardRect(1, scroll: 0).center
        _ = sorter.handle(.pointerDown(sample(card), button: 1))
        _ = sorter.handle(.pointerMoved(sample(Point(card.x, 500))))
        _ = sorter.handle(.pointerMoved(sample(Point(card.x, 699))))
        XCTAssertTrue(sorter.autoscroll(now: 10), "held at the edge: it goes on (the first frame only notes the time)")
        XCTAssertEqual(sorter.scroll, 0)
        // A second's frames at 60 Hz: as many pixels as the speed (less the first, slower, bit).
        for frame in 1...60 { XCTAssertTrue(sorter.autoscroll(now: 10 + Double(frame) / 60)) }
        XCTAssertEqual(sorter.scroll, PageSorter.autoscrollSpeed * 47 / 48, accuracy: 1)
        // A long pause between frames moves it no more than a twentieth of a second's worth.
        let before = sorter.scroll
        sorter.autoscroll(now: 100)
        XCTAssertLessThanOrEqual(sorter.scroll - before, PageSorter.autoscrollSpeed / 20 + 1e-9)
        guard case let .acted(.move(from, to)) = sorter.handle(.pointerUp(sample(Point(card.x, 699)), button: 1)) else {
            return XCTFail("the page was not moved")
        }
        XCTAssertEqual(from, 1)
        XCTAssertGreaterThan(to, 20, "dropped among the rows scrolled to")
        XCTAssertFalse(sorter.autoscroll(now: 101), "let go: no more scrolling")
    }

    func testTheWheelAFingerAndADragBetweenCardsScroll() {
        let sorter = openSorter()
        XCTAssertEqual(sorter.handle(.scroll(dx: 0, dy: 2, at: Point(500, 400), control: false)), .taken)
        XCTAssertEqual(sorter.scroll, 2 * PageSorterLayout.notch)
        XCTAssertEqual(sorter.direction, 1)
        _ = sorter.handle(.scroll(dx: 0, dy: -1, at: Point(500, 400), control: false))
        XCTAssertEqual(sorter.scroll, PageSorterLayout.notch)
        XCTAssertEqual(sorter.direction, -1)
        _ = sorter.handle(.scroll(dx: 0, dy: -5, at: Point(500, 400), control: false))
        XCTAssertEqual(sorter.scroll, 0, "stops at the top")
        // A finger on a card scrolls (it never moves pages): up 300 px is 300 px further down the grid.
        let card = sorter.layout.cardRect(11, scroll: 0)
        XCTAssertEqual(sorter.handle(.touchBegan(id: 3, at: card.center, time: 0)), .taken)
        XCTAssertEqual(sorter.handle(.touchMoved(id: 3, at: Point(card.center.x, card.center.y - 300), time: 0.1)), .taken)
        XCTAssertEqual(sorter.handle(.touchEnded(id: 3, at: Point(card.center.x, card.center.y - 300), time: 0.2)), .taken)
        XCTAssertEqual(sorter.scroll, 300)
        // The pen dragged from between cards scrolls too, and never past the end.
        let gap = Point(sorter.layout.cardRect(1, scroll: 300).maxX + 8, 400)
        XCTAssertEqual(drag(sorter, [gap, Point(gap.x, gap.y - 5000)]), .taken)
        XCTAssertEqual(sorter.scroll, sorter.layout.maximumScroll)
        // A finger that rests on a page before moving carries it.
        let resting = sorter.layout.cardRect(30, scroll: sorter.scroll).center
        let before = sorter.layout.cardRect(25, scroll: sorter.scroll)
        _ = sorter.handle(.touchBegan(id: 5, at: resting, time: 2))
        XCTAssertEqual(sorter.handle(.touchMoved(id: 5, at: Point(resting.x, resting.y - 30), time: 2 + PageSorter.touchHold)), .taken)
        XCTAssertEqual(sorter.drop?.page, 30)
        XCTAssertEqual(sorter.handle(.touchEnded(id: 5, at: Point(before.minX + 8, before.center.y), time: 3)), .acted(.move(from: 30, to: 25)))
        // A tap opens.
        let tapped = sorter.layout.cardRect(38, scroll: sorter.scroll).center
        _ = sorter.handle(.touchBegan(id: 4, at: tapped, time: 1))
        XCTAssertEqual(sorter.handle(.touchEnded(id: 4, at: tapped, time: 1.1)), .acted(.open(38)))
    }

    func testThePlusCardAndTheKeysAddAndRemovePages() {
        let sorter = openSorter(current: 4)
        XCTAssertEqual(sorter.handle(key(Keysym.delete)), .acted(.remove(4)))
        XCTAssertEqual(sorter.handle(key(Keysym.insert)), .acted(.add(at: 5)), "after the selected page")
        XCTAssertEqual(sorter.handle(key(Keysym.right)), .taken)
        XCTAssertEqual(sorter.selected, 5)
        XCTAssertEqual(sorter.handle(key(Keysym.down)), .taken)
        XCTAssertEqual(sorter.selected, 5 + sorter.layout.columns)
        sorter.update(pages: pages + [PageID()], current: 4)
        XCTAssertEqual(sorter.layout.count, 41)
        _ = sorter.handle(key(Keysym.end))
        XCTAssertEqual(sorter.selected, 40)
        let plus = sorter.layout.cardRect(41, scroll: sorter.scroll)
        XCTAssertEqual(drag(sorter, [plus.center]), .acted(.add(at: 41)))
        XCTAssertEqual(sorter.handle(key(Keysym.returnKey)), .acted(.open(40)))
        XCTAssertFalse(sorter.isOpen)
    }

    func testEscapeAndF2CloseAndTheWindowsOwnKeysPassThrough() {
        let sorter = openSorter()
        XCTAssertEqual(sorter.handle(key(0x71, "q", control: true)), .passed, "Ctrl+Q still quits")
        XCTAssertEqual(sorter.handle(key(0x70, "p")), .taken, "tool keys do nothing behind the sorter")
        XCTAssertEqual(sorter.handle(key(Keysym.f2)), .closed)
        XCTAssertFalse(sorter.isOpen)
        let again = openSorter()
        XCTAssertEqual(again.handle(key(Keysym.escape)), .closed)
    }

    func testTheToolbarsPagesButtonAndF2OpenIt() {
        XCTAssertEqual(ToolbarButton.pages.action, .showPageSorter)
        XCTAssertEqual(Toolbar(text: nil).tooltip(for: .pages), "Pages — F2")
        XCTAssertEqual(KeyTable.action(for: KeyInput(keysym: Keysym.f2, text: "")), .showPageSorter)
        XCTAssertFalse(ToolbarIcons.icon(.pages, in: Rect(x: 0, y: 0, width: 24, height: 24)).isEmpty)
    }

    func testItDrawsOnlyTheCardsInView() {
        let sorter = openSorter()
        let few = sorter.overlay().count
        pages = (0..<500).map { _ in PageID() }
        let many = openSorter()
        _ = many.handle(.scroll(dx: 0, dy: 40, at: Point(500, 400), control: false))
        XCTAssertLessThanOrEqual(many.overlay().count, few + 4, "500 pages draw no more items than 40")
    }

    // MARK: The notebook shelf

    private let others = [(path: "/notebooks/b.quire", title: "Biology"), (path: "/notebooks/c.quire", title: "Chemistry")]

    private func openSorterWithShelf() -> PageSorter {
        let sorter = PageSorter(text: nil)
        sorter.open(pages: pages, current: 0, thumbnails: PageThumbnails(store: store, report: { _ in }),
                    windowWidth: 1000, windowHeight: 700, notebooks: others)
        return sorter
    }

    /// Presses page `card`, drags it onto the shelf's notebook `notebook` and lets go (Ctrl held or not).
    private func dropOnShelf(_ sorter: PageSorter, card: Int, notebook: Int?, control: Bool = false,
                             file: StaticString = #filePath, line: UInt = #line) -> PageSorter.Handling {
        let start = sorter.layout.cardRect(card, scroll: sorter.scroll).center
        XCTAssertEqual(sorter.handle(.pointerDown(sample(start), button: 1)), .taken, file: file, line: line)
        XCTAssertNil(sorter.shelf, "no shelf before the page is dragged", file: file, line: line)
        _ = sorter.handle(.pointerMoved(sample(Point(start.x + 30, start.y))))
        guard let shelf = sorter.shelf else {
            XCTFail("dragging a page shows the shelf", file: file, line: line)
            return .taken
        }
        let target = notebook.map { shelf.row($0).center } ?? Point(shelf.frame.center.x, shelf.frame.minY + 10)
        _ = sorter.handle(.pointerMoved(sample(target)))
        XCTAssertEqual(sorter.shelfTarget, notebook, file: file, line: line)
        XCTAssertEqual(sorter.drop?.page, card, file: file, line: line)
        XCTAssertNil(sorter.drop?.slot, "no bar in the grid while over the shelf", file: file, line: line)
        return sorter.handle(.pointerUp(sample(target), button: 1, control: control))
    }

    func testDroppingAPageOnANotebookOnTheShelfMovesItThereAndCtrlCopies() {
        XCTAssertEqual(dropOnShelf(openSorterWithShelf(), card: 3, notebook: 1), .acted(.send(3, toNotebook: "/notebooks/c.quire", copy: false)))
        XCTAssertEqual(dropOnShelf(openSorterWithShelf(), card: 5, notebook: 0, control: true),
                       .acted(.send(5, toNotebook: "/notebooks/b.quire", copy: true)))
        let sorter = openSorterWithShelf()
        XCTAssertEqual(dropOnShelf(sorter, card: 3, notebook: nil), .taken, "dropped on the heading: nothing")
        XCTAssertNil(sorter.shelf, "the shelf goes with the drag")
        XCTAssertTrue(sorter.isOpen)
    }

    func testTheShelfShowsOnlyWhileAPageIsDraggedAndOnlyWithOtherNotebooks() throws {
        let sorter = openSorterWithShelf()
        // A drag from between cards scrolls: no page, no shelf.
        let gap = Point(sorter.layout.cardRect(0, scroll: 0).maxX + 8, sorter.layout.cardRect(0, scroll: 0).center.y)
        _ = sorter.handle(.pointerDown(sample(gap), button: 1))
        _ = sorter.handle(.pointerMoved(sample(Point(gap.x, gap.y - 60))))
        XCTAssertNil(sorter.shelf)
        _ = sorter.handle(.pointerUp(sample(Point(gap.x, gap.y - 60)), button: 1))
        // Without other notebooks a drag over the right edge drops in the grid as before.
        let alone = openSorter()
        let start = alone.layout.cardRect(2, scroll: 0).center
        _ = alone.handle(.pointerDown(sample(start), button: 1))
        _ = alone.handle(.pointerMoved(sample(Point(start.x + 30, start.y))))
        XCTAssertNil(alone.shelf)
        let last = alone.layout.cardRect(alone.layout.columns - 1, scroll: 0)
        let end = Point(last.maxX + 2, last.center.y)
        _ = alone.handle(.pointerMoved(sample(end)))
        XCTAssertEqual(alone.handle(.pointerUp(sample(end), button: 1, control: true)),
                       .acted(.move(from: 2, to: alone.layout.columns - 1)))
    }

    func testAPageHeldAtTheShelfsBottomScrollsItsRowsNotTheGridAndStopsAtTheEnd() throws {
        let sorter = PageSorter(text: nil)
        sorter.open(pages: pages, current: 0, thumbnails: PageThumbnails(store: store, report: { _ in }),
                    windowWidth: 1000, windowHeight: 700, notebooks: (0..<30).map { ("/notebooks/\($0).quire", "N\($0)") })
        let start = sorter.layout.cardRect(1, scroll: 0).center
        _ = sorter.handle(.pointerDown(sample(start), button: 1))
        _ = sorter.handle(.pointerMoved(sample(Point(start.x + 30, start.y))))
        let shelf = try XCTUnwrap(sorter.shelf)
        _ = sorter.handle(.pointerMoved(sample(Point(shelf.frame.center.x, 699))))
        XCTAssertTrue(sorter.autoscroll(now: 10))
        var frames = 0
        while sorter.autoscroll(now: 10 + Double(frames + 1) / 60), frames < 600 { frames += 1 }
        XCTAssertEqual(sorter.shelfScroll, shelf.maximumScroll, "the rows scrolled to their end")
        XCTAssertEqual(sorter.scroll, 0, "the grid stayed")
        sorter.needsFrame = false
        XCTAssertFalse(sorter.autoscroll(now: 30))
        XCTAssertFalse(sorter.needsFrame, "held at the end: no more frames")
        XCTAssertEqual(sorter.shelf?.notebook(at: Point(shelf.frame.center.x, 670)), 29, "the last notebook shows at the bottom")
    }

    func testTheShelfIsDrawnWithTheNotebookUnderThePageLit() {
        let sorter = openSorterWithShelf()
        let idle = sorter.overlay().count
        let start = sorter.layout.cardRect(1, scroll: 0).center
        _ = sorter.handle(.pointerDown(sample(start), button: 1))
        _ = sorter.handle(.pointerMoved(sample(Point(start.x + 30, start.y))))
        let away = sorter.overlay()
        _ = sorter.handle(.pointerMoved(sample(sorter.shelf!.row(1).center)))
        let over = sorter.overlay()
        XCTAssertGreaterThanOrEqual(away.count, idle + 2 + 2 + 4, "panel, edge, heading band, two covers, the lifted card")
        func litRows(_ items: [OverlayItem]) -> Int {
            items.filter { if case let .polygon(_, color) = $0 { color == PageSorter.shelfTarget } else { false } }.count
        }
        XCTAssertEqual(litRows(away), 0)
        XCTAssertEqual(litRows(over), 1)
        XCTAssertEqual(over.count, away.count + 2 - 1, "the lit row's fill and ring, and no bar in the grid")
    }

    func testItsWordsAndNumbersAreTextFromTheGlyphAtlas() throws {
        let text: TextRasterizer
        do { text = try TextRasterizer() } catch { throw XCTSkip("the interface font is missing (\(error)); Packaging/setup-debian.sh installs it") }
        let sorter = PageSorter(text: text)
        sorter.open(pages: pages, current: 0, thumbnails: PageThumbnails(store: store, report: { _ in }), windowWidth: 1000, windowHeight: 700)
        let items = sorter.overlay()
        let shown = sorter.layout.visibleCards(scroll: sorter.scroll).filter { $0 < pages.count }.count
        let texts = items.filter { if case .text = $0 { true } else { false } }.count
        // No page has a thumbnail: each card shows its number, and its number is under it too.
        XCTAssertEqual(texts, 2 * shown + 2, "numbers on and under \(shown) cards, the page count and the hint")
        XCTAssertFalse(items.contains { if case .image = $0 { true } else { false } }, "no line of text is a picture of its own")
    }
}
