import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// Undo as a person meets it, in the real window (Xorg, XTEST mouse and keys): a photo scrap cut with
/// the scissors, a piece moved, the page turned away and back, Quire quit and started again — and after
/// each, undo and redo walk the same steps, in the file (`quire info --json`, the saved page) and in
/// pixels. Undo after a page turn used to remove the top item instead of undoing the move.
final class HistoryWindowTests: XCTestCase {
    private var server: XorgServer!
    private var driver: XDisplayDriver!
    private var quire: QuireProcess?
    private let folder = NSTemporaryDirectory() + "quire-history-\(UUID().uuidString)"
    private var path: String { folder + "/History.quire" }
    private var pageID: PageID!

    override func setUpWithError() throws {
        if let missing = XorgServer.unavailability() { try Requirement.unmet(missing.description) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A 200×100 red photo as a scrap at (200, 200), on the first of two pages.
        let photo = RGBAImage(width: 200, height: 100, fill: (220, 0, 0, 255))
        // A second notebook to switch to and back.
        try NotebookStore.create(at: folder + "/Other.quire", title: "Other").close()
        let store = try NotebookStore.create(at: path, title: "History", pages: [Page(), Page()])
        pageID = try store.pageIDs()[0]
        let blob = try store.storeBlob(PNG.encode(photo), kind: .png)
        let scrap = PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 200, height: 100)),
                                          transform: Homography(.translation(200, 200)),
                                          image: ScrapImage(reference: ImageReference(blob: blob, pixelWidth: 200, pixelHeight: 100),
                                                            rect: Rect(x: 0, y: 0, width: 200, height: 100)))))
        try store.apply(Page().adding([scrap]), to: pageID, history: .record(label: "scrap added"))
        try store.close()
        server = try XorgServer(devices: [.keyboard()])
        driver = try XDisplayDriver(display: server.display)
        try start()
    }

    override func tearDown() {
        quire?.terminate()
        quire = nil
        driver = nil
        server?.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func start() throws {
        let process = try QuireProcess(arguments: [path, "--library", folder], display: server.display)
        quire = process
        XCTAssertTrue(process.waitForOutput(containing: "Quire is ready"), process.text)
        XCTAssertNotNil(driver.firstFrame(), "no Quire window showed its page: \(process.text)")
        // Keys go to the window under the pointer (no window manager): keep it inside.
        driver.move(to: 600, 650)
    }

    private func screen() -> RGBAImage { driver.screenshot(x: 0, y: 0, width: 1024, height: 768)! }
    private func isRed(_ x: Int, _ y: Int) -> Bool { let p = screen()[x, y]; return p.r > 180 && p.g < 60 && p.b < 60 }
    private func isInk(_ x: Int, _ y: Int) -> Bool { let p = screen()[x, y]; return p.r < 90 && p.g < 90 && p.b < 90 }

    /// The first page as saved now, read by another connection.
    private func saved() -> Page? {
        guard let store = try? NotebookStore(openingAt: path, readOnly: true) else { return nil }
        defer { try? store.close() }
        return try? store.loadPage(pageID)
    }

    /// Where each scrap of the saved page lies: its bounds' left and top edges, bottom first.
    private func scrapCorners() -> [String] {
        saved()?.items.compactMap { item -> String? in
            guard case let .scrap(scrap) = item.content else { return nil }
            return "\(Int(scrap.bounds.minX.rounded())),\(Int(scrap.bounds.minY.rounded()))"
        } ?? []
    }

    /// What `quire info --json` says of the notebook.
    private func info() throws -> [String: Any] {
        let info = try QuireProcess(arguments: ["info", path, "--json", "--library", folder], display: "")
        XCTAssertTrue(info.waitForExit(timeout: 60))
        _ = eventually(timeout: 2) { info.text.hasSuffix("}\n") }
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(info.text.utf8)) as? [String: Any], info.text)
    }

    /// The first page's undo and redo depth as `quire info --json` reports them.
    private func depths() throws -> (undo: Int, redo: Int) {
        let page = try XCTUnwrap((try info()["pages"] as? [[String: Any]])?.first)
        return (try XCTUnwrap(page["undo"] as? Int), try XCTUnwrap(page["redo"] as? Int))
    }

    private func says(_ text: String) -> Bool { quire?.waitForOutput(containing: text) ?? false }

    func testUndoAndRedoWalkTheSameStepsAcrossPageTurnsAndARestart() throws {
        XCTAssertTrue(eventually { self.isRed(230, 250) }, "the photo shows")
        let whole = scrapCorners()
        XCTAssertEqual(whole.count, 1)
        // Cut down through x = 260, then carry the right piece 150 px down with the select tool.
        driver.key("s")
        driver.drag(through: (0...20).map { (260, 150 + $0 * 10) })
        XCTAssertTrue(eventually { self.scrapCorners().count == 2 }, "cut: \(quire!.text)")
        let cut = scrapCorners()
        driver.move(to: 600, 650)
        driver.key("v")
        driver.drag(through: (0...10).map { (330, 250 + $0 * 15) })
        XCTAssertTrue(eventually { self.scrapCorners() != cut && self.scrapCorners().count == 2 }, "moved: \(quire!.text)")
        let moved = scrapCorners()
        XCTAssertTrue(eventually { self.isRed(330, 400) && !self.isRed(330, 250) }, "the piece shows where it went")
        XCTAssertEqual(try depths().undo, 3, "added, cut, moved")

        // Ink across the moved piece (it sticks to it), erased again: two more steps.
        driver.move(to: 600, 650)
        driver.key("p")
        driver.drag(through: (0...8).map { (300 + $0 * 10, 400) })
        XCTAssertTrue(eventually { self.isInk(330, 400) }, "the ink shows on the piece")
        driver.move(to: 600, 650)
        driver.key("e")
        driver.drag(through: (0...16).map { (290 + $0 * 5, 400) })
        XCTAssertTrue(eventually { self.isRed(330, 400) && !self.isInk(330, 400) }, "erased: \(screen().saveForInspection(named: "history-erased"))")
        XCTAssertTrue(eventually { (try? self.depths().undo) == 5 }, "added, cut, moved, stroke, erasing")

        // Away to the second page and back, and to the other notebook and back: undo undoes the
        // erasing, the stroke and then the move, not the top item.
        driver.move(to: 600, 650)
        driver.key("Next")
        XCTAssertTrue(eventually { !self.isRed(230, 250) }, "the second page shows")
        driver.key("Prior")
        XCTAssertTrue(eventually { self.isRed(230, 250) && self.isRed(330, 400) }, "back on the first page")
        driver.key("Next", control: true, shift: true)
        XCTAssertTrue(says("Other"), quire!.text)
        XCTAssertTrue(eventually { !self.isRed(230, 250) }, "the other notebook shows")
        driver.key("Prior", control: true, shift: true)
        XCTAssertTrue(eventually { self.isRed(230, 250) && self.isRed(330, 400) }, "back in this notebook")
        driver.key("z", control: true)
        XCTAssertTrue(says("Undid: erasing"), quire!.text)
        XCTAssertTrue(eventually { self.isInk(330, 400) }, "the ink is back")
        driver.key("z", control: true)
        XCTAssertTrue(says("Undid: stroke"), quire!.text)
        XCTAssertTrue(eventually { self.isRed(330, 400) && !self.isInk(330, 400) }, "and gone with the stroke's undo")
        driver.key("z", control: true)
        XCTAssertTrue(says("Undid: scrap moved"), quire!.text)
        XCTAssertTrue(eventually { self.scrapCorners() == cut }, "the piece is back where the cut left it: \(scrapCorners())")
        XCTAssertTrue(eventually { self.isRed(330, 250) && !self.isRed(330, 400) },
                      "and shows there: \(screen().saveForInspection(named: "history-undo-move"))")
        driver.key("z", control: true)
        XCTAssertTrue(says("Undid: cut into 2 pieces"), quire!.text)
        XCTAssertTrue(eventually { self.scrapCorners() == whole }, "the photo is whole again: \(scrapCorners())")
        XCTAssertTrue(eventually { self.isRed(260, 250) }, "with no gap where the cut was")
        XCTAssertEqual(try depths().undo, 1)
        XCTAssertEqual(try depths().redo, 4)

        // Quit and start again: redo walks forward through the same steps.
        driver.key("q", control: true)
        XCTAssertTrue(quire!.waitForExit(), quire!.text)
        try start()
        XCTAssertTrue(eventually { self.isRed(260, 250) })
        driver.key("y", control: true)
        XCTAssertTrue(says("Redid: cut into 2 pieces"), quire!.text)
        XCTAssertTrue(eventually { self.scrapCorners() == cut }, "cut again: \(scrapCorners())")
        driver.key("y", control: true)
        XCTAssertTrue(says("Redid: scrap moved"), quire!.text)
        XCTAssertTrue(eventually { self.scrapCorners() == moved }, "moved again: \(scrapCorners())")
        XCTAssertTrue(eventually { self.isRed(330, 400) && !self.isRed(330, 250) },
                      "and drawn there: \(screen().saveForInspection(named: "history-redo-move"))")
        XCTAssertEqual(try depths().undo, 3)
        XCTAssertEqual(try depths().redo, 2, "the stroke and the erasing still to redo")

        // kill -9 right after an undo: the undo was saved with its step, and the next start undoes the
        // step before it.
        driver.key("z", control: true)
        XCTAssertTrue(eventually { self.scrapCorners() == cut })
        quire?.kill(SIGKILL)
        XCTAssertTrue(quire!.waitForExit())
        try start()
        driver.key("z", control: true)
        XCTAssertTrue(says("Undid: cut into 2 pieces"), quire!.text)
        XCTAssertTrue(eventually { self.scrapCorners() == whole }, "\(scrapCorners())")
    }

    /// The notebook's page changes' undo and redo depth as `quire info --json` reports them.
    private func pageChangeDepths() throws -> (Int, Int) {
        let depth = try XCTUnwrap(try info()["pageChanges"] as? [String: Int])
        return (depth["undo"] ?? -1, depth["redo"] ?? -1)
    }

    /// The pages' order as saved now.
    private func savedPages() -> [PageID] {
        guard let store = try? NotebookStore(openingAt: path, readOnly: true) else { return [] }
        defer { try? store.close() }
        return (try? store.pageIDs()) ?? []
    }

    /// Deleting and moving pages are steps too: Ctrl+Z brings a deleted page back with its photo and its
    /// own history, puts a moved page back, and takes the newer of a page change and the page's own step.
    func testDeletingAndMovingPagesAreUndoneAndRedone() throws {
        XCTAssertTrue(eventually { self.isRed(230, 250) }, "the photo shows")
        let pages = savedPages()
        XCTAssertEqual(pages.count, 2)
        driver.key("Delete", control: true)
        XCTAssertTrue(eventually { self.savedPages() == [pages[1]] }, "deleted: \(quire!.text)")
        XCTAssertTrue(eventually { !self.isRed(230, 250) }, "the second page shows")
        driver.key("z", control: true)
        XCTAssertTrue(says("Undid: page 1 deleted"), quire!.text)
        XCTAssertTrue(eventually { self.savedPages() == pages }, "the page is back: \(savedPages())")
        XCTAssertTrue(eventually { self.isRed(230, 250) }, "and shown, with its photo")
        driver.key("y", control: true)
        XCTAssertTrue(says("Redid: page 1 deleted"), quire!.text)
        XCTAssertTrue(eventually { self.savedPages() == [pages[1]] })
        XCTAssertTrue(eventually { (try? self.pageChangeDepths()) ?? (0, 0) == (1, 0) }, "info --json says so")
        driver.key("z", control: true)
        XCTAssertTrue(eventually { self.savedPages() == pages && self.isRed(230, 250) })

        // Moved later, then undone: the order is as it was, the page still shown.
        driver.key("Next", control: true)
        XCTAssertTrue(eventually { self.savedPages() == [pages[1], pages[0]] }, "moved: \(quire!.text)")
        driver.key("z", control: true)
        XCTAssertTrue(says("Undid: page 1 moved to 2"), quire!.text)
        XCTAssertTrue(eventually { self.savedPages() == pages })
        XCTAssertTrue(eventually { self.isRed(230, 250) })
        // The page's own step is older than those page changes and comes after them: the scrap the page
        // was made with goes, and the page stays.
        driver.key("z", control: true)
        XCTAssertTrue(says("Undid: scrap added"), quire!.text)
        XCTAssertTrue(eventually { self.scrapCorners().isEmpty && self.savedPages() == pages })
        XCTAssertTrue(eventually { !self.isRed(230, 250) })
    }

    /// Rows of a blue rule down the column at x = 500, where the photo is not: none on blank paper.
    private func ruleRows() -> Int {
        let shot = screen()
        return (60..<700).filter { y in let p = shot[500, y]; return Int(p.b) - Int(p.r) > 20 && p.r < 240 }.count
    }

    /// Pages of the other notebook as saved now.
    private func otherPageCount() -> Int {
        guard let store = try? NotebookStore(openingAt: folder + "/Other.quire", readOnly: true) else { return -1 }
        defer { try? store.close() }
        return (try? store.pageIDs().count) ?? -1
    }

    /// The paper keys and moving a page to another notebook are steps of the notebook's history: undo
    /// gives the paper back and brings the page home from the other notebook, redo sends it again.
    func testPaperChangesAndAPageMovedToAnotherNotebookAreUndoneAndRedone() throws {
        XCTAssertTrue(eventually { self.isRed(230, 250) }, "the photo shows")
        XCTAssertEqual(ruleRows(), 0, "blank paper")
        driver.key("b", control: true)
        XCTAssertTrue(says("Paper: ruled"), quire!.text)
        XCTAssertTrue(eventually { self.ruleRows() >= 10 }, "the rules show: \(screen().saveForInspection(named: "history-ruled"))")
        XCTAssertTrue(isRed(230, 250), "over the same page, photo and all")
        XCTAssertEqual(saved()?.background.pattern, .ruled)
        driver.key("z", control: true)
        XCTAssertTrue(says("Undid: paper: ruled"), quire!.text)
        XCTAssertTrue(eventually { self.ruleRows() == 0 }, "blank again")
        XCTAssertTrue(eventually { self.saved()?.background.pattern == .blank })
        driver.key("y", control: true)
        XCTAssertTrue(says("Redid: paper: ruled"), quire!.text)
        XCTAssertTrue(eventually { self.ruleRows() >= 10 })

        // The page (photo, rules and all) moved to the end of the next notebook, Other.
        let pages = savedPages()
        driver.key("m", control: true, shift: true)
        XCTAssertTrue(says("Moved page 1 to the end of 'Other'"), quire!.text)
        XCTAssertTrue(eventually { self.savedPages() == [pages[1]] && self.otherPageCount() == 2 }, "moved: \(quire!.text)")
        XCTAssertTrue(eventually { !self.isRed(230, 250) && self.ruleRows() == 0 }, "the second page shows")
        XCTAssertTrue(eventually { (try? self.pageChangeDepths()) ?? (0, 0) == (2, 0) }, "the paper change (undone and redone) and the move")
        driver.key("z", control: true)
        XCTAssertTrue(says("Undid: page moved to 'Other'"), quire!.text)
        XCTAssertTrue(eventually { self.savedPages() == pages && self.otherPageCount() == 1 }, "home, and out of Other")
        XCTAssertTrue(eventually { self.isRed(230, 250) && self.ruleRows() >= 10 }, "shown again with its photo and rules")
        XCTAssertEqual(saved()?.items.count, 1, "with its scrap")
        driver.key("y", control: true)
        XCTAssertTrue(says("Redid: page moved to 'Other'"), quire!.text)
        XCTAssertTrue(eventually { self.savedPages() == [pages[1]] && self.otherPageCount() == 2 })
        XCTAssertTrue(eventually { (try? self.pageChangeDepths()) ?? (0, 0) == (2, 0) })
    }
}
