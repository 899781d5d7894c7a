import Foundation
import QuireImageIO
import QuireTestSupport
import XCTest

/// The real `quire` on a real X server (Xorg, dummy video) with emulated devices from Xorg's
/// `inputtest` driver: a pen with pressure ("Abs Pressure" 0–1000), a second pen named as an eraser,
/// a touchscreen and a keyboard. Judged by exported pages, screenshots and input logs.
final class TabletInputTests: XCTestCase {
    private static let eraserName = "Quire Test Eraser"
    private var server: XorgServer!
    private var driver: XDisplayDriver!
    private var quire: QuireProcess?
    private var pen: InputTestDevice!
    private let folder = NSTemporaryDirectory() + "quire-tablet-\(UUID().uuidString)"
    private var exportPath: String { folder + "/page.png" }
    private var logPath: String { folder + "/input.jsonl" }

    override func setUpWithError() throws {
        if let missing = XorgServer.unavailability() { try Requirement.unmet(missing.description) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        server = try XorgServer(devices: [.pen(), .pen(named: Self.eraserName), .touchscreen(), .keyboard()])
        driver = try XDisplayDriver(display: server.display)
        let process = try QuireProcess(arguments: ["--export-png", exportPath, "--record-input", logPath],
                                       display: server.display)
        quire = process
        XCTAssertTrue(process.waitForOutput(containing: "Quire is ready"), process.text)
        XCTAssertNotNil(driver.firstFrame(), "no Quire window showed its page: \(process.text)")
        pen = try server.connect(EmulatedDevice.penName)
    }

    override func tearDown() {
        quire?.terminate()
        quire = nil
        driver = nil
        server?.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The window's pixels (it sits at the screen's origin: there is no window manager).
    private func page() -> RGBAImage? {
        driver.screenshot(x: 0, y: 0, width: 1024, height: 768)
    }

    private func units(_ x: Double, _ y: Double) -> (Double, Double) {
        (InputTestDevice.units(fromPixel: x, extent: server.width), InputTestDevice.units(fromPixel: y, extent: server.height))
    }

    /// A pen stroke from `from` to `to` in `steps` motions, pressure (0…1) interpolated.
    private func stroke(_ device: InputTestDevice, from: (Double, Double), to: (Double, Double), steps: Int,
                        pressure: (Double, Double) = (0.6, 0.6)) throws {
        let (x0, y0) = units(from.0, from.1)
        try device.proximityIn(x: x0, y: y0, pressure: 0)
        try device.button(1, down: true, x: x0, y: y0, pressure: pressure.0 * 1000)
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            let (x, y) = units(from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t)
            try device.motion(x: x, y: y, pressure: (pressure.0 + (pressure.1 - pressure.0) * t) * 1000)
        }
        let (x1, y1) = units(to.0, to.1)
        try device.button(1, down: false, x: x1, y: y1, pressure: 0)
        try device.proximityOut()
        try device.sync()
    }

    /// Ctrl+E, and the page it writes; `step` says when, in a failure.
    private func exportPage(_ step: String = "") throws -> RGBAImage {
        let before = quire!.occurrences(of: "Wrote the page")
        driver.key("e", control: true)
        XCTAssertTrue(eventually { quire!.occurrences(of: "Wrote the page") > before }, "no export \(step): \(quire!.text.suffix(600))")
        return try PNG.read(from: exportPath)
    }

    func testTheDevicesAreFoundWithTheirValuatorRanges() throws {
        let text = quire!.text
        XCTAssertTrue(text.contains("Input: Quire Test Pen"), text)
        XCTAssertTrue(text.contains("is a pen"), text)
        XCTAssertTrue(text.contains("Abs Pressure 0…1000"), text)
        XCTAssertTrue(text.contains("Input: Quire Test Eraser") && text.contains("is a eraser") || text.contains("is an eraser"), text)
        XCTAssertTrue(text.contains("Input: Quire Test Touch"), text)
        XCTAssertTrue(text.contains("Abs MT Position X 0…65535"), text)
    }

