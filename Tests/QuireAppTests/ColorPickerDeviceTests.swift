@testable import QuireApp
import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// The colour picker with a pen and a finger (Xorg's `inputtest` devices): the pen opens it from the
/// swatch and picks in the square, a finger picks a hue, a finger off the panel closes it without
/// panning the page, and none of these presses draws; the pen's next stroke has the colour.
final class ColorPickerDeviceTests: XCTestCase {
    private var server: XorgServer!
    private var driver: XDisplayDriver!
    private var quire: QuireProcess?
    private let folder = NSTemporaryDirectory() + "quire-picker-devices-\(UUID().uuidString)"

    override func setUpWithError() throws {
        if let missing = XorgServer.unavailability() { try Requirement.unmet(missing.description) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        server = try XorgServer(devices: [.pen(), .touchscreen(), .keyboard()])
        driver = try XDisplayDriver(display: server.display)
        let process = try QuireProcess(arguments: ["--library", folder + "/library", "--ui-scale", "1", "--size", "1024x768"],
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

    /// The pen down at the first point, through the rest, up at the last.
    private func penDrag(_ pen: InputTestDevice, _ points: [Point]) throws {
        let first = units(points[0])
        try pen.proximityIn(x: first.0, y: first.1, pressure: 0)
        try pen.button(1, down: true, x: first.0, y: first.1, pressure: 600)
        for point in points.dropFirst() { let u = units(point); try pen.motion(x: u.0, y: u.1, pressure: 600) }
        let last = units(points[points.count - 1])
        try pen.button(1, down: false, x: last.0, y: last.1, pressure: 0)
        try pen.proximityOut()
        try pen.sync()
    }

    /// One finger down at the first point, through the rest, up at the last.
    private func fingerDrag(_ touch: InputTestDevice, _ points: [Point]) throws {
        let first = units(points[0])
        try touch.touchBegin(id: 0, x: first.0, y: first.1)
        for point in points.dropFirst() { let u = units(point); try touch.touchUpdate(id: 0, x: u.0, y: u.1) }
        let last = units(points[points.count - 1])
        try touch.touchEnd(id: 0, x: last.0, y: last.1)
        try touch.sync()
    }

    private func pixel(_ p: Point) -> RGBAImage.Pixel? { driver.screenshot(x: Int(p.x), y: Int(p.y), width: 1, height: 1)?[0, 0] }

    private func penColor() -> InkColor? { PickedColors.load(from: folder + "/state/quire/colors").0.byTool[.pen] }

    private func strokes() -> [Stroke] {
        guard let path = NotebookLibrary(directory: folder + "/library").notebookPaths().first,
              let store = try? NotebookStore(openingAt: path, readOnly: true) else { return [] }
        defer { try? store.close() }
        guard let id = try? store.pageIDs().first, let page = try? store.loadPage(id) else { return [] }
        return page.strokes
    }

    /// Within a level of 255 on every channel (the kept colour is written as `#rrggbb`).
    private static func near(_ a: InkColor?, _ b: InkColor) -> Bool {
        guard let a else { return false }
        return abs(a.red - b.red) * 255 <= 1 && abs(a.green - b.green) * 255 <= 1 && abs(a.blue - b.blue) * 255 <= 1
    }

    func testAPenAndAFingerPickAndNoPressOnOrOffThePanelDraws() throws {
        let pen = try server.connect(EmulatedDevice.penName)
        let touch = try server.connect(EmulatedDevice.touchName)
        let toolbar = Toolbar(text: nil)
        toolbar.fit(windowHeight: 768)
        let layout = ColorPickerLayout(beside: toolbar.layout.swatch, left: toolbar.panel.maxX, windowWidth: 1024, windowHeight: 768, scale: 1)
        let pageEdge = Point(900, 700)
        let greyBeside = try XCTUnwrap(pixel(pageEdge), "no screenshot")

        // The pen taps the swatch: the picker opens (its strip's top is red).
        try penDrag(pen, [toolbar.layout.swatch.center])
        let stripTop = Point(layout.hueStrip.center.x, layout.hueStrip.minY + 1)
        XCTAssertTrue(eventually { pixel(stripTop).map { $0.r > 240 && $0.g < 30 && $0.b < 30 } == true }, "the pen did not open the picker")
        // A finger picks a hue: two thirds down, blue.
        try fingerDrag(touch, [Point(layout.hueStrip.center.x, layout.hueStrip.minY + layout.hueStrip.height * 2 / 3)])
        // The pen drags in the square and lifts at 60 % saturation, 80 % brightness.
        let spot = Point(layout.square.minX + layout.square.width * 0.6, layout.square.minY + layout.square.height * 0.2)
        try penDrag(pen, [Point(layout.square.minX + 20, layout.square.minY + 20), Point(spot.x - 10, spot.y + 10), spot])
        let wanted = HSBColor(hue: 2.0 / 3, saturation: 0.6, brightness: 0.8).rgb
        XCTAssertTrue(eventually { Self.near(penColor(), wanted) }, "the pen picked \(penColor()?.hex ?? "nothing"), not \(wanted.hex)")
        // A finger dragged off the panel closes it, and neither draws nor pans the page.
        try fingerDrag(touch, [Point(700, 300), Point(760, 360), Point(820, 420)])
        XCTAssertTrue(eventually { pixel(stripTop).map { $0.r > 240 && $0.g > 240 } == true }, "a finger off the panel did not close it")
        XCTAssertEqual(pixel(pageEdge), greyBeside, "the finger that closed the picker panned the page")
        XCTAssertEqual(strokes().count, 0, "a press on or off the picker drew")
        // The pen's next stroke has the colour picked.
        try penDrag(pen, (0...30).map { Point(450 + Double($0) * 10, 600) })
        XCTAssertTrue(eventually { strokes().count == 1 }, quire?.text ?? "")
        guard case let .rgb(drawn)? = strokes().first?.style.color else { return XCTFail("no RGB stroke") }
        XCTAssertTrue(Self.near(drawn, wanted), "the stroke is \(drawn.hex), not \(wanted.hex)")
        XCTAssertTrue(eventually { pixel(Point(600, 600)).map { abs(Int($0.b) - Int((wanted.blue * 255).rounded())) <= 3 && $0.r < 120 } == true },
                      "the ink on the screen: \(String(describing: pixel(Point(600, 600))))")
    }
}
