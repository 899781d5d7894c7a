import QuireTestSupport
import XCTest

/// A pen disabled in the middle of a stroke (as `xinput disable` does): the server releases the tip,
/// announces the change, and the inputtest driver hangs up; enabled again, the pen works after a reconnect.
final class DeviceDisableTests: XCTestCase {
    func testDisablingThePenMidStrokeReleasesTheTipAndReenablingRestoresIt() throws {
        let fixture = try HarnessFixture.start()
        let penID = try fixture.deviceID(EmulatedDevice.penName)
        let pen = try fixture.server.connect(EmulatedDevice.penName)
        try pen.proximityIn(x: 5120, y: 5120, pressure: 0)
        try pen.button(1, down: true, x: 5120, y: 5120, pressure: 100)
        try pen.motion(x: 6144, y: 5120, pressure: 500)
        try pen.sync()
        XCTAssertEqual(fixture.probe.takeEvents().map(\.kind), [.buttonPress, .motion])

        fixture.probe.setEnabled(false, deviceID: penID)
        let disabled = fixture.probe.takeEvents()
        // The stroke ends with a release that carries no valuators (no pressure), then the hierarchy event.
        XCTAssertEqual(disabled.map(\.kind), [.buttonRelease, .hierarchyChanged])
        XCTAssertEqual(disabled.first?.sourceID, penID)
        XCTAssertEqual(disabled.first?.detail, 1)
        XCTAssertEqual(disabled.first?.valuators, [:])
        XCTAssertEqual(disabled.last?.hierarchyChanges, [.init(deviceID: penID, flags: Int(XIDeviceDisabledFlag))])
        XCTAssertEqual(fixture.probe.device(named: EmulatedDevice.penName)?.enabled, false)
        XCTAssertThrowsError(try pen.sync(), "the driver closes the connection of a disabled device") { error in
            guard case InputTestDevice.Failure.closed = error else { return XCTFail("\(error)") }
        }

        fixture.probe.setEnabled(true, deviceID: penID)
        XCTAssertEqual(fixture.probe.takeEvents().last?.hierarchyChanges, [.init(deviceID: penID, flags: Int(XIDeviceEnabledFlag))])
        let again = try fixture.server.connect(EmulatedDevice.penName)
        try again.proximityIn(x: 5120, y: 5120, pressure: 0)
        try again.button(1, down: true, x: 5120, y: 5120, pressure: 100)
        try again.motion(x: 6144, y: 5120, pressure: 700)
        try again.button(1, down: false, x: 6144, y: 5120, pressure: 0)
        try again.sync()
        let events = fixture.probe.takeEvents()
        XCTAssertEqual(events.map(\.kind), [.buttonPress, .motion, .buttonRelease])
        XCTAssertEqual(events[1].valuators[4], 700)
    }
}

// XIDeviceEnabled / XIDeviceDisabled from XI2.h.
private let XIDeviceEnabledFlag: Int32 = 1 << 6
private let XIDeviceDisabledFlag: Int32 = 1 << 7