    func testAPressureRampDrawsAStrokeThatWidensWithPressure() throws {
        try stroke(pen, from: (100, 300), to: (700, 300), steps: 150, pressure: (0.05, 1.0))
        let image = try exportPage()
        let light = image.inkedRun(column: 150, y0: 270, y1: 330)
        let firm = image.inkedRun(column: 650, y0: 270, y1: 330)
        XCTAssertGreaterThan(light, 0, "no ink at light pressure: \(image.saveForInspection(named: "ramp"))")
        XCTAssertGreaterThan(firm, light + 1, "light \(light) px, firm \(firm) px: no wider with pressure")
    }

    func testEverySampleReachesTheStroke() throws {
        let steps = 200
        try stroke(pen, from: (100, 200), to: (600, 400), steps: steps)
        _ = try exportPage()
        // The log has every pen motion between tip down and up, none coalesced …
        let log = try String(contentsOfFile: logPath, encoding: .utf8)
        var moves = 0, inside = false
        for line in log.split(separator: "\n") {
            if line.contains("pointerDown") && line.contains("\"pen\"") { inside = true }
            if line.contains("pointerUp") && line.contains("\"pen\"") { inside = false }
            if inside && line.contains("pointerMoved") { moves += 1 }
        }
        XCTAssertEqual(moves, steps)
        // … and replaying it (same pipeline, no window) builds one stroke of down + every move + up.
        let replayed = try QuireProcess(arguments: ["replay", logPath, "--export-png", folder + "/replayed.png"], display: "")
        XCTAssertTrue(replayed.waitForExit(timeout: 30))
        XCTAssertEqual(replayed.exitStatus, 0, replayed.text)
        XCTAssertTrue(replayed.text.contains("1 strokes (samples: \(steps + 2))"), replayed.text)
        let original = try PNG.read(from: exportPath), copy = try PNG.read(from: folder + "/replayed.png")
        XCTAssertEqual(original.inkedCount(x0: 0, y0: 0, x1: 816, y1: 1056), copy.inkedCount(x0: 0, y0: 0, x1: 816, y1: 1056))
    }

    func testAHoveringPenDrawsNothing() throws {
        let (x0, y0) = units(200, 500)
        try pen.proximityIn(x: x0, y: y0, pressure: 0)
        for i in 1...50 {
            let (x, y) = units(200 + Double(i) * 8, 500)
            try pen.motion(x: x, y: y, pressure: 0)
        }
        try pen.proximityOut()
        try pen.sync()
        XCTAssertEqual(try exportPage().inkedCount(x0: 0, y0: 0, x1: 816, y1: 1056), 0)
    }

    func testTheEraserEndErasesWithoutChangingTheTool() throws {
        try stroke(pen, from: (100, 300), to: (700, 300), steps: 60)
        let eraser = try server.connect(Self.eraserName)
        try stroke(eraser, from: (400, 250), to: (400, 350), steps: 30)
        var image = try exportPage()
        XCTAssertEqual(image.inkedCount(x0: 396, y0: 290, x1: 405, y1: 310), 0, "the eraser end left ink: \(image.saveForInspection(named: "eraser-end"))")
        XCTAssertTrue(image.isInked(x: 200, y: 300))
        // The pen still draws ink: the eraser end did not switch tools.
        try stroke(pen, from: (100, 500), to: (300, 500), steps: 30)
        image = try exportPage()
        XCTAssertTrue(image.isInked(x: 200, y: 500))
    }

    func testTwoFingersPanThePageAndTouchesRightAfterThePenAreIgnored() throws {
        try stroke(pen, from: (100, 300), to: (500, 300), steps: 40)
        XCTAssertTrue(eventually { page()?.isInked(x: 300, y: 300) == true })
        let touch = try server.connect(EmulatedDevice.touchName)
        func twoFingerDrag(by dx: Double, _ dy: Double) throws {
            let starts = [(600.0, 500.0), (700.0, 500.0)]
            for (id, s) in starts.enumerated() { let u = units(s.0, s.1); try touch.touchBegin(id: id, x: u.0, y: u.1) }
            for step in 1...10 {
                for (id, s) in starts.enumerated() {
                    let u = units(s.0 + dx * Double(step) / 10, s.1 + dy * Double(step) / 10)
                    try touch.touchUpdate(id: id, x: u.0, y: u.1)
                }
            }
            for (id, s) in starts.enumerated() { let u = units(s.0 + dx, s.1 + dy); try touch.touchEnd(id: id, x: u.0, y: u.1) }
            try touch.sync()
        }
        // Straight after the pen: a palm, ignored.
        try twoFingerDrag(by: 60, 80)
        XCTAssertTrue(page()!.isInked(x: 300, y: 300), "a palm moved the page")
        // Later, two fingers pan the page by their movement.
        Thread.sleep(forTimeInterval: 0.6)
        try twoFingerDrag(by: 60, 80)
        XCTAssertTrue(eventually { page()!.isInked(x: 360, y: 380) && !page()!.isInked(x: 300, y: 300) },
                      "the page did not follow two fingers: \(page()!.saveForInspection(named: "pan"))")
    }

