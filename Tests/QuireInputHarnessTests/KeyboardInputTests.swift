import QuireTestSupport
import XCTest

/// The emulated keyboard types into the focused window as a real keyboard attached to the core keyboard.
final class KeyboardInputTests: XCTestCase {
    func testAKeyPressAndReleaseReachTheFocus() throws {
        let fixture = try HarnessFixture.start()
        let keyboard = try XCTUnwrap(fixture.probe.device(named: EmulatedDevice.keyboardName))
        XCTAssertEqual(keyboard.type, "KEYBOARD")
        XCTAssertEqual(keyboard.use, .slaveKeyboard)
        let master = try XCTUnwrap(fixture.probe.devices().first { $0.use == .masterKeyboard })
        XCTAssertEqual(keyboard.attachment, master.id)

        let device = try fixture.server.connect(EmulatedDevice.keyboardName)
        let keycodeA = 38  // KEY_A (30) + 8 under the default evdev rules
        try device.key(keycodeA, down: true)
        try device.key(keycodeA, down: false)
        try device.sync()
        let events = fixture.probe.takeEvents()

        XCTAssertEqual(events.map(\.kind), [.keyPress, .keyRelease])
        XCTAssertEqual(events.map(\.detail), [keycodeA, keycodeA])
        XCTAssertEqual(Set(events.map(\.sourceID)), [keyboard.id])
        XCTAssertEqual(Set(events.map(\.deviceID)), [master.id])
        XCTAssertEqual(fixture.probe.keysymName(keycode: keycodeA), "a")
    }
}
