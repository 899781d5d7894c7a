import XCTest

/// A test with an Xvfb server of its own, an XTEST driver on it, and the Quire processes it started:
/// all stopped after each test, the driver's connection first (the server going away under an open
/// connection ends the test process). No X server: the test is skipped, or fails under QUIRE_REQUIRE_ALL.
open class XvfbWindowTestCase: XCTestCase {
    public var server: XvfbServer!
    public var driver: XDisplayDriver!
    public var processes: [QuireProcess] = []

    open override func setUpWithError() throws {
        try super.setUpWithError()
        do {
            server = try XvfbServer()
            driver = try XDisplayDriver(display: server.display)
        } catch {
            try Requirement.unmet("a real X server: \(error)")
        }
    }

    open override func tearDown() {
        processes.forEach { $0.terminate() }
        processes = []
        driver = nil
        server?.stop()
        super.tearDown()
    }

    /// Starts Quire on this test's server; it is stopped after the test.
    public func launchQuire(_ arguments: [String], environment: [String: String] = [:], directory: String? = nil) throws -> QuireProcess {
        let process = try QuireProcess(arguments: arguments, display: server.display, environment: environment, directory: directory)
        processes.append(process)
        return process
    }
}
