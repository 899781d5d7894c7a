import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireStorage
import QuireTestSupport
import XCTest

/// In the real window (Xvfb, XTEST mouse): a scrap dragged past the page's right edge hangs over the
/// desk there, drawn while carried and where it lies, after a page turn too; pressed by the part over
/// the desk it is carried back, and the desk is bare again.
final class ScrapOverhangWindowTests: XvfbWindowTestCase {
    private var quire: QuireProcess?
    private let folder = NSTemporaryDirectory() + "quire-overhang-\(UUID().uuidString)"
    private var path: String { folder + "/Overhang.quire" }
    private var window: (id: UInt, x: Int, y: Int, width: Int, height: Int)!

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // The scrap lies at page (200…400, 200…300): red on its left half, blue on its right.
        try PhotoScrapFixture.notebook(at: path, title: "Overhang", pages: 2).close()
    }

    override func tearDown() {
        quire = nil
        super.tearDown()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func scrap() -> Scrap? {
        guard let store = try? NotebookStore(openingAt: path, readOnly: true) else { return nil }
        defer { try? store.close() }
        guard let ids = try? store.pageIDs(), let page = try? store.loadPage(ids[0]) else { return nil }
        return page.items.compactMap { if case let .scrap(s) = $0.content { s } else { nil } }.first
    }

    private func screen() -> RGBAImage {
        driver.screenshot(x: window.x, y: window.y, width: window.width, height: window.height)!
    }

    private func isBlue(_ p: RGBAImage.Pixel) -> Bool { p.b > 180 && p.r < 60 && p.g < 60 }

    func testAScrapDraggedPastThePagesEdgeHangsOverTheDeskAndIsCarriedBackByThatPart() throws {
        let process = try launchQuire([path, "--library", folder])
        quire = process
        XCTAssertTrue(process.waitForOutput(containing: "Quire is ready"), process.text)
        window = try XCTUnwrap(driver.firstFrame(), "no Quire window: \(process.text)")
        // The Letter page (816 px wide) at 100 % from the window's left: the desk is x ≥ 816.
        let desk = screen()[900, 600]
        XCTAssertFalse(isBlue(desk))
        driver.move(to: window.x + 600, window.y + 650)
        driver.key("v")
        // Carried 500 px right, held there: the scrap's blue half crosses the edge (page x 850–900).
        driver.move(to: window.x + 300, window.y + 240)
        driver.press()
        for step in 1...10 { driver.move(to: window.x + 300 + step * 50, window.y + 240) }
        XCTAssertTrue(eventually { self.isBlue(self.screen()[860, 230]) },
                      "carried over the desk: \(screen().saveForInspection(named: "overhang-carried"))")
        driver.release()
        XCTAssertTrue(eventually { self.scrap()?.bounds.minX ?? 0 > 699 }, process.text)
        XCTAssertEqual(try XCTUnwrap(scrap()).bounds.minX, 700, accuracy: 1)
        XCTAssertTrue(eventually { self.isBlue(self.screen()[860, 230]) },
                      "lying over the desk: \(screen().saveForInspection(named: "overhang-lying"))")
        XCTAssertEqual(screen()[860, 330], screen()[960, 600], "the desk below it, past its shadow")

        // Turned away and back: the page is loaded afresh, the scrap still over the desk.
        driver.move(to: window.x + 600, window.y + 650)
        driver.key("Next")
        XCTAssertTrue(eventually { !self.isBlue(self.screen()[860, 230]) }, "page 2 has no scrap")
        driver.key("Prior")
        XCTAssertTrue(eventually { self.isBlue(self.screen()[860, 230]) },
                      "over the desk after the turn: \(screen().saveForInspection(named: "overhang-turned"))")

        // Pressed by the part over the desk and carried back onto the page.
        driver.drag(through: (0...10).map { (window.x + 880 - $0 * 40, window.y + 240) })
        XCTAssertTrue(eventually { (self.scrap()?.bounds.minX ?? 1000) < 400 }, process.text)
        XCTAssertEqual(try XCTUnwrap(scrap()).bounds.minX, 300, accuracy: 1)
        XCTAssertTrue(eventually { self.screen()[860, 230] == self.screen()[960, 600] },
                      "the desk bare again: \(screen().saveForInspection(named: "overhang-back"))")
        XCTAssertTrue(isBlue(screen()[460, 230]), "the scrap on the page")
    }
}
