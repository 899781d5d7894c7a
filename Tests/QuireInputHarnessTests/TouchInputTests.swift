import QuireTestSupport
import XCTest

/// The emulated touchscreen: a direct-touch device whose fingers arrive as XI2 touch sequences.
final class TouchInputTests: XCTestCase {
    func testTheTouchscreenIsADirectTouchDevice() throws {
        let fixture = try HarnessFixture.start()
        let touch = try XCTUnwrap(fixture.probe.device(named: EmulatedDevice.touchName))
        XCTAssertEqual(touch.type, "TOUCHSCREEN")
        XCTAssertEqual(touch.use, .slavePointer)
        XCTAssertEqual(touch.touchMode, .direct)
        XCTAssertEqual(touch.maximumTouches, 10)
        XCTAssertEqual(touch.valuators.map(\.label),
                       ["Abs MT Position X", "Abs MT Position Y", "Rel Horiz Scroll", "Rel Vert Scroll", "Abs MT Pressure"])
        let pressure = try XCTUnwrap(touch.valuator(labelled: "Abs MT Pressure"))
        XCTAssertEqual([pressure.minimum, pressure.maximum], [0, 2047])
        let x = try XCTUnwrap(touch.valuator(labelled: "Abs MT Position X"))
        XCTAssertEqual([x.minimum, x.maximum], [0, 65535])
    }

    func testTwoFingersBeginMoveAndEnd() throws {
        let fixture = try HarnessFixture.start()
        let touchID = try fixture.deviceID(EmulatedDevice.touchName)
        let touch = try fixture.server.connect(EmulatedDevice.touchName)
        // Device units: 5120 → 100 px across (1280 px) and 80 px down (1024 px); 10240 → 200, 160.
        try touch.touchBegin(id: 0, x: 5120, y: 5120, pressure: 300)
        try touch.touchBegin(id: 1, x: 10240, y: 10240, pressure: 900)
        try touch.touchUpdate(id: 0, x: 6144, y: 5120, pressure: 1200)
        try touch.touchUpdate(id: 1, x: 11264, y: 10240, pressure: 2047)
        try touch.touchEnd(id: 0, x: 6144, y: 5120, pressure: 0)
        try touch.touchEnd(id: 1, x: 11264, y: 10240, pressure: 0)
        try touch.sync()
        let events = fixture.probe.takeEvents()

        // The first finger also drives the pointer (XIPointerEmulated motion) for clients that do not
        // handle touches; this window selects both, so it gets that motion too.
        let emulated = events.filter { $0.flags & Int(XIPointerEmulatedFlag) != 0 }
        XCTAssertTrue(emulated.allSatisfy { $0.kind == .motion })
        let touches = events.filter { $0.flags & Int(XIPointerEmulatedFlag) == 0 }
        XCTAssertEqual(touches.map(\.kind), [.touchBegin, .touchBegin, .touchUpdate, .touchUpdate, .touchEnd, .touchEnd])
        XCTAssertTrue(events.allSatisfy { $0.sourceID == touchID })

        // XI2 touch ids are the server's own, one per sequence, not the driver's slot numbers.
        let first = touches[0].detail, second = touches[1].detail
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(touches.map(\.detail), [first, second, first, second, first, second])

        XCTAssertEqual(touches[0].eventX, 100, accuracy: 1e-9)
        XCTAssertEqual(touches[0].eventY, 80, accuracy: 1e-9)
        XCTAssertEqual(touches[1].eventX, 200, accuracy: 1e-9)
        XCTAssertEqual(touches[1].eventY, 160, accuracy: 1e-9)
        XCTAssertEqual(touches[2].eventX, 120, accuracy: 1e-9)
        XCTAssertEqual(touches[3].eventX, 220, accuracy: 1e-9)
        XCTAssertEqual(touches.map { $0.valuators[4] }, [300, 900, 1200, 2047, 0, 0], "Abs MT Pressure as sent")
    }
}

/// XIPointerEmulated (1 << 16) is a macro Swift imports only as an untyped constant on some setups.
private let XIPointerEmulatedFlag: Int32 = 1 << 16
