import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireStorage
import QuireTestSupport
import XCTest

/// A new notebook of one page opened in Quire (the interface hidden) on an Xorg of its own with
/// inputtest's devices, the pointer parked in a corner: its page read back as saved, the screen, and
/// pixels in the pen's units. What the held-shape and ruler window tests share.
final class XorgNotebookWindow {
    let server: XorgServer
    /// Closed before the server stops (Xlib ends the process when a server goes from under a connection).
    private var connection: XDisplayDriver?
    var driver: XDisplayDriver { connection! }
    private(set) var quire: QuireProcess?
    let folder = NSTemporaryDirectory() + "quire-window-\(UUID().uuidString)"
    let path: String
    let pageID: PageID

    init(devices: [EmulatedDevice], title: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        path = folder + "/\(title).quire"
        let store = try NotebookStore.create(at: path, title: title)
        pageID = try store.pageIDs()[0]
        try store.close()
        server = try XorgServer(devices: devices)
        connection = try XDisplayDriver(display: server.display)
        let process = try QuireProcess(arguments: [path, "--library", folder], display: server.display,
                                       environment: ["QUIRE_INTERFACE": "hidden"])
        quire = process
        XCTAssertTrue(process.waitForOutput(containing: "Quire is ready"), process.text, file: file, line: line)
        XCTAssertNotNil(driver.firstFrame(), "no Quire window showed its page: \(process.text)", file: file, line: line)
        driver.move(to: 1000, 740)
    }

    /// What Quire has printed so far.
    var text: String { quire?.text ?? "" }

    func stop() {
        quire?.terminate()
        quire = nil
        connection = nil
        server.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The page as saved now, read by another connection (as after a crash).
    func saved() -> Page? {
        guard let store = try? NotebookStore(openingAt: path, readOnly: true) else { return nil }
        defer { try? store.close() }
        return try? store.loadPage(pageID)
    }

    func screen() -> RGBAImage { driver.screenshot(x: 0, y: 0, width: 1024, height: 768)! }

    /// A window (screen) point in inputtest's units.
    func units(_ p: Point) -> (Double, Double) {
        (InputTestDevice.units(fromPixel: p.x, extent: server.width), InputTestDevice.units(fromPixel: p.y, extent: server.height))
    }

    /// The pen put down at the first point and moved through the rest at a steady pressure, still down.
    func penDown(through points: [Point], pressure: Double = 600) throws -> InputTestDevice {
        let pen = try server.connect(EmulatedDevice.penName)
        let first = units(points[0])
        try pen.proximityIn(x: first.0, y: first.1, pressure: 0)
        try pen.button(1, down: true, x: first.0, y: first.1, pressure: pressure)
        for p in points.dropFirst() {
            let u = units(p)
            try pen.motion(x: u.0, y: u.1, pressure: pressure)
        }
        try pen.sync()
        return pen
    }

    /// The pen lifted at `point` and taken away.
    func lift(_ pen: InputTestDevice, at point: Point) throws {
        let u = units(point)
        try pen.button(1, down: false, x: u.0, y: u.1, pressure: 0)
        try pen.proximityOut()
        try pen.sync()
    }
}
