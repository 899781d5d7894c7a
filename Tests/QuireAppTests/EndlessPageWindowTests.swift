import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// Endless pages in the real window (Xvfb, XTEST mouse and keys): `quire new --endless` makes a
/// notebook whose page grows when ink comes within a screen of its bottom; ink is then drawn past where
/// the bottom was, and the PNG export covers it. A notebook of fixed pages does not grow.
final class EndlessPageWindowTests: XvfbWindowTestCase {
    private var quire: QuireProcess?
    private let folder = NSTemporaryDirectory() + "quire-endless-\(UUID().uuidString)"
    private var window: (id: UInt, x: Int, y: Int, width: Int, height: Int)!

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        quire = nil
        super.tearDown()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func run(_ arguments: [String]) throws -> QuireProcess {
        try finishedQuire(arguments, library: folder, timeout: 60)
    }

    private func open(_ title: String) throws {
        let process = try launchQuire([title, "--library", folder, "--size", "1024x768"])
        quire = process
        XCTAssertTrue(process.waitForOutput(containing: "Quire is ready"), process.text)
        window = try XCTUnwrap(driver.firstFrame(), "no Quire window: \(process.text)")
        driver.move(to: window.x + 900, window.y + 700)
        driver.key("p")
    }

    private func page(_ title: String) -> Page? {
        guard let store = try? NotebookStore(openingAt: folder + "/\(title).quire", readOnly: true) else { return nil }
        defer { try? store.close() }
        return try? store.pageIDs().first.map { try store.loadPage($0) }
    }

    private func inkReach(_ page: Page?) -> Double {
        page?.items.compactMap(\.stroke).flatMap(\.samples).map(\.position.y).max() ?? 0
    }

    private func stroke(x: Int, from top: Int, to bottom: Int) {
        driver.drag(through: stride(from: top, through: bottom, by: 10).map { (window.x + x, window.y + $0) })
    }

    func testAnEndlessPageGrowsUnderThePenAndItsExportCoversTheInk() throws {
        XCTAssertTrue(try run(["new", "Scroll", "--endless"]).text.contains("endless"))
        XCTAssertTrue(try run(["info", "Scroll", "--json"]).text.contains("\"endless\" : true"))
        try open("Scroll")
        // Ink 700 px down a 1,056-px page, within a screen of its bottom: the page grows.
        stroke(x: 300, from: 300, to: 700)
        XCTAssertTrue(eventually { (self.page("Scroll")?.size.height ?? 0) >= 700 + 768 }, "grown: \(String(describing: page("Scroll")?.size))")
        // Panned down (the page goes up) past the old bottom, ink drawn across it.
        for _ in 0..<12 { driver.key("Down") }
        stroke(x: 400, from: 100, to: 600)
        XCTAssertTrue(eventually { self.inkReach(self.page("Scroll")) > 1100 }, "ink past the old bottom: \(quire!.text)")
        let reach = inkReach(page("Scroll"))
        XCTAssertTrue(eventually { (self.page("Scroll")?.size.height ?? 0) >= reach + 768 }, "grown again")
        driver.key("q", control: true)
        XCTAssertTrue(quire!.waitForExit(), quire!.text)
        quire = nil

        let export = try run(["export", "Scroll", "--png", folder + "/out"])
        XCTAssertTrue(export.text.contains("Wrote 1 page"), export.text)
        let image = try PNG.read(from: folder + "/out/page-001.png")
        XCTAssertGreaterThan(Double(image.height), reach, "the export covers the ink")
        let y = Int(reach) - 20
        let row = (380..<420).map { image[$0, y] }
        XCTAssertTrue(row.contains { $0.r < 90 && $0.g < 90 && $0.b < 90 }, "the ink is in the PNG at y \(y)")

        // The thumbnail is the grown page's shape, its ink at the same depth (a line 2 px wide is a faint
        // one a ninth of that: anything darker than the white paper).
        let grown = try XCTUnwrap(page("Scroll")?.size)
        let made = try run(["thumbnail", "Scroll", folder + "/thumb.png", "--size", "256"])
        XCTAssertEqual(made.exitStatus, 0, made.text)
        let thumbnail = try PNG.read(from: folder + "/thumb.png")
        XCTAssertEqual(Double(thumbnail.width) / Double(thumbnail.height), grown.width / grown.height, accuracy: 0.05)
        let depth = Int(Double(thumbnail.height) * (reach - 30) / grown.height)
        let band = (max(0, depth - 4)..<min(thumbnail.height, depth + 4)).flatMap { y in (0..<thumbnail.width).map { thumbnail[$0, y] } }
        XCTAssertTrue(band.contains { Int($0.r) + Int($0.g) + Int($0.b) < 740 }, "the ink past the old bottom shows in the thumbnail at row \(depth) of \(thumbnail.height) (page \(grown), ink to \(reach)): \(thumbnail.saveForInspection(named: "endless-thumbnail"))")
    }

