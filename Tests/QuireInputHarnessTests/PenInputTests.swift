import QuireTestSupport
import XCTest

/// The emulated pen as any XInput2 client sees it: a TABLET slave with absolute X/Y and pressure, whose
/// strokes arrive sample for sample with the positions and pressures that were sent.
final class PenInputTests: XCTestCase {
    func testThePenIsAnAbsoluteTabletWithPressure() throws {
        let fixture = try HarnessFixture.start()
        let pen = try XCTUnwrap(fixture.probe.device(named: EmulatedDevice.penName))
        let master = try XCTUnwrap(fixture.probe.devices().first { $0.use == .masterPointer })

        XCTAssertEqual(pen.type, "TABLET")
        XCTAssertEqual(pen.use, .slavePointer)
        XCTAssertEqual(pen.attachment, master.id)
        XCTAssertTrue(pen.enabled)
        XCTAssertEqual(pen.buttonCount, 7)
        XCTAssertEqual(pen.valuators.map(\.label), ["Abs X", "Abs Y", "Rel Horiz Scroll", "Rel Vert Scroll", "Abs Pressure"])
        XCTAssertEqual(pen.valuators.map(\.number), [0, 1, 2, 3, 4])
        let x = try XCTUnwrap(pen.valuator(labelled: "Abs X"))
        XCTAssertEqual([x.minimum, x.maximum], [0, 65535])
        XCTAssertTrue(x.isAbsolute)
        let pressure = try XCTUnwrap(pen.valuator(labelled: "Abs Pressure"))
        XCTAssertEqual(pressure.number, 4)
        XCTAssertEqual([pressure.minimum, pressure.maximum], [0, 1000])
        XCTAssertTrue(pressure.isAbsolute)
        XCTAssertNil(pen.touchMode)
    }

    /// Proximity in, tip down, a burst of samples with rising pressure, tip up, proximity out — all sent
    /// before one sync. Every sample must arrive as its own XI_Motion: the server's event queue merges
    /// consecutive unprocessed motions of one device, but each motion is preceded by its raw event,
    /// which keeps them apart; this test pins that down.
    func testAPressureStrokeArrivesSampleForSample() throws {
        let fixture = try HarnessFixture.start()
        let penID = try fixture.deviceID(EmulatedDevice.penName)
        let pen = try fixture.server.connect(EmulatedDevice.penName)
        let width = fixture.server.width, height = fixture.server.height

        let samples = 200
        // Pixel positions along a diagonal, including sub-pixel ones, and pressure 0 → 1000.
        let points: [(x: Double, y: Double, pressure: Double)] = (0..<samples).map { i in
            let t = Double(i)
            return (x: 100 + t * 2.5, y: 700 - t * 1.25, pressure: (t * 1000 / Double(samples - 1)).rounded())
        }
        func units(_ x: Double, _ y: Double) -> (Double, Double) {
            (InputTestDevice.units(fromPixel: x, extent: width), InputTestDevice.units(fromPixel: y, extent: height))
        }
        let start = units(points[0].x, points[0].y)
        try pen.proximityIn(x: start.0, y: start.1, pressure: 0)
        try pen.button(1, down: true, x: start.0, y: start.1, pressure: 0)
        for point in points {
            let (x, y) = units(point.x, point.y)
            try pen.motion(x: x, y: y, pressure: point.pressure)
        }
        let end = units(points[samples - 1].x, points[samples - 1].y)
        try pen.button(1, down: false, x: end.0, y: end.1, pressure: 0)
        try pen.proximityOut()
        try pen.sync()
        let events = fixture.probe.takeEvents()

        XCTAssertEqual(events.map(\.kind), [.buttonPress] + Array(repeating: .motion, count: samples) + [.buttonRelease])
        XCTAssertTrue(events.allSatisfy { $0.sourceID == penID }, "every event comes from the pen")
        XCTAssertEqual(events.first?.detail, 1, "button 1 is the tip")
        XCTAssertEqual(events.last?.detail, 1)

        let motions = events.filter { $0.kind == .motion }
        XCTAssertEqual(motions.count, samples, "sent \(samples) samples, received \(motions.count) motion events")
        for (motion, point) in zip(motions, points) {
            XCTAssertEqual(motion.eventX, point.x, accuracy: 1e-3)
            XCTAssertEqual(motion.eventY, point.y, accuracy: 1e-3)
            XCTAssertEqual(motion.rootX, point.x, accuracy: 1e-3)
            XCTAssertEqual(motion.valuators[4], point.pressure, "Abs Pressure arrives as sent")
            // The X/Y valuators carry device units (the server round-trips them through screen
            // coordinates, hence the tolerance).
            let (x, y) = units(point.x, point.y)
            XCTAssertEqual(motion.valuators[0] ?? -1, x, accuracy: 1e-3)
            XCTAssertEqual(motion.valuators[1] ?? -1, y, accuracy: 1e-3)
        }
        let pressures = motions.compactMap { $0.valuators[4] }
        XCTAssertEqual(pressures.count, samples)
        XCTAssertEqual(pressures.first, 0)
        XCTAssertEqual(pressures.last, 1000)
        XCTAssertEqual(pressures, pressures.sorted(), "pressure rises monotonically")
        XCTAssertEqual(events.last?.valuators[4], 0, "the tip lifts with pressure 0")
    }

    /// A second pen (the harness allows several devices of a kind) stands in for an eraser: a separate
    /// TABLET slave whose events name it as their source.
    func testASecondPenIsASeparateSourceDevice() throws {
        let eraserName = "Quire Test Eraser"
        let fixture = try HarnessFixture.start(devices: [.pen(), .pen(named: eraserName), .keyboard()])
        let penID = try fixture.deviceID(EmulatedDevice.penName)
        let eraserID = try fixture.deviceID(eraserName)
        XCTAssertNotEqual(penID, eraserID)
        XCTAssertEqual(fixture.probe.device(named: eraserName)?.type, "TABLET")

        let eraser = try fixture.server.connect(eraserName)
        try eraser.proximityIn(x: 32768, y: 32768, pressure: 0)
        try eraser.button(1, down: true, x: 32768, y: 32768, pressure: 200)
        try eraser.motion(x: 33792, y: 32768, pressure: 400)
        try eraser.button(1, down: false, x: 33792, y: 32768, pressure: 0)
        try eraser.proximityOut()
        try eraser.sync()
        let events = fixture.probe.takeEvents()

        XCTAssertEqual(events.map(\.kind), [.buttonPress, .motion, .buttonRelease])
        XCTAssertEqual(Set(events.map(\.sourceID)), [eraserID])
        XCTAssertEqual(events[1].eventX, 660, accuracy: 1e-9, "33792 units of 65536 on 1280 pixels")
        XCTAssertEqual(events[1].valuators[4], 400)
    }
}
