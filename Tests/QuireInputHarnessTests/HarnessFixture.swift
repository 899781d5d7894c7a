import QuireTestSupport
import XCTest

/// A running Xorg with the emulated devices and a probe watching it, or a skip naming what is missing.
/// Closing order matters: Xlib exits the whole process when its server goes away under an open
/// connection, so the probe is closed before the server stops.
final class HarnessFixture {
    let server: XorgServer
    let probe: XInputProbe

    /// Starts Xorg with `devices` and a probe on it; skips the test (fails it under `make test`) when
    /// Xorg, its dummy or inputtest driver, or root is missing.
    static func start(devices: [EmulatedDevice] = EmulatedDevice.penTouchKeyboard) throws -> HarnessFixture {
        if let missing = XorgServer.unavailability() { try Requirement.unmet(missing.description) }
        return try HarnessFixture(devices: devices)
    }

    private init(devices: [EmulatedDevice]) throws {
        server = try XorgServer(devices: devices)
        probe = try XInputProbe(display: server.display)
    }

    deinit { close() }

    func close() {
        probe.close()
        server.stop()
    }

    /// The server's device id of an emulated device, failing the test when the server does not list it.
    func deviceID(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        try XCTUnwrap(probe.device(named: name), "no XI device \"\(name)\"; log:\n\(server.logTail())", file: file, line: line).id
    }
}