    func testAPageGrownPastFourMegapixelsOpensAndShowsItsInkAllTheWayDown() throws {
        // 1,024 × 8,192 px (8.4 MP): it opens without drawing its layers, a band at a time from the
        // first frame on, what the window shows first. A red line every 512 px, a blue one at the bottom.
        let size = PageSize(width: 1024, height: 8192)
        func line(y: Double, color: InkColor) -> PageItem {
            .stroke(Stroke(samples: (0...40).map { InputSample(position: Point(200 + Double($0) * 15, y), pressure: 1, time: Double($0) / 100) },
                           style: .defaults(for: .pen, color: .rgb(color))))
        }
        let lines = stride(from: 100.0, to: 8000, by: 512).map { line(y: $0, color: InkColor(red: 1, green: 0, blue: 0)) }
        let store = try NotebookStore.create(at: folder + "/Tall.quire", title: "Tall",
                                             pages: [Page(size: size, items: lines + [line(y: 8100, color: InkColor(red: 0, green: 0, blue: 1))])])
        try store.setEndless(true)
        try store.close()
        try open("Tall")
        let shot = { self.driver.screenshot(x: self.window.x, y: self.window.y, width: self.window.width, height: self.window.height)! }
        func shows(_ wanted: (RGBAImage.Pixel) -> Bool, in image: RGBAImage) -> Bool {
            stride(from: 0, to: image.height, by: 1).contains { y in stride(from: 300, to: 700, by: 7).contains { wanted(image[$0, y]) } }
        }
        let red = { (p: RGBAImage.Pixel) in p.r > 150 && p.g < 100 && p.b < 100 }
        let blue = { (p: RGBAImage.Pixel) in p.b > 150 && p.r < 100 && p.g < 100 }
        XCTAssertTrue(eventually { shows(red, in: shot()) }, "the first line at the top: \(shot().saveForInspection(named: "tall-top"))")
        // Panned down with the keys, a screen at a time, until the blue line at the bottom shows: every
        // screen on the way shows a red line (they are 512 px apart, the window 768 tall).
        var screens = 0
        while !shows(blue, in: shot()), screens < 60 {
            for _ in 0..<8 { driver.key("Down") }
            screens += 1
            let image = shot()
            XCTAssertTrue(shows(red, in: image) || shows(blue, in: image), "screen \(screens): \(image.saveForInspection(named: "tall-\(screens)"))")
        }
        XCTAssertTrue(eventually { shows(blue, in: shot()) }, "the bottom line after \(screens) screens: \(shot().saveForInspection(named: "tall-bottom"))")
    }

    func testAFixedPageDoesNotGrow() throws {
        _ = try run(["new", "Fixed"])
        try open("Fixed")
        stroke(x: 300, from: 300, to: 700)
        XCTAssertTrue(eventually { self.inkReach(self.page("Fixed")) > 600 }, quire!.text)
        XCTAssertEqual(page("Fixed")?.size, .letter)
    }
}
