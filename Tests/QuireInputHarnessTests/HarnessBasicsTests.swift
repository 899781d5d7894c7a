import QuireTestSupport
import XCTest

/// The harness's own contracts: its protocol header matches the installed driver's, units convert as
/// the server maps them, and an unknown device name is a clear error.
final class HarnessBasicsTests: XCTestCase {
    /// The structs come from a copy of the header (so building needs no xserver-xorg-dev); where the
    /// package is installed, the copy must match it byte for byte.
    func testTheVendoredProtocolHeaderMatchesTheInstalledOne() throws {
        let installed = URL(fileURLWithPath: "/usr/include/xorg/xf86-input-inputtest-protocol.h")
        guard FileManager.default.fileExists(atPath: installed.path) else {
            try Requirement.unmet("\(installed.path) is missing (Debian package xserver-xorg-dev)")
        }
        let vendored = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CInputTestProtocol/xf86-input-inputtest-protocol.h")
        XCTAssertEqual(try Data(contentsOf: vendored), try Data(contentsOf: installed))
    }

    func testUnitsConvertAsTheServerMapsThem() {
        XCTAssertEqual(InputTestDevice.units(fromPixel: 100, extent: 1280), 5120)
        XCTAssertEqual(InputTestDevice.units(fromPixel: 80, extent: 1024), 5120)
        XCTAssertEqual(InputTestDevice.units(fromPixel: 1280, extent: 1280), 65535, "clamped to the axis maximum")
    }

    func testTheServerReportsTheHandshakeAndRejectsUnknownDevices() throws {
        let fixture = try HarnessFixture.start(devices: [.keyboard()])
        let keyboard = try fixture.server.connect(EmulatedDevice.keyboardName)
        XCTAssertEqual(keyboard.serverVersion.major, 1)
        XCTAssertGreaterThanOrEqual(keyboard.serverVersion.minor, 1)
        XCTAssertThrowsError(try fixture.server.connect("No Such Device")) { error in
            XCTAssertEqual("\(error)", "this Xorg has no emulated device named \"No Such Device\"")
        }
        XCTAssertNil(fixture.probe.device(named: EmulatedDevice.penName), "only the devices asked for exist")
    }
}
