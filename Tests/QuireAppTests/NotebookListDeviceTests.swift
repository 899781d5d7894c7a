@testable import QuireApp
import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireStorage
import QuireTestSupport
import XCTest

/// The notebook list with a pen and a finger (Xorg's `inputtest` devices): the pen taps the toolbar's
/// button and a notebook's Rename (its title then typed), a finger's drag scrolls without pressing anything, a finger's tap
/// opens a notebook; none of these presses draws on either notebook.
final class NotebookListDeviceTests: XCTestCase {
    private var server: XorgServer!
    private var driver: XDisplayDriver!
    private var quire: QuireProcess?
    private let folder = NSTemporaryDirectory() + "quire-list-devices-\(UUID().uuidString)"
    private var library: NotebookLibrary { NotebookLibrary(directory: folder + "/library") }
    private var paths: [String] = []

    override func setUpWithError() throws {
        if let missing = XorgServer.unavailability() { try Requirement.unmet(missing.description) }
        // Twelve notebooks: more than a 1024 × 768 window shows, so the list scrolls.
        for index in 1...12 {
            let store = try library.create(title: String(format: "Notebook %02d", index))
            paths.append(store.path)
            try store.close()
        }
        server = try XorgServer(devices: [.pen(), .touchscreen(), .keyboard()])
        driver = try XDisplayDriver(display: server.display)
        let process = try QuireProcess(arguments: ["--library", folder + "/library", "--ui-scale", "1", "--size", "1024x768", "Notebook 01"],
                                       display: server.display,
                                       environment: ["QUIRE_INTERFACE": "shown", "XDG_STATE_HOME": folder + "/state"])
        quire = process
        XCTAssertTrue(process.waitForOutput(containing: "Quire is ready"), process.text)
        XCTAssertNotNil(driver.firstFrame(), "no Quire window showed its page: \(process.text)")
    }

    override func tearDown() {
        quire?.terminate()
        quire = nil
        driver = nil
        server?.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func units(_ p: Point) -> (Double, Double) {
        (InputTestDevice.units(fromPixel: p.x, extent: server.width), InputTestDevice.units(fromPixel: p.y, extent: server.height))
    }

    private func penTap(_ pen: InputTestDevice, _ point: Point) throws {
        let at = units(point)
        try pen.proximityIn(x: at.0, y: at.1, pressure: 0)
        try pen.button(1, down: true, x: at.0, y: at.1, pressure: 600)
        try pen.button(1, down: false, x: at.0, y: at.1, pressure: 0)
        try pen.proximityOut()
        try pen.sync()
    }

    private func fingerDrag(_ touch: InputTestDevice, _ points: [Point]) throws {
        let first = units(points[0])
        try touch.touchBegin(id: 0, x: first.0, y: first.1)
        for point in points.dropFirst() { let u = units(point); try touch.touchUpdate(id: 0, x: u.0, y: u.1) }
        let last = units(points[points.count - 1])
        try touch.touchEnd(id: 0, x: last.0, y: last.1)
        try touch.sync()
    }

    private func listShows() -> Bool {
        guard let pixel = driver.screenshot(x: 512, y: 40, width: 1, height: 1)?[0, 0] else { return false }
        return pixel.r < 60 && pixel.g < 60 && pixel.b < 60
    }

    private func title(_ path: String) -> String? {
        guard let store = try? NotebookStore(openingAt: path, readOnly: true) else { return nil }
        defer { try? store.close() }
        return try? store.title
    }

    private func strokes(_ path: String) -> Int {
        guard let store = try? NotebookStore(openingAt: path, readOnly: true) else { return -1 }
        defer { try? store.close() }
        guard let id = try? store.pageIDs().first else { return -1 }
        return (try? store.loadPage(id).strokes.count) ?? -1
    }

    func testAPenAndAFingerOpenScrollAndSwitchWithoutDrawing() throws {
        let pen = try server.connect(EmulatedDevice.penName)
        let touch = try server.connect(EmulatedDevice.touchName)
        let toolbar = Toolbar(text: nil)
        toolbar.fit(windowHeight: 768)
        try penTap(pen, try XCTUnwrap(toolbar.layout.buttons.first { $0.0 == .notebooks }).1.center)
        XCTAssertTrue(eventually { listShows() }, "the pen did not open the list: \(quire?.text ?? "")")
        let top = NotebookListLayout(count: 12, mode: .library, windowWidth: 1024, windowHeight: 768, scale: 1)
        XCTAssertGreaterThan(top.maximumScroll, 300, "the list is meant to scroll")
        // A finger drags the grid up by 300 pixels, beginning on the first notebook: it scrolls, and
        // opens nothing (the window stays on the list).
        let start = top.tiles[0].cover.center
        try fingerDrag(touch, stride(from: 0.0, through: 300, by: 30).map { Point(start.x, start.y + 200 - $0) })
        let scrolled = NotebookListLayout(count: 12, mode: .library, windowWidth: 1024, windowHeight: 768, scale: 1, scroll: 300)
        // The eleventh notebook (third row) is where the scrolled layout puts it.
        let eleventh = scrolled.tiles[10].cover
        XCTAssertTrue(scrolled.grid.contains(eleventh.center))
        // Its cover's white card shows at its centre, and above its row the panel shows where, unscrolled,
        // a cover of the second row lay.
        let gap = Point(eleventh.center.x, eleventh.minY - 12)
        XCTAssertTrue(eventually {
            driver.screenshot(x: Int(eleventh.center.x), y: Int(eleventh.center.y), width: 1, height: 1)?[0, 0].luma ?? 0 > 250
                && driver.screenshot(x: Int(gap.x), y: Int(gap.y), width: 1, height: 1)?[0, 0].luma ?? 255 < 60
        }, "the finger's drag did not scroll the list to where the layout says")
        XCTAssertTrue(listShows(), "the drag opened a notebook")
        // The pen taps the seventh's Rename (the eleventh's is under the footer): its title is then typed.
        let rename = try XCTUnwrap(scrolled.tiles[6].actions.first { $0.0 == .rename }).1
        XCTAssertTrue(scrolled.grid.contains(rename.center))
        XCTAssertFalse(scrolled.grid.contains(try XCTUnwrap(scrolled.tiles[10].actions.first).1.center))
        try penTap(pen, rename.center)
        for _ in 0..<3 { driver.key("BackSpace") }
        driver.key("Return")
        XCTAssertTrue(eventually { title(paths[6]) == "Notebook" }, "the pen's Rename did not rename: \(quire?.text ?? "")")
        // A finger taps the eleventh: the window opens it.
        try fingerDrag(touch, [eleventh.center])
        XCTAssertTrue(quire?.waitForOutput(containing: "Notebook 11 — page 1 of 1") == true, quire?.text ?? "")
        XCTAssertTrue(eventually { !listShows() }, "the list stayed open")
        XCTAssertEqual(paths.map(strokes), Array(repeating: 0, count: 12), "a press on the list drew")
    }
}
