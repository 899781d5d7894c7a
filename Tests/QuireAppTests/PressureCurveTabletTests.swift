@testable import QuireApp
import Foundation
import QuireGeometry
import QuireImageIO
import QuireTestSupport
import XCTest

/// The pressure curve changed in the pen settings panel changes what a real pen draws: on Xorg with
/// the `inputtest` driver's pen (real XInput2 pressure), the same stroke at the same pressure is drawn
/// before and after dragging the curve's control points (XTEST mouse) from linear to firm, and the ink's
/// width is measured in the exported page. A finger on the panel's slider sets it too.
final class PressureCurveTabletTests: XCTestCase {
    private var server: XorgServer!
    private var driver: XDisplayDriver!
    private var quire: QuireProcess?
    private let folder = NSTemporaryDirectory() + "quire-curve-\(UUID().uuidString)"
    private var configPath: String { folder + "/config/quire/config" }

    override func setUpWithError() throws {
        if let missing = XorgServer.unavailability() { try Requirement.unmet(missing.description) }
        try FileManager.default.createDirectory(atPath: folder + "/config/quire", withIntermediateDirectories: true)
        server = try XorgServer(devices: [.pen(), .touchscreen(), .keyboard()])
        driver = try XDisplayDriver(display: server.display)
    }

    override func tearDown() {
        quire?.terminate()
        quire = nil
        driver = nil
        server?.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func units(_ x: Double, _ y: Double) -> (Double, Double) {
        (InputTestDevice.units(fromPixel: x, extent: server.width), InputTestDevice.units(fromPixel: y, extent: server.height))
    }

    /// A level pen stroke at one pressure (0…1).
    private func stroke(_ pen: InputTestDevice, y: Double, pressure: Double) throws {
        let (x0, y0) = units(300, y)
        try pen.proximityIn(x: x0, y: y0, pressure: 0)
        try pen.button(1, down: true, x: x0, y: y0, pressure: pressure * 1000)
        for i in 1...60 {
            let (x, yy) = units(300 + Double(i) * 500 / 60, y)
            try pen.motion(x: x, y: yy, pressure: pressure * 1000)
        }
        let (x1, y1) = units(800, y)
        try pen.button(1, down: false, x: x1, y: y1, pressure: 0)
        try pen.proximityOut()
        try pen.sync()
    }

    /// The ink's height across a level stroke at `y`, the median of several columns.
    private func width(in image: RGBAImage, y: Int) -> Int {
        let runs = stride(from: 400, through: 700, by: 50).map { image.inkedRun(column: $0, y0: y - 30, y1: y + 30) }.sorted()
        return runs[runs.count / 2]
    }

    func testAFirmerCurveDrawnInThePanelThinsTheSamePenStroke() throws {
        try "pen.width = 2 14\n".write(toFile: configPath, atomically: true, encoding: .utf8)
        let exportPath = folder + "/page.png"
        let process = try QuireProcess(arguments: ["--export-png", exportPath], display: server.display,
                                       environment: ["QUIRE_INTERFACE": "shown", "XDG_CONFIG_HOME": folder + "/config",
                                                     "XDG_DATA_HOME": folder + "/data"])
        quire = process
        XCTAssertTrue(process.waitForOutput(containing: "Quire is ready"), process.text)
        XCTAssertNotNil(driver.firstFrame(), "no Quire window: \(process.text)")
        let pen = try server.connect(EmulatedDevice.penName)
        try stroke(pen, y: 480, pressure: 0.5)

        // The panel (W), and both control points dragged to the bottom right: ink only near full pressure.
        driver.move(to: 900, 700)
        driver.key("w")
        let layout = PenSettingsLayout(tool: .pen, scale: 1)
        let graph = try XCTUnwrap(layout.graph)
        // The panel's dark margin, left of its sliders.
        XCTAssertTrue(eventually { (driver.screenshot(x: Int(layout.panel.minX) + 6, y: Int(layout.panel.center.y), width: 1, height: 1)?[0, 0].luma ?? 255) < 60 },
                      "no pen settings panel: \(process.text)")
        func at(_ p: Point) -> (Int, Int) { (Int(p.x.rounded()), Int(p.y.rounded())) }
        let corner = Point(graph.maxX, graph.maxY)
        driver.drag(through: [at(Point(graph.maxX, graph.minY)), at(Point(graph.maxX, graph.center.y)), at(corner)])
        driver.drag(through: [at(Point(graph.minX, graph.maxY)), at(Point(graph.center.x, graph.maxY)), at(corner)])
        XCTAssertTrue(eventually { (try? String(contentsOfFile: configPath, encoding: .utf8))?.contains("pen.pressure-curve = 1 0 1 0\n") == true },
                      "the curve was not saved: \((try? String(contentsOfFile: configPath, encoding: .utf8)) ?? "no file")")
        // A finger drags the smoothing slider to its left end: the panel takes touch as it takes the mouse.
        let touch = try server.connect(EmulatedDevice.touchName)
        let smoothing = try XCTUnwrap(layout.sliders.first { $0.control == .smoothing }).track
        let start = units(smoothing.center.x, smoothing.center.y), end = units(smoothing.minX - 20, smoothing.center.y)
        try touch.touchBegin(id: 1, x: start.0, y: start.1)
        for step in 1...5 {
            let x = start.0 + (end.0 - start.0) * Double(step) / 5
            try touch.touchUpdate(id: 1, x: x, y: start.1)
        }
        try touch.touchEnd(id: 1, x: end.0, y: end.1)
        try touch.sync()
        XCTAssertTrue(eventually { (try? String(contentsOfFile: configPath, encoding: .utf8))?.contains("pen.smoothing = 0\n") == true },
                      "the touch did not set the smoothing: \((try? String(contentsOfFile: configPath, encoding: .utf8)) ?? "no file")")
        driver.key("Escape")
        try stroke(pen, y: 620, pressure: 0.5)

        driver.key("e", control: true)
        XCTAssertTrue(eventually { process.text.contains("Wrote the page") }, "no export: \(process.text.suffix(600))")
        let image = try PNG.read(from: exportPath)
        let linear = width(in: image, y: 480), firm = width(in: image, y: 620)
        // Half pressure: linear gives 2 + 12 × 0.5 = 8 px; the firm curve about 0.01 of the range, 2 px.
        XCTAssertTrue((7...9).contains(linear), "linear curve: \(linear) px \(image.saveForInspection(named: "curve"))")
        XCTAssertTrue((1...3).contains(firm), "firm curve: \(firm) px \(image.saveForInspection(named: "curve"))")
        // The panel's drags drew nothing: two strokes, the pen's.
        XCTAssertEqual(image.inkedCount(x0: 0, y0: 0, x1: 816, y1: 440), 0, "ink above the strokes \(image.saveForInspection(named: "curve"))")
    }
}
