@testable import QuireApp
import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// The page sorter in a real window, driven through XTEST on a notebook made beforehand whose four
/// pages have thumbnails of four colours: F2 shows them (pixels read back from the screen), page 3
/// dragged before page 1 is stored in that order, Insert and Delete add and remove pages in the file,
/// and a click on a page shows that page (its ink on the screen) with the sorter gone.
final class PageSorterWindowTests: XvfbWindowTestCase {
    private var library = ""
    private var state = ""
    private var path: String { library + "/Sorted.quire" }
    private let colors: [(r: UInt8, g: UInt8, b: UInt8)] = [(220, 40, 40), (40, 180, 60), (40, 70, 220), (230, 200, 30)]

    override func setUpWithError() throws {
        try super.setUpWithError()
        library = NSTemporaryDirectory() + "quire-sorter-window-\(UUID().uuidString)"
        state = NSTemporaryDirectory() + "quire-sorter-window-state-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: library)
        try? FileManager.default.removeItem(atPath: state)
        super.tearDown()
    }

    /// Four pages, page 3 with a stroke across y = 200 (x 100–400), each with a current thumbnail of
    /// one solid colour.
    private func makeNotebook() throws -> [PageID] {
        let folder = NotebookLibrary(directory: library)
        try folder.ensureExists()
        let store = try folder.create(title: "Sorted", pages: (0..<4).map { _ in Page() })
        defer { try? store.close() }
        let ids = try store.pageIDs()
        let stroke = Stroke(samples: (0...30).map { InputSample(position: Point(100 + Double($0) * 10, 200), pressure: 0.8,
                                                                 time: Double($0) / 100, device: .pen) },
                            style: .defaults(for: .pen))
        _ = try store.append(stroke, to: ids[2])
        for (id, color) in zip(ids, colors) {
            let pixels = (0..<(163 * 211)).flatMap { _ -> [UInt8] in [color.r, color.g, color.b, 255] }
            let png = try PNG.encode(RGBAImage(width: 163, height: 211, pixels: pixels))
            try store.saveThumbnail(png: png, of: id, inkVersion: try store.inkVersion(of: id))
        }
        return ids
    }

    private func fileOrder() -> [PageID] {
        guard let store = try? NotebookStore(openingAt: path, readOnly: true) else { return [] }
        defer { try? store.close() }
        return (try? store.pageIDs()) ?? []
    }

    private typealias Window = (id: UInt, x: Int, y: Int, width: Int, height: Int)

    private func pixelIs(_ window: Window, _ point: Point, _ color: (r: UInt8, g: UInt8, b: UInt8)) -> Bool {
        guard let pixel = driver.screenshot(x: window.x + Int(point.x), y: window.y + Int(point.y), width: 1, height: 1)?[0, 0]
        else { return false }
        return abs(Int(pixel.r) - Int(color.r)) <= 3 && abs(Int(pixel.g) - Int(color.g)) <= 3 && abs(Int(pixel.b) - Int(color.b)) <= 3
    }

    /// The window pixel at the centre of card `index` of a grid of `count` pages.
    private func card(_ index: Int, of count: Int, in window: Window) -> Rect {
        PageSorterLayout(windowWidth: window.width, windowHeight: window.height, scale: 1, count: count).cardRect(index, scroll: 0)
    }

    func testReorderAddRemoveAndOpenPagesFromTheSorter() throws {
        let ids = try makeNotebook()
        let quire = try launchQuire(["--library", library, "--ui-scale", "1"], environment: ["XDG_STATE_HOME": state])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        let window = try XCTUnwrap(driver.firstFrame(), "no window: \(quire.text)")
        XCTAssertTrue(quire.text.contains("page 1 of 4"), quire.text)

        driver.key("F2")
        for index in 0..<4 {
            XCTAssertTrue(eventually { pixelIs(window, card(index, of: 4, in: window).center, colors[index]) },
                          "page \(index + 1)'s thumbnail does not show: \(quire.text)")
        }
        // The space between cards is the sorter's dark background, not the page.
        let gap = card(0, of: 4, in: window)
        XCTAssertTrue(pixelIs(window, Point(gap.maxX + 11, gap.center.y), (28, 28, 33)))

        // Page 3 dragged before page 1, in steps as a hand would.
        let from = card(2, of: 4, in: window).center, first = card(0, of: 4, in: window)
        let to = Point(first.minX + 12, first.center.y)
        let steps = (0...12).map { i -> (Int, Int) in
            let t = Double(i) / 12
            return (window.x + Int(from.x + (to.x - from.x) * t), window.y + Int(from.y + (to.y - from.y) * t))
        }
        driver.drag(through: steps)
        XCTAssertTrue(eventually { fileOrder() == [ids[2], ids[0], ids[1], ids[3]] }, "the file's order: \(fileOrder()) \(quire.text)")
        XCTAssertTrue(eventually { pixelIs(window, card(0, of: 4, in: window).center, colors[2]) }, "page 3's card is first")
        XCTAssertTrue(pixelIs(window, card(1, of: 4, in: window).center, colors[0]))

        // Insert adds a blank page after the moved page (selected), the + card one at the end.
        driver.key("Insert")
        XCTAssertTrue(eventually { fileOrder().count == 5 }, quire.text)
        let added = fileOrder()[1]
        XCTAssertFalse(ids.contains(added))
        driver.drag(through: [(window.x + Int(card(5, of: 5, in: window).center.x), window.y + Int(card(5, of: 5, in: window).center.y))])
        XCTAssertTrue(eventually { fileOrder().count == 6 }, quire.text)
        XCTAssertEqual(Array(fileOrder().prefix(5)), [ids[2], added, ids[0], ids[1], ids[3]])
        // The new pages have no thumbnail: plain cards (white round their number), not a colour.
        XCTAssertTrue(eventually { pixelIs(window, Point(card(1, of: 6, in: window).minX + 8, card(1, of: 6, in: window).minY + 8), (245, 245, 247)) })

        // The new last page is selected; Left twice selects page 4 (the old page 2), Delete removes it.
        driver.key("Left")
        driver.key("Left")
        driver.key("Delete")
        XCTAssertTrue(eventually { fileOrder().count == 5 }, quire.text)
        XCTAssertFalse(fileOrder().contains(ids[1]), "the selected page went: \(fileOrder())")
        XCTAssertEqual(fileOrder().first, ids[2])

        // A click on page 3's card (first now) opens it: its stroke shows and the sorter has gone.
        let opened = card(0, of: 5, in: window).center
        driver.drag(through: [(window.x + Int(opened.x), window.y + Int(opened.y))])
        XCTAssertTrue(quire.waitForOutput(containing: "page 1 of 5"), quire.text)
        XCTAssertTrue(eventually {
            (driver.screenshot(x: window.x, y: window.y, width: window.width, height: window.height)?
                .inkedCount(x0: 90, y0: 190, x1: 410, y1: 210) ?? 0) > 150
        }, "page 3's ink is not shown")
        XCTAssertTrue(eventually { !pixelIs(window, Point(gap.maxX + 11, gap.center.y), (28, 28, 33)) }, "the sorter still shows")
    }

