import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// Held strokes in the real window, on Xorg with inputtest's pen: a wavering rectangle held still
/// shows clean on screen, is saved clean when the pen lifts, and Ctrl+Z gives back the hand-drawn one;
/// lifted at once it stays as drawn.
final class HeldShapeWindowTests: XCTestCase {
    private var server: XorgServer!
    private var driver: XDisplayDriver!
    private var quire: QuireProcess?
    private let folder = NSTemporaryDirectory() + "quire-held-\(UUID().uuidString)"
    private var path: String { folder + "/Shapes.quire" }
    private var pageID: PageID!

    override func setUpWithError() throws {
        if let missing = XorgServer.unavailability() { try Requirement.unmet(missing.description) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = try NotebookStore.create(at: path, title: "Shapes")
        pageID = try store.pageIDs()[0]
        try store.close()
        server = try XorgServer(devices: [.pen(), .keyboard()])
        driver = try XDisplayDriver(display: server.display)
        let process = try QuireProcess(arguments: [path, "--library", folder], display: server.display,
                                       environment: ["QUIRE_INTERFACE": "hidden"])
        quire = process
        XCTAssertTrue(process.waitForOutput(containing: "Quire is ready"), process.text)
        XCTAssertNotNil(driver.firstFrame(), "no Quire window showed its page: \(process.text)")
        driver.move(to: 900, 700)
    }

    override func tearDown() {
        quire?.terminate()
        quire = nil
        driver = nil
        server?.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func screen() -> RGBAImage { driver.screenshot(x: 0, y: 0, width: 1024, height: 768)! }
    private func isInk(_ x: Int, _ y: Int) -> Bool { let p = screen()[x, y]; return p.r < 120 && p.g < 120 && p.b < 120 }

    private func saved() -> Page? {
        guard let store = try? NotebookStore(openingAt: path, readOnly: true) else { return nil }
        defer { try? store.close() }
        return try? store.loadPage(pageID)
    }

    /// A rectangle from (300, 250) to (600, 450) drawn zigzagging 5 px either side of its sides, a
    /// zig every 40 px: out to y 245 at x 470 on the top side.
    private let wavering: [Point] = {
        let corners = [Point(300, 250), Point(600, 250), Point(600, 450), Point(300, 450), Point(300, 250)]
        var points: [Point] = []
        for (a, b) in zip(corners, corners.dropFirst()) {
            let outward = -(b - a).normalized.perpendicular
            let length = a.distance(to: b)
            for s in stride(from: 0.0, to: length, by: 5) {
                points.append(a.lerp(to: b, s / length) + outward * (5 * sin(2 * .pi * (s - 10) / 40 + .pi / 2)))
            }
        }
        return points + [Point(304, 250)]
    }()

    /// How far `p` is from the rectangle's nearest side.
    private static func offSides(_ p: Point) -> Double {
        let inX = p.x >= 300 && p.x <= 600, inY = p.y >= 250 && p.y <= 450
        return min(inX ? min(abs(p.y - 250), abs(p.y - 450)) : .infinity, inY ? min(abs(p.x - 300), abs(p.x - 600)) : .infinity)
    }

    private func penDown(through points: [Point]) throws -> InputTestDevice {
        let pen = try server.connect(EmulatedDevice.penName)
        let units = points.map { (InputTestDevice.units(fromPixel: $0.x, extent: server.width), InputTestDevice.units(fromPixel: $0.y, extent: server.height)) }
        try pen.proximityIn(x: units[0].0, y: units[0].1, pressure: 0)
        try pen.button(1, down: true, x: units[0].0, y: units[0].1, pressure: 600)
        for (x, y) in units.dropFirst() { try pen.motion(x: x, y: y, pressure: 600) }
        try pen.sync()
        return pen
    }

    private func lift(_ pen: InputTestDevice, at point: Point) throws {
        let (x, y) = (InputTestDevice.units(fromPixel: point.x, extent: server.width), InputTestDevice.units(fromPixel: point.y, extent: server.height))
        try pen.button(1, down: false, x: x, y: y, pressure: 0)
        try pen.proximityOut()
        try pen.sync()
    }

    func testAWaveringRectangleHeldStillShowsCleanIsSavedCleanAndUndoGivesBackTheHandDrawnOne() throws {
        let pen = try penDown(through: wavering)
        // Drawn, the top side zigs out to y 245 at x 470; held, the clean side runs at y 250.
        XCTAssertTrue(eventually { self.isInk(470, 245) }, "the hand-drawn stroke shows: \(screen().saveForInspection(named: "held-drawn"))")
        XCTAssertTrue(eventually { self.isInk(470, 250) && !self.isInk(470, 245) },
                      "held, the clean rectangle shows: \(screen().saveForInspection(named: "held-clean")) \(quire!.text)")
        try lift(pen, at: wavering[wavering.count - 1])
        XCTAssertTrue(eventually { self.saved()?.strokes.count == 1 && self.saved()?.strokes.first?.samples.count != nil })
        XCTAssertTrue(eventually { (self.saved()?.strokes.first?.samples.map { Self.offSides($0.position) }.max() ?? .infinity) < 2.5 },
                      "saved clean: every sample within 2.5 px of a side: \(quire!.text)")

        driver.key("z", control: true)
        XCTAssertTrue(eventually { (self.saved()?.strokes.first?.samples.map { Self.offSides($0.position) }.max() ?? 0) > 4 },
                      "undo gives back the hand-drawn stroke, 5 px out in places: \(quire!.text)")
        XCTAssertEqual(saved()?.strokes.count, 1)
        XCTAssertTrue(eventually { self.isInk(470, 245) }, "and shows it")
        driver.key("z", control: true)
        XCTAssertTrue(eventually { self.saved()?.items.isEmpty == true }, "undo again takes it away")
    }

    func testLiftedAtOnceTheStrokeStaysAsDrawn() throws {
        let pen = try penDown(through: wavering)
        try lift(pen, at: wavering[wavering.count - 1])
        XCTAssertTrue(eventually { self.saved()?.strokes.count == 1 }, quire!.text)
        let off = try XCTUnwrap(saved()?.strokes.first).samples.map { Self.offSides($0.position) }.max() ?? 0
        XCTAssertGreaterThan(off, 4, "the hand's zigzag is kept")
        XCTAssertTrue(eventually { self.isInk(470, 245) })
    }
}
