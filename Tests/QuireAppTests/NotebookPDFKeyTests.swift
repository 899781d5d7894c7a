import Foundation
import QuirePDF
import QuireTestSupport
import XCTest

/// Ctrl+Shift+E in the window writes the whole notebook as a PDF in the background: every page, the ink
/// on it, and the window keeps drawing meanwhile; the notice says where it went.
final class NotebookPDFKeyTests: XvfbWindowTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = NSTemporaryDirectory() + "quire-pdf-key-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    func testCtrlShiftEWritesEveryPageWithItsInkAsAPDF() throws {
        let quire = try launchQuire(["--library", folder + "/library"], directory: folder)
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        let window = try XCTUnwrap(driver.firstFrame(), quire.text)
        driver.drag(through: [(window.x + 150, window.y + 150), (window.x + 450, window.y + 150)])
        driver.move(to: window.x + 400, window.y + 400)
        driver.key("Next")   // a second page
        XCTAssertTrue(quire.waitForOutput(containing: "page 2 of 2"), quire.text)
        driver.key("e", control: true, shift: true)
        XCTAssertTrue(quire.waitForOutput(containing: "as PDF to "), quire.text)
        let written = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".pdf") }
        XCTAssertEqual(written.count, 1, "\(written)")
        let pdf = try PDFDocument(contentsOf: folder + "/" + written[0])
        XCTAssertEqual(pdf.pageCount, 2)
        // The stroke, at (150…450, 150) page pixels, is on page 1 of the PDF at 96 dpi rendering.
        let page = try pdf.render(page: 0, scale: 96.0 / 72.0)
        XCTAssertLessThan(page[300, 150].luma, 100, "no ink where the stroke was drawn")
        XCTAssertEqual(page[300, 300].luma, 255, accuracy: 1)
    }
}
