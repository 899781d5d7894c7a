import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuirePDF
import QuireStorage
import QuireTestSupport
import XCTest

/// Text boxes in the real window (Xvfb, XTEST mouse and keys): a box typed with an accented letter
/// and a Greek one shows on screen, is saved when Escape ends it, is typed into again where pressed,
/// undone and redone, and exported to PDF as words poppler reads back.
final class TextWindowTests: XvfbWindowTestCase {
    private let folder = NSTemporaryDirectory() + "quire-text-\(UUID().uuidString)"
    private var path: String { folder + "/Typed.quire" }
    private var pageID: PageID!

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = try NotebookStore.create(at: path, title: "Typed")
        pageID = try store.pageIDs()[0]
        try store.close()
    }

    override func tearDown() {
        super.tearDown()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func saved() -> Page? {
        guard let store = try? NotebookStore(openingAt: path, readOnly: true) else { return nil }
        defer { try? store.close() }
        return try? store.loadPage(pageID)
    }

    private func savedTexts() -> [String]? {
        saved()?.items.compactMap { if case let .text(t) = $0.content { t.text } else { nil } }
    }

    private func screen() -> RGBAImage { driver.screenshot(x: 0, y: 0, width: 1024, height: 768)! }

    /// Dark pixels in a box of the screen.
    private func inked(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> Int {
        let image = screen()
        var count = 0
        for row in y..<(y + height) { for column in x..<(x + width) where image[column, row].luma < 100 { count += 1 } }
        return count
    }

    private func type(_ text: String) {
        for character in text {
            switch character {
            case " ": driver.key("space")
            case "ω": driver.typeUnmapped("Greek_omega")
            case "´": driver.typeUnmapped("dead_acute")
            default: driver.key(String(character), shift: character.isUppercase)
            }
        }
    }

    /// Dark and half-tone pixels in a box of the screen: text drawn for the zoom has crisp edges (few
    /// half-tones for its dark), text drawn at 1× and magnified has wide soft ones.
    private func edges(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> (dark: Int, soft: Int) {
        let image = screen()
        var dark = 0, soft = 0
        for row in y..<(y + height) {
            for column in x..<(x + width) {
                let luma = image[column, row].luma
                if luma < 80 { dark += 1 } else if luma < 200 { soft += 1 }
            }
        }
        return (dark, soft)
    }

    func testTextIsDrawnAgainSharpWhenZoomedIn() throws {
        let store = try NotebookStore(openingAt: path)
        try store.apply(Page().adding([PageItem(.text(TextItem(text: "Sharp", origin: Point(20, 40), fontSize: 12)))]), to: pageID)
        try store.close()
        let quire = try launchQuire([path, "--library", folder], environment: ["QUIRE_INTERFACE": "hidden"])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        XCTAssertNotNil(driver.firstFrame(), "no window: \(quire.text)")
        driver.move(to: 30, 35)
        // Ctrl+wheel about the pointer: 1.25⁷ ≈ 4.8×.
        driver.hold("Control_L", down: true)
        for _ in 0..<7 {
            driver.press(button: 4)
            driver.release(button: 4)
        }
        driver.hold("Control_L", down: false)
        XCTAssertTrue(eventually {
            let (dark, soft) = self.edges(0, 0, 400, 300)
            return dark > 1500 && soft * 2 < dark
        }, "zoomed, the text is drawn sharp: \(edges(0, 0, 400, 300)) \(screen().saveForInspection(named: "text-zoomed"))")
    }

    func testTextOnAScaledScrapIsTypedIntoWhereTheScrapShowsIt() throws {
        // "Scrap" on a transparent scrap half as large again, its box from about (315, 324) to (410, 372).
        let words = TextItem(text: "Scrap", origin: Point(10, 40), fontSize: 24)
        let scrap = Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 300, height: 60)),
                          transform: Homography(AffineTransform.scale(1.5, 1.5).concatenating(.translation(300, 300))),
                          items: [PageItem(.text(words))])
        let store = try NotebookStore(openingAt: path)
        try store.apply(Page().adding([PageItem(.scrap(scrap))]), to: pageID)
        try store.close()
        func carried() -> [String]? {
            guard case let .scrap(saved)? = saved()?.items.first?.content else { return nil }
            return saved.items.compactMap { if case let .text(t) = $0.content { t.text } else { nil } }
        }
        let quire = try launchQuire([path, "--library", folder], environment: ["QUIRE_INTERFACE": "hidden"])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        XCTAssertNotNil(driver.firstFrame(), "no window: \(quire.text)")
        XCTAssertTrue(eventually { self.inked(300, 310, 120, 70) > 150 }, "the scrap's words show: \(screen().saveForInspection(named: "scrap-text"))")
        XCTAssertLessThan(inked(430, 310, 250, 70), 10, "nothing right of them yet")
        driver.move(to: 500, 500)
        driver.key("t")
        driver.drag(through: [(325, 350)])
        driver.key("End")
        type("ped words")
        XCTAssertTrue(eventually { self.inked(430, 310, 250, 70) > 150 },
                      "the typed words show on the scrap, as large as it shows them: \(screen().saveForInspection(named: "scrap-text-typing"))")
        XCTAssertEqual(carried(), ["Scrap"], "saved when the typing ends")
        driver.key("Escape")
        XCTAssertTrue(eventually { carried() == ["Scrapped words"] }, "saved on its scrap: \(String(describing: carried())) \(quire.text)")
        XCTAssertEqual(saved()?.items.count, 1, "no box of its own")
        driver.key("z", control: true)
        XCTAssertTrue(eventually { carried() == ["Scrap"] }, "undone: \(String(describing: carried()))")
        XCTAssertTrue(eventually { self.inked(430, 310, 250, 70) < 10 }, "and gone from the screen")
    }

    func testATypedBoxShowsIsSavedEditedUndoneAndExportedAsText() throws {
        let quire = try launchQuire([path, "--library", folder], environment: ["QUIRE_INTERFACE": "hidden"])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        XCTAssertNotNil(driver.firstFrame(), "no window: \(quire.text)")
        driver.move(to: 500, 500)
        driver.key("t")
        driver.drag(through: [(200, 200)])
        // A dead acute then e composes é (Xlib's input method); ω comes from its Greek keysym.
        type("Caf´e au laitx")
        XCTAssertTrue(eventually { self.inked(200, 200, 200, 30) > 150 }, "the words show as they are typed: \(screen().saveForInspection(named: "text-typing"))")
        driver.key("BackSpace")
        type(" ω")
        XCTAssertEqual(savedTexts(), [], "saved when the typing ends")
        driver.key("Escape")
        XCTAssertTrue(eventually { self.savedTexts() == ["Café au lait ω"] }, "saved: \(String(describing: savedTexts())) \(quire.text)")

        // Pressed at its start, the box takes typing there.
        let box = try XCTUnwrap(saved()?.items.first.flatMap { if case let .text(t) = $0.content { t } else { nil } })
        driver.drag(through: [(Int(box.origin.x) + 1, Int(box.origin.y) - 6)])
        driver.key("Home")
        type("Le ")
        driver.key("Escape")
        XCTAssertTrue(eventually { self.savedTexts() == ["Le Café au lait ω"] }, "edited: \(String(describing: savedTexts()))")
        driver.key("z", control: true)
        XCTAssertTrue(eventually { self.savedTexts() == ["Café au lait ω"] }, "undone: \(String(describing: savedTexts()))")
        driver.key("y", control: true)
        XCTAssertTrue(eventually { self.savedTexts() == ["Le Café au lait ω"] }, "redone")

        quire.terminate()
        XCTAssertTrue(quire.waitForExit())
        let pdf = folder + "/Typed.pdf"
        let export = try QuireProcess(arguments: ["export", path, "--pdf", pdf, "--library", folder], display: "")
        XCTAssertTrue(export.waitForExit(timeout: 60), export.text)
        let document = try PDFDocument(contentsOf: pdf)
        XCTAssertTrue(document.text(ofPage: 0).contains("Le Café au lait ω"), "the PDF's text: \(document.text(ofPage: 0)) \(export.text)")
    }
}
