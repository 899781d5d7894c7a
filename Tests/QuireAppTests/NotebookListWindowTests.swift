@testable import QuireApp
import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireStorage
import QuireTestSupport
import XCTest

/// The notebook list in a real window, driven through XTEST: F3 opens it over the page with the
/// notebook's cover (its first page's thumbnail), New makes a notebook whose title is then typed and
/// stored in its file, a tap switches notebooks (each shows its own page), and a notebook moved to the
/// trash comes back from the Trash view, its file moved each way.
final class NotebookListWindowTests: XvfbWindowTestCase {
    private var library = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        library = NSTemporaryDirectory() + "quire-notebook-list-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: library)
        super.tearDown()
    }

    private typealias Window = (id: UInt, x: Int, y: Int, width: Int, height: Int)

    private var books: NotebookLibrary { NotebookLibrary(directory: library) }

    /// The list's layout in this window, as the window lays it out for `count` notebooks.
    private func layout(_ window: Window, count: Int, mode: NotebookListLayout.Mode = .library) -> NotebookListLayout {
        NotebookListLayout(count: count, mode: mode, windowWidth: window.width, windowHeight: window.height, scale: 1)
    }

    private func click(_ window: Window, _ point: Point) {
        driver.drag(through: [(window.x + Int(point.x), window.y + Int(point.y))])
    }

    private func screen(_ window: Window) -> RGBAImage? {
        driver.screenshot(x: window.x, y: window.y, width: window.width, height: window.height)
    }

    /// Inked (darker than 200) pixels of the window within `rect`.
    private func inked(_ window: Window, _ rect: Rect) -> Int {
        screen(window)?.inkedCount(x0: Int(rect.minX), y0: Int(rect.minY), x1: Int(rect.maxX), y1: Int(rect.maxY)) ?? -1
    }

    /// Whether the list shows: its panel's dark colour where the page's white paper was.
    private func listShows(_ window: Window) -> Bool {
        guard let pixel = driver.screenshot(x: window.x + window.width / 2, y: window.y + 40, width: 1, height: 1)?[0, 0] else { return false }
        return pixel.r < 60 && pixel.g < 60 && pixel.b < 60
    }

    /// Whether the footer shows words in the refusal's red.
    private func refusalShows(_ window: Window, in footer: Rect) -> Bool {
        guard let image = driver.screenshot(x: window.x + Int(footer.minX), y: window.y + Int(footer.minY), width: Int(footer.width),
                                            height: Int(footer.height)) else { return false }
        var red = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image[x, y]
                if pixel.r > 150 && Int(pixel.r) > Int(pixel.g) + 60 && Int(pixel.r) > Int(pixel.b) + 60 { red += 1 }
            }
        }
        return red >= 30
    }

    private func title(of path: String) -> String? {
        guard let store = try? NotebookStore(openingAt: path, readOnly: true) else { return nil }
        defer { try? store.close() }
        return try? store.title
    }

    private func strokes(in path: String) -> Int {
        guard let store = try? NotebookStore(openingAt: path, readOnly: true) else { return -1 }
        defer { try? store.close() }
        guard let first = try? store.pageIDs().first else { return -1 }
        return (try? store.loadPage(first).strokes.count) ?? -1
    }

    /// Horizontal strokes from x 100 to 300 at each of `ys` (window pixels; the page is at 1× at the
    /// window's top left).
    private func draw(_ window: Window, ys: [Int]) {
        for y in ys { driver.drag(through: [(window.x + 100, window.y + y), (window.x + 200, window.y + y), (window.x + 300, window.y + y)]) }
    }

    func testCreateRenameByTypingSwitchTrashAndRestore() throws {
        let quire = try launchQuire(["--library", library, "--ui-scale", "1"])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        let window = try XCTUnwrap(driver.firstFrame(), "no window: \(quire.text)")
        let firstPath = try XCTUnwrap(books.notebookPaths().first)
        // Notebook 1's page: a block of ink low on the page (clear of where a plain cover has its title).
        let firstInk = Array(stride(from: 300, through: 390, by: 4))
        draw(window, ys: firstInk)
        XCTAssertTrue(eventually { strokes(in: firstPath) == firstInk.count }, quire.text)
        let firstBlock = Rect(x: 90, y: 290, width: 220, height: 110)
        XCTAssertTrue(eventually { inked(window, firstBlock) > 5_000 }, "Notebook 1's ink is not drawn")

        // F3: the list, with Notebook 1's cover showing its ink, fitted into the cover.
        driver.key("F3")
        XCTAssertTrue(eventually { listShows(window) }, "the list did not open: \(quire.text)")
        var list = layout(window, count: 1)
        let cover = list.tiles[0].cover
        // The thumbnail (a fifth of the page) fitted to the cover's height, centred across it.
        let fit = cover.height / (PageSize.letter.pixelSize.height.double * ShownPage.thumbnailScale).rounded()
        let thumbWidth = (PageSize.letter.pixelSize.width.double * ShownPage.thumbnailScale).rounded() * fit
        let inkOnCover = Rect(x: cover.center.x - thumbWidth / 2 + 100 * 0.2 * fit + 2, y: cover.minY + 300 * 0.2 * fit + 1,
                              width: 200 * 0.2 * fit - 4, height: 90 * 0.2 * fit - 2)
        XCTAssertTrue(eventually { inked(window, inkOnCover) >= Int(inkOnCover.width * inkOnCover.height / 3) },
                      "the cover does not show the page's ink: \(inked(window, inkOnCover)) of \(inkOnCover)")

        // New: Notebook 2 is made and shown, and its title is typed at once.
        click(window, try XCTUnwrap(list.headerButtons.first { $0.0 == .new }).1.center)
        XCTAssertTrue(eventually { books.notebookPaths().count == 2 }, quire.text)
        let secondPath = try XCTUnwrap(books.notebookPaths().first { $0 != firstPath })
        XCTAssertTrue(quire.waitForOutput(containing: "Notebook 2 — page 1 of 1"), quire.text)
        for _ in 0..<"Notebook 2".count { driver.key("BackSpace") }
        driver.key("p", shift: true)
        for letter in ["h", "y", "s", "i", "c", "s"] { driver.key(letter) }
        // Beyond ASCII: a Latin-1 keysym and a Unicode one, as UTF-8 in the file.
        driver.key("space")
        XCTAssertTrue(driver.typeUnmapped("eacute"))
        XCTAssertTrue(driver.typeUnmapped("U65E5"))
        driver.key("Return")
        XCTAssertTrue(eventually { title(of: secondPath) == "Physics é日" }, "the typed title is not in the file: \(quire.text)")
        // Renamed again, back to plain ASCII, through the tile's Rename button.
        list = layout(window, count: 2)
        click(window, try XCTUnwrap(list.tiles[1].actions.first { $0.0 == .rename }).1.center)
        for _ in 0..<3 { driver.key("BackSpace") }
        driver.key("Return")
        XCTAssertTrue(eventually { title(of: secondPath) == "Physics" }, "the second rename is not in the file: \(quire.text)")
        XCTAssertEqual(title(of: firstPath), "Notebook 1", "only the new notebook was renamed")

        // Escape closes the list on the new notebook's blank page; its own ink goes there.
        driver.key("Escape")
        XCTAssertTrue(eventually { !listShows(window) && inked(window, firstBlock) == 0 }, "the new notebook's page is not blank")
        draw(window, ys: [600])
        XCTAssertTrue(eventually { strokes(in: secondPath) == 1 }, quire.text)
        let secondLine = Rect(x: 90, y: 590, width: 220, height: 20)
        // Saved at the pen's lift, drawn by the next frame: waited for.
        XCTAssertTrue(eventually { inked(window, secondLine) > 100 }, "the ink shows: \(inked(window, secondLine)) pixels")

        // Switch to Notebook 1 (first by title): its page, not Physics's.
        driver.key("F3")
        XCTAssertTrue(eventually { listShows(window) })
        click(window, list.tiles[0].cover.center)
        XCTAssertTrue(quire.waitForOutput(containing: "Notebook 1 — page 1 of 1"), quire.text)
        XCTAssertTrue(eventually { !listShows(window) && inked(window, firstBlock) > 5_000 && inked(window, secondLine) == 0 },
                      "Notebook 1's page is not shown after switching")
        // And back: Physics's page.
        driver.key("F3")
        XCTAssertTrue(eventually { listShows(window) })
        click(window, list.tiles[1].title.center)
        XCTAssertTrue(eventually { !listShows(window) && inked(window, secondLine) > 100 && inked(window, firstBlock) == 0 },
                      "Physics's page is not shown after switching back")

        // Physics (the current one) to the trash: the window goes to Notebook 1 and the file to .trash.
        driver.key("F3")
        XCTAssertTrue(eventually { listShows(window) })
        click(window, try XCTUnwrap(list.tiles[1].actions.first { $0.0 == .trash }).1.center)
        XCTAssertTrue(eventually { !FileManager.default.fileExists(atPath: secondPath) }, quire.text)
        XCTAssertEqual(books.notebookPaths(), [firstPath])
        XCTAssertEqual(books.trashedNotebooks().map(\.title), ["Physics"])
        XCTAssertTrue(quire.waitForOutput(containing: "Notebook 1 — page 1 of 1"), quire.text)
        // The last notebook stays: its Trash button is refused.
        list = layout(window, count: 1)
        click(window, try XCTUnwrap(list.tiles[0].actions.first { $0.0 == .trash }).1.center)
        XCTAssertTrue(eventually { refusalShows(window, in: list.footer) }, "the refusal is not shown in the footer")
        XCTAssertEqual(books.notebookPaths(), [firstPath], "the last notebook was trashed")

        // The Trash view: Restore puts Physics back under its file's old name.
        click(window, try XCTUnwrap(list.headerButtons.first { $0.0 == .trash }).1.center)
        let trash = layout(window, count: 1, mode: .trash)
        click(window, try XCTUnwrap(trash.tiles[0].actions.first).1.center)
        XCTAssertTrue(eventually { FileManager.default.fileExists(atPath: secondPath) }, quire.text)
        XCTAssertEqual(books.trashedNotebooks(), [])
        XCTAssertEqual(title(of: secondPath), "Physics")
        XCTAssertEqual(strokes(in: secondPath), 1, "restored whole")
        XCTAssertEqual(Set(books.notebookPaths()), [firstPath, secondPath])
        driver.key("Escape")
        XCTAssertTrue(eventually { !listShows(window) && inked(window, firstBlock) > 5_000 })
    }

    /// At twice the scale, from the toolbar's button: the list is where its layout says (the current
    /// notebook ringed in the accent colour), its words are drawn in the header and on its buttons,
    /// and Close takes it away.
    func testTheToolbarButtonOpensTheListLaidOutAtTwiceTheScale() throws {
        let quire = try launchQuire(["--library", library, "--ui-scale", "2"], environment: ["QUIRE_INTERFACE": "shown"])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        let window = try XCTUnwrap(driver.firstFrame(), "no window: \(quire.text)")
        let toolbar = Toolbar(text: nil)
        toolbar.scale = 2
        toolbar.fit(windowHeight: window.height)
        click(window, try XCTUnwrap(toolbar.layout.buttons.first { $0.0 == .notebooks }).1.center)
        XCTAssertTrue(eventually { listShows(window) }, "the toolbar's button did not open the list: \(quire.text)")
        let list = NotebookListLayout(count: 1, mode: .library, windowWidth: window.width, windowHeight: window.height, scale: 2)
        let cover = list.tiles[0].cover
        let ring = Point(cover.minX - 2 * list.scale, cover.center.y)
        XCTAssertTrue(eventually {
            guard let pixel = driver.screenshot(x: window.x + Int(ring.x), y: window.y + Int(ring.y), width: 1, height: 1)?[0, 0] else { return false }
            return abs(Int(pixel.r) - 69) <= 3 && abs(Int(pixel.g) - 120) <= 3 && abs(Int(pixel.b) - 217) <= 3
        }, "the current notebook is not ringed where the layout puts it")
        let image = try XCTUnwrap(screen(window))
        func light(_ rect: Rect) -> Int {
            var count = 0
            for y in Int(rect.minY)..<Int(rect.maxY) {
                for x in Int(rect.minX)..<Int(rect.maxX) where image[x, y].luma > 200 { count += 1 }
            }
            return count
        }
        // "Notebooks" in the header, at 20 design pixels × the scale: well over a hundred light pixels.
        let heading = Rect(x: list.header.minX, y: list.header.minY, width: 200 * list.scale, height: list.header.height)
        XCTAssertGreaterThan(light(heading), 150, "no heading drawn")
        for (button, rect) in list.headerButtons where button != .new {
            XCTAssertGreaterThan(light(rect.insetBy(4)), 40, "no words on \(button.label)")
        }
        click(window, try XCTUnwrap(list.headerButtons.first { $0.0 == .close }).1.center)
        XCTAssertTrue(eventually { !listShows(window) }, "Close did not close the list")
        // The page takes the pen again: the press on the toolbar's button ended in the list, not here.
        let path = try XCTUnwrap(books.notebookPaths().first)
        driver.drag(through: [(window.x + 300, window.y + 400), (window.x + 400, window.y + 400), (window.x + 500, window.y + 400)])
        XCTAssertTrue(eventually { strokes(in: path) == 1 }, "the first stroke after the list was lost: \(quire.text)")
    }
}

private extension Int {
    var double: Double { Double(self) }
}
