@testable import QuireApp
import QuireGeometry
import QuireInk
import QuireX11
import XCTest

/// The notebook list without a window: its layout and hit testing at two scales, the title entry's
/// typing and validation, and what presses, drags, the wheel and keys do to the open list (and that
/// none of them reaches the page under it).
final class NotebookListTests: XCTestCase {
    private func down(_ p: Point, button: Int = 1) -> WindowEvent { .pointerDown(InputSample(position: p, time: 0), button: button) }
    private func moved(_ p: Point) -> WindowEvent { .pointerMoved(InputSample(position: p, time: 0)) }
    private func up(_ p: Point) -> WindowEvent { .pointerUp(InputSample(position: p, time: 0), button: 1) }
    private func key(_ text: String, keysym: UInt? = nil, control: Bool = false) -> KeyInput {
        KeyInput(keysym: keysym ?? UInt(text.unicodeScalars.first!.value), text: text, control: control)
    }
    private static let returnKey = KeyInput(keysym: 0xff0d, text: "\r"), escape = KeyInput(keysym: 0xff1b, text: "\u{1b}")
    private static let backspace = KeyInput(keysym: 0xff08, text: "\u{8}")

    private func items(_ count: Int) -> [NotebookList.Item] {
        (0..<count).map { NotebookList.Item(path: "/library/Notebook \($0 + 1).quire", title: "Notebook \($0 + 1)") }
    }

    private func openList(count: Int = 3, width: Int = 1000, height: Int = 800) -> NotebookList {
        let list = NotebookList(text: nil)
        list.resize(width: width, height: height)
        list.open()
        let notebooks = items(count)
        list.show(notebooks: notebooks, trashed: [NotebookList.Item(path: "/library/.trash/Old 2026-01-01T000000Z.quire", title: "Old")],
                  current: notebooks[0].path)
        return list
    }

    private func click(_ list: NotebookList, _ point: Point) -> NotebookList.Handling {
        XCTAssertEqual(list.handle(down(point)), .taken)
        return list.handle(up(point))
    }

    // MARK: Layout

    func testTilesFillRowsWithinTheGridAndEveryPartIsHitAtItsCentre() {
        let layout = NotebookListLayout(count: 7, mode: .library, windowWidth: 1000, windowHeight: 800, scale: 1)
        XCTAssertEqual(layout.panel, Rect(x: 24, y: 24, width: 952, height: 752))
        // (952 − 40 + 22) / (176 + 22) = 4 whole columns.
        XCTAssertEqual(layout.columns, 4)
        XCTAssertEqual(layout.tiles.count, 7)
        XCTAssertEqual(layout.tiles[4].frame.minX, layout.tiles[0].frame.minX, "the fifth begins the second row")
        XCTAssertEqual(layout.tiles[4].frame.minY, layout.tiles[0].frame.maxY + NotebookListLayout.rowGap)
        XCTAssertEqual(layout.tiles[0].frame.minX - layout.grid.minX, layout.grid.maxX - layout.tiles[3].frame.maxX, accuracy: 1e-9,
                       "the grid is centred")
        for (index, tile) in layout.tiles.enumerated() where layout.grid.contains(tile.frame.center) {
            XCTAssertEqual(layout.part(at: tile.cover.center), .tile(index))
            XCTAssertEqual(layout.part(at: tile.title.center), .tile(index))
            XCTAssertEqual(tile.actions.map(\.0), [.rename, .duplicate, .trash])
            XCTAssertEqual(tile.actions.last!.1.maxX, tile.frame.maxX, accuracy: 1e-9, "the buttons fill the tile's width")
            for (action, rect) in tile.actions { XCTAssertEqual(layout.part(at: rect.center), .action(index, action)) }
        }
        XCTAssertEqual(layout.headerButtons.map(\.0), [.new, .newEndless, .trash, .close])
        for (button, rect) in layout.headerButtons {
            XCTAssertEqual(layout.part(at: rect.center), .header(button))
            XCTAssertLessThanOrEqual(rect.maxX, layout.panel.maxX)
        }
        XCTAssertEqual(layout.part(at: Point(layout.tiles[0].frame.maxX + 5, layout.tiles[0].cover.center.y)), .panel, "between tiles")
        XCTAssertNil(layout.part(at: Point(10, 10)), "the margin is off the panel")
        XCTAssertEqual(layout.maximumScroll, 0, "two rows fit: nothing to scroll")
        let more = NotebookListLayout(count: 13, mode: .library, windowWidth: 1000, windowHeight: 800, scale: 1)
        XCTAssertEqual(more.maximumScroll, 4 * NotebookListLayout.tileHeight + 3 * NotebookListLayout.rowGap + 2 * NotebookListLayout.ringRoom
                       - more.grid.height,
                       accuracy: 1e-9, "four rows scroll by what does not fit")
    }

