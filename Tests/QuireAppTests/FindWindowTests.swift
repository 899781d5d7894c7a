import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireStorage
import QuireTestSupport
import XCTest

/// Ctrl+F in the real window (Xvfb, XTEST keys): the words typed are found on another page, below the
/// view; Enter turns there and centres the place, marked; Escape closes the bar.
final class FindWindowTests: XvfbWindowTestCase {
    private let folder = NSTemporaryDirectory() + "quire-findw-\(UUID().uuidString)"

    override func tearDown() {
        super.tearDown()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func screen() -> RGBAImage { driver.screenshot(x: 0, y: 0, width: 1024, height: 768)! }

    /// Marked pixels (the mark's yellow over paper) near the window's middle.
    private func marked() -> Int {
        let image = screen()
        var count = 0
        for y in 334..<434 { for x in 362..<662 { let p = image[x, y]; if p.r > 200, p.g > 170, p.b < 200, Int(p.r) - Int(p.b) > 60 { count += 1 } } }
        return count
    }

    func testCtrlFFindsWordsOnAnotherPageAndCentresThemMarked() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/Notes.quire"
        let store = try NotebookStore.create(at: path, title: "Notes", pages: [Page(), Page()])
        try store.apply(Page().adding([PageItem(.text(TextItem(text: "See Maxwell's equations", origin: Point(300, 950), fontSize: 20)))]),
                        to: try store.pageIDs()[1])
        try store.close()
        let quire = try launchQuire([path, "--library", folder], environment: ["QUIRE_INTERFACE": "hidden"])
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        XCTAssertNotNil(driver.firstFrame(), "no window: \(quire.text)")
        driver.move(to: 900, 700)
        driver.key("f", control: true)
        for letter in "maxwell" { driver.key(String(letter)) }
        driver.key("Return")
        XCTAssertTrue(quire.waitForOutput(containing: "\"maxwell\": 1 of 1, page 2 (text box)"), quire.text)
        XCTAssertTrue(eventually { self.marked() > 500 }, "the place is marked in the middle: \(screen().saveForInspection(named: "find-marked"))")
        driver.key("Escape")
        XCTAssertTrue(eventually { self.marked() == 0 }, "Escape closes the bar and its mark: \(screen().saveForInspection(named: "find-closed"))")
        // Nowhere: said so.
        driver.key("f", control: true)
        for letter in "faraday" { driver.key(String(letter)) }
        driver.key("Return")
        XCTAssertTrue(quire.waitForOutput(containing: "\"faraday\" is nowhere in this notebook"), quire.text)
    }
}