    /// The pages of the notebook at `path`, in order (empty when it cannot be read now).
    private func pages(of path: String) -> [PageID] {
        guard let store = try? NotebookStore(openingAt: path, readOnly: true) else { return [] }
        defer { try? store.close() }
        return (try? store.pageIDs()) ?? []
    }

    func testAPageDroppedOnAnotherNotebookMovesThereAndWithCtrlIsCopied() throws {
        let ids = try makeNotebook()
        let other = try NotebookLibrary(directory: library).create(title: "Elsewhere")
        let otherPath = other.path, otherFirst = try other.pageIDs()[0]
        let cover: (r: UInt8, g: UInt8, b: UInt8) = (150, 60, 170)
        let pixels = (0..<(163 * 211)).flatMap { _ -> [UInt8] in [cover.r, cover.g, cover.b, 255] }
        try other.saveThumbnail(png: try PNG.encode(RGBAImage(width: 163, height: 211, pixels: pixels)), of: otherFirst,
                                inkVersion: try other.inkVersion(of: otherFirst))
        try other.close()
        let quire = try launchQuire(["Sorted", "--library", library, "--ui-scale", "1"], environment: ["XDG_STATE_HOME": state])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        let window = try XCTUnwrap(driver.firstFrame(), "no window: \(quire.text)")
        XCTAssertTrue(quire.text.contains("Sorted — page 1 of 4"), quire.text)
        driver.key("F2")
        XCTAssertTrue(eventually { pixelIs(window, card(1, of: 4, in: window).center, colors[1]) }, quire.text)

        // Page 2 picked up: the shelf shows Elsewhere's cover; dropped on it, the page moves there.
        let shelf = PageSorterShelf(windowWidth: window.width, windowHeight: window.height, top: 64, scale: 1, count: 1, scroll: 0)
        let from = card(1, of: 4, in: window).center, to = shelf.row(0).center
        let coverPoint = shelf.cover(0).center
        driver.move(to: window.x + Int(from.x), window.y + Int(from.y))
        driver.press()
        for i in 1...12 {
            let t = Double(i) / 12
            driver.move(to: window.x + Int(from.x + (to.x - from.x) * t), window.y + Int(from.y + (to.y - from.y) * t))
        }
        XCTAssertTrue(eventually { pixelIs(window, coverPoint, cover) }, "Elsewhere's cover on the shelf: \(quire.text)")
        let lit = Point(shelf.row(0).maxX - 6, shelf.row(0).center.y)
        XCTAssertFalse(pixelIs(window, lit, (41, 41, 48)), "the notebook under the page is lit, not the shelf's grey")
        driver.release()
        XCTAssertTrue(eventually { pages(of: otherPath) == [otherFirst, ids[1]] }, "Elsewhere: \(pages(of: otherPath)) \(quire.text)")
        XCTAssertTrue(eventually { fileOrder() == [ids[0], ids[2], ids[3]] }, "Sorted: \(fileOrder())")
        XCTAssertTrue(quire.waitForOutput(containing: "Moved page 2 to the end of 'Elsewhere'"), quire.text)
        XCTAssertTrue(eventually { pixelIs(window, card(1, of: 3, in: window).center, colors[2]) }, "the sorter shows the pages left")
        XCTAssertFalse(pixelIs(window, coverPoint, cover), "the shelf went with the drag")

        // Ctrl held as page 1 is dropped: a copy goes, the page stays.
        let first = card(0, of: 3, in: window).center
        let path = (0...12).map { i -> (Int, Int) in
            let t = Double(i) / 12
            return (window.x + Int(first.x + (to.x - first.x) * t), window.y + Int(first.y + (to.y - first.y) * t))
        }
        driver.hold("Control_L", down: true)
        driver.drag(through: path)
        driver.hold("Control_L", down: false)
        XCTAssertTrue(eventually { pages(of: otherPath).count == 3 }, "Elsewhere: \(pages(of: otherPath)) \(quire.text)")
        XCTAssertFalse(pages(of: otherPath).contains(ids[0]), "a copy has a page id of its own")
        XCTAssertEqual(fileOrder(), [ids[0], ids[2], ids[3]], "the page copied stays")
        XCTAssertTrue(quire.waitForOutput(containing: "Copied page 1 to the end of 'Elsewhere'"), quire.text)
    }
}