    func testTheTrashHasRestoreOnlyAndABackButton() {
        let layout = NotebookListLayout(count: 2, mode: .trash, windowWidth: 1000, windowHeight: 800, scale: 1)
        XCTAssertEqual(layout.headerButtons.map(\.0), [.back, .close])
        XCTAssertEqual(layout.tiles[1].actions.map(\.0), [.restore])
        XCTAssertEqual(layout.tiles[1].actions[0].1.width, layout.tiles[1].frame.width)
        XCTAssertEqual(layout.part(at: layout.tiles[1].actions[0].1.center), .action(1, .restore))
    }

    func testTwiceTheScaleIsTwiceTheSizeAndASmallWindowDrawsSmaller() {
        let one = NotebookListLayout(count: 3, mode: .library, windowWidth: 2000, windowHeight: 1600, scale: 1)
        let two = NotebookListLayout(count: 3, mode: .library, windowWidth: 2000, windowHeight: 1600, scale: 2)
        XCTAssertEqual(two.tiles[0].cover.width, 2 * one.tiles[0].cover.width)
        XCTAssertEqual(two.header.height, 2 * one.header.height)
        let small = NotebookListLayout(count: 3, mode: .library, windowWidth: 400, windowHeight: 300, scale: 1)
        XCTAssertLessThan(small.scale, 1)
        XCTAssertGreaterThanOrEqual(small.scale, 0.5)
        XCTAssertTrue(small.tiles.allSatisfy { small.panel.contains(Point($0.frame.maxX, $0.frame.minY)) }, "every column fits across")
        XCTAssertLessThanOrEqual(small.tiles[0].frame.maxY, small.grid.maxY, "a whole tile fits down")
    }

    func testScrollIsKeptWithinTheContentAndBringsATileIntoView() {
        let layout = NotebookListLayout(count: 30, mode: .library, windowWidth: 1000, windowHeight: 800, scale: 1, scroll: 1e9)
        XCTAssertEqual(layout.scroll, layout.maximumScroll)
        XCTAssertEqual(layout.tiles[29].frame.maxY + NotebookListLayout.ringRoom, layout.grid.maxY, accuracy: 1e-9,
                       "scrolled to the end, the last row ends the grid")
        XCTAssertEqual(NotebookListLayout(count: 30, mode: .library, windowWidth: 1000, windowHeight: 800, scale: 1, scroll: -5).scroll, 0)
        XCTAssertEqual(NotebookListLayout(count: 30, mode: .library, windowWidth: 1000, windowHeight: 800, scale: 1, scroll: .nan).scroll, 0)
        let top = NotebookListLayout(count: 30, mode: .library, windowWidth: 1000, windowHeight: 800, scale: 1)
        let wanted = top.scroll(showing: 29)
        let shown = NotebookListLayout(count: 30, mode: .library, windowWidth: 1000, windowHeight: 800, scale: 1, scroll: wanted)
        XCTAssertTrue(shown.grid.contains(Point(shown.tiles[29].frame.minX + 1, shown.tiles[29].frame.minY + 1)))
        XCTAssertTrue(shown.grid.contains(Point(shown.tiles[29].frame.maxX - 1, shown.tiles[29].frame.maxY - 1)))
        XCTAssertEqual(top.scroll(showing: 0), 0)
        // A tile scrolled under the header cannot be pressed there.
        let scrolled = NotebookListLayout(count: 30, mode: .library, windowWidth: 1000, windowHeight: 800, scale: 1, scroll: 100)
        XCTAssertEqual(scrolled.part(at: Point(scrolled.tiles[0].cover.center.x, scrolled.header.center.y)), .panel)
    }

    // MARK: Titles

    func testTypingEditsTheTitleAndEnterAppliesItTrimmed() {
        var entry = TitleEntry(path: "/a.quire", title: "Notebook 3")
        for _ in 0..<10 { XCTAssertEqual(entry.type(Self.backspace), .editing) }
        XCTAssertEqual(entry.text, "")
        XCTAssertEqual(entry.type(Self.backspace), .editing, "BackSpace on nothing is nothing")
        for text in ["P", "h", "y", "s", "i", "k", " ", "é", "t", "é", " "] { XCTAssertEqual(entry.type(key(text)), .editing) }
        XCTAssertEqual(entry.type(key("日本")), .editing, "an input method's text comes whole")
        XCTAssertEqual(entry.text, "Physik été 日本")
        XCTAssertEqual(entry.type(key("\u{7}")), .editing)
        XCTAssertEqual(entry.text, "Physik été 日本", "a control character types nothing")
        XCTAssertEqual(entry.type(key("a", control: true)), .editing)
        XCTAssertEqual(entry.text, "Physik été 日本", "a Ctrl chord types nothing")
        XCTAssertEqual(entry.type(key(" ")), .editing)
        XCTAssertEqual(entry.type(Self.returnKey), .entered("Physik été 日本"))
        XCTAssertEqual(entry.type(Self.escape), .cancelled)
    }

