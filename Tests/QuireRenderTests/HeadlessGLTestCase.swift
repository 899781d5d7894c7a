import QuireRender
import QuireTestSupport
import XCTest

/// A test with a current OpenGL 3.3 core context of its own (Mesa through EGL, no X server), made
/// before each test and dropped after it; skipped (failed under `make test`) where there is no GL.
class HeadlessGLTestCase: XCTestCase {
    private var context: HeadlessGLContext?

    override func setUpWithError() throws {
        do {
            context = try HeadlessGLContext()
        } catch {
            try Requirement.unmet("headless OpenGL: \(error)")
        }
    }

    override func tearDown() {
        context = nil
    }
}