    func testUnpluggingThePenMidStrokeEndsTheStrokeAndAReturningPenDrawsAgain() throws {
        let (x0, y0) = units(100, 600)
        try pen.proximityIn(x: x0, y: y0, pressure: 0)
        try pen.button(1, down: true, x: x0, y: y0, pressure: 600)
        for i in 1...40 {
            let (x, y) = units(100 + Double(i) * 10, 600)
            try pen.motion(x: x, y: y, pressure: 600)
        }
        try pen.sync()
        XCTAssertTrue(driver.setInputDevice(named: EmulatedDevice.penName, enabled: false))
        var image = try exportPage()
        XCTAssertTrue(image.isInked(x: 300, y: 600), "the stroke drawn before the unplug was lost")
        XCTAssertTrue(quire!.isRunning)
        // Plugged in again: it just works.
        XCTAssertTrue(driver.setInputDevice(named: EmulatedDevice.penName, enabled: true))
        pen = try server.connect(EmulatedDevice.penName)
        try stroke(pen, from: (100, 700), to: (500, 700), steps: 40)
        image = try exportPage()
        XCTAssertTrue(image.isInked(x: 300, y: 700), "the re-plugged pen does not draw: \(image.saveForInspection(named: "replug"))")
    }

    /// A storm of devices coming and going (each a hierarchy change and a device list for Quire) while a
    /// stroke is being drawn: the stroke goes on, nothing is left stuck, and the next stroke draws.
    func testADeviceStormDuringAStrokeLeavesNothingStuck() throws {
        let (x0, y0) = units(100, 650)
        try pen.proximityIn(x: x0, y: y0, pressure: 0)
        try pen.button(1, down: true, x: x0, y: y0, pressure: 600)
        for i in 1...60 {
            let (x, y) = units(100 + Double(i) * 8, 650)
            try pen.motion(x: x, y: y, pressure: 600)
            // The eraser and the touchscreen unplugged and plugged back in, again and again.
            let name = i % 2 == 0 ? Self.eraserName : EmulatedDevice.touchName
            XCTAssertTrue(driver.setInputDevice(named: name, enabled: i % 4 >= 2))
        }
        XCTAssertTrue(driver.setInputDevice(named: Self.eraserName, enabled: true))
        XCTAssertTrue(driver.setInputDevice(named: EmulatedDevice.touchName, enabled: true))
        let (x1, y1) = units(580, 650)
        try pen.button(1, down: false, x: x1, y: y1, pressure: 0)
        try pen.proximityOut()
        try pen.sync()
        var image = try exportPage("after the storm")
        XCTAssertGreaterThan(image.inkedRun(column: 500, y0: 640, y1: 660), 0,
                             "the stroke went on through the storm: \(image.saveForInspection(named: "storm"))")
        XCTAssertTrue(quire!.isRunning)
        // Nothing stuck: a new stroke draws, and hovering afterwards draws nothing more.
        try stroke(pen, from: (100, 720), to: (500, 720), steps: 40)
        image = try exportPage("after a new stroke")
        XCTAssertTrue(image.isInked(x: 300, y: 720), "the pen no longer draws after the storm")
        let inked = image.inkedCount(x0: 0, y0: 0, x1: 816, y1: 1056)
        // (Inside the window: with no window manager, keys go to the window under the pointer.)
        let (hx, hy) = units(200, 600)
        try pen.proximityIn(x: hx, y: hy, pressure: 0)
        for i in 1...20 { let (x, y) = units(200 + Double(i) * 10, 600); try pen.motion(x: x, y: y, pressure: 0) }
        try pen.proximityOut()
        try pen.sync()
        XCTAssertEqual(try exportPage("after hovering").inkedCount(x0: 0, y0: 0, x1: 816, y1: 1056), inked, "a gesture was left stuck down")
    }
}