    func testEmptyOverLongAndPathLikeTitlesAreRefusedWithAReason() {
        var entry = TitleEntry(path: "/a.quire", title: "A")
        XCTAssertEqual(entry.type(Self.backspace), .editing)
        XCTAssertEqual(entry.type(key(" ")), .editing)
        XCTAssertEqual(entry.type(Self.returnKey), .editing, "only spaces is empty")
        XCTAssertEqual(entry.refusal, "a title cannot be empty")
        XCTAssertEqual(entry.type(key("x")), .editing)
        XCTAssertNil(entry.refusal, "typing again clears the refusal")
        for _ in 0..<(TitleEntry.maximumLength - 2) { _ = entry.type(key("y")) }
        XCTAssertEqual(entry.text.count, TitleEntry.maximumLength)
        XCTAssertEqual(entry.type(key("z")), .editing)
        XCTAssertEqual(entry.text.count, TitleEntry.maximumLength, "the key past the longest title is refused")
        XCTAssertEqual(entry.refusal, TitleEntry.tooLong)
        XCTAssertEqual(TitleEntry.problem(with: "a/b"), "a `/` would make it a path when it is named")
        XCTAssertNotNil(TitleEntry.problem(with: "notes.quire"))
        XCTAssertNil(TitleEntry.problem(with: "Notes: week 1"))
        XCTAssertEqual(TitleEntry(path: "/a", title: String(repeating: "w", count: 300)).text.count, TitleEntry.maximumLength)
    }

    // MARK: The open list

    func testATapOnAnotherNotebookAsksToOpenItAndOnlyAReleaseOverThePressActs() throws {
        let list = openList()
        let layout = list.layout
        XCTAssertEqual(click(list, layout.tiles[1].cover.center), .request(.open(path: "/library/Notebook 2.quire")))
        // Pressed on one tile, released on another: nothing.
        XCTAssertEqual(list.handle(down(layout.tiles[1].cover.center)), .taken)
        XCTAssertEqual(list.handle(up(layout.tiles[2].cover.center)), .taken)
        // The pen's side button or the mouse's right button does nothing.
        XCTAssertEqual(list.handle(down(layout.tiles[1].cover.center, button: 3)), .taken)
        // A touch taps as the pointer clicks.
        XCTAssertEqual(list.handle(.touchBegan(id: 4, at: layout.tiles[2].title.center, time: 0)), .taken)
        XCTAssertEqual(list.handle(.touchEnded(id: 4, at: layout.tiles[2].title.center, time: 0.1)),
                       .request(.open(path: "/library/Notebook 3.quire")))
    }

    func testRenameTypesInPlaceAndEnterAsksForTheNewTitleEscapeCancels() throws {
        let list = openList()
        let rename = try XCTUnwrap(list.layout.tiles[1].actions.first { $0.0 == .rename }).1
        XCTAssertEqual(click(list, rename.center), .taken)
        XCTAssertEqual(list.entry?.text, "Notebook 2")
        for _ in 0..<2 { XCTAssertEqual(list.handle(.key(Self.backspace)), .taken) }
        XCTAssertEqual(list.handle(.key(key("p"))), .taken, "a tool's key types into the title")
        XCTAssertEqual(list.handle(.key(Self.returnKey)), .request(.rename(path: "/library/Notebook 2.quire", title: "Notebookp")))
        XCTAssertNil(list.entry)
        XCTAssertEqual(click(list, rename.center), .taken)
        for _ in 0..<"Notebook 2".count { _ = list.handle(.key(Self.backspace)) }
        XCTAssertEqual(list.handle(.key(Self.returnKey)), .taken, "an empty title is refused")
        XCTAssertEqual(list.message, "a title cannot be empty", "and the footer says why")
        XCTAssertNotNil(list.entry, "the field stays to be corrected")
        XCTAssertEqual(list.handle(.key(Self.escape)), .taken, "Escape cancels the typing")
        XCTAssertNil(list.entry)
        XCTAssertTrue(list.isOpen, "and only the typing")
        XCTAssertEqual(list.handle(.key(Self.escape)), .closed)
        XCTAssertFalse(list.isOpen)
    }

    func testNewDuplicateTrashAndRestoreAskTheRunLoopButTheLastNotebookStays() throws {
        let list = openList()
        let layout = list.layout
        let header = Dictionary(uniqueKeysWithValues: layout.headerButtons.map { ($0.0, $0.1) })
        XCTAssertEqual(click(list, try XCTUnwrap(header[.new]).center), .request(.create(endless: false)))
        XCTAssertEqual(click(list, try XCTUnwrap(header[.newEndless]).center), .request(.create(endless: true)))
        let actions = Dictionary(uniqueKeysWithValues: layout.tiles[2].actions.map { ($0.0, $0.1) })
        XCTAssertEqual(click(list, try XCTUnwrap(actions[.duplicate]).center), .request(.duplicate(path: "/library/Notebook 3.quire")))
        XCTAssertEqual(click(list, try XCTUnwrap(actions[.trash]).center), .request(.trash(path: "/library/Notebook 3.quire")))
        XCTAssertEqual(click(list, try XCTUnwrap(header[.trash]).center), .taken)
        XCTAssertEqual(list.mode, .trash)
        XCTAssertEqual(list.items.map(\.title), ["Old"])
        let restore = try XCTUnwrap(list.layout.tiles[0].actions.first).1
        XCTAssertEqual(click(list, restore.center), .request(.restore(trashedPath: "/library/.trash/Old 2026-01-01T000000Z.quire")))
        XCTAssertEqual(click(list, list.layout.tiles[0].cover.center), .taken, "a trashed notebook is not opened")

        let single = openList(count: 1)
        let trash = try XCTUnwrap(single.layout.tiles[0].actions.first { $0.0 == .trash }).1
        XCTAssertEqual(click(single, trash.center), .taken, "never the last notebook")
        XCTAssertEqual(single.message, "the last notebook cannot go to the trash; make another first")
    }

    func testADragScrollsInsteadOfPressingAndTheWheelScrolls() throws {
        let list = openList(count: 30)
        let start = list.layout.tiles[8].cover.center
        XCTAssertEqual(list.handle(down(start)), .taken)
        XCTAssertEqual(list.handle(moved(Point(start.x, start.y - 150))), .taken)
        XCTAssertEqual(list.scroll, 150, accuracy: 1e-9)
        XCTAssertEqual(list.handle(up(Point(start.x, start.y - 150))), .taken, "a drag opens nothing")
        XCTAssertEqual(list.handle(.scroll(dx: 0, dy: 1, at: start, control: false)), .taken)
        XCTAssertEqual(list.scroll, 150 + NotebookList.wheelStep, accuracy: 1e-9, "the wheel turned down moves the grid up")
        XCTAssertEqual(list.handle(.scroll(dx: 0, dy: -100, at: start, control: false)), .taken)
        XCTAssertEqual(list.scroll, 0)
        // A finger's drag scrolls as well.
        XCTAssertEqual(list.handle(.touchBegan(id: 1, at: start, time: 0)), .taken)
        XCTAssertEqual(list.handle(.touchMoved(id: 1, at: Point(start.x, start.y - 40), time: 0.1)), .taken)
        XCTAssertEqual(list.handle(.touchEnded(id: 1, at: Point(start.x, start.y - 40), time: 0.2)), .taken)
        XCTAssertEqual(list.scroll, 40, accuracy: 1e-9)
    }

    func testTheInterfaceGivesTheOpenListEveryPressAndKeyButQuitAndFullscreen() {
        let interface = WindowInterface(text: nil)
        _ = interface.handle(.resized(width: 1000, height: 800), now: 0)
        XCTAssertTrue(interface.toggleNotebookList())
        interface.notebookList.show(notebooks: items(2), trashed: [], current: items(2)[0].path)
        XCTAssertTrue(interface.wantsArrow)
        // A press where the toolbar is: the list's, not the toolbar's nor the page's.
        XCTAssertEqual(interface.handle(down(Point(30, 100)), now: 0), .taken)
        XCTAssertEqual(interface.handle(up(Point(30, 100)), now: 0), .taken)
        XCTAssertEqual(interface.handle(.key(key("p")), now: 0), .taken, "a tool key does not reach the canvas")
        XCTAssertEqual(interface.handle(.key(key("q", control: true)), now: 0), .passed)
        XCTAssertEqual(interface.handle(.key(KeyInput(keysym: 0xffc8, text: "")), now: 0), .passed)
        let tile = interface.notebookList.layout.tiles[1].cover.center
        XCTAssertEqual(interface.handle(down(tile), now: 0), .taken)
        XCTAssertEqual(interface.handle(up(tile), now: 0), .notebookList(.open(path: items(2)[1].path)))
        XCTAssertEqual(interface.handle(.key(KeyInput(keysym: 0xffc0, text: "")), now: 0), .taken, "F3 closes it")
        XCTAssertFalse(interface.notebookList.isOpen)
        XCTAssertEqual(interface.handle(.key(key("p")), now: 0), .passed)
    }

    func testF3IsTheNotebookListsKey() {
        XCTAssertEqual(KeyTable.action(for: KeyInput(keysym: 0xffc0, text: "")), .showNotebooks)
    }
}
