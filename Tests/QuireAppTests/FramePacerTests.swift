import XCTest
@testable import QuireApp

/// The frame pacer takes the refresh rate RandR reports, or 60 Hz for one no display has.
final class FramePacerTests: XCTestCase {
    func testAbsurdRatesAreTakenAsSixtyHertz() {
        for rate in [Double.nan, .infinity, -.infinity, 0, -60, 0.5, 1e9, 1001] {
            XCTAssertEqual(FramePacer(rate: rate).interval, 1.0 / 60, accuracy: 1e-12, "\(rate)")
        }
        XCTAssertEqual(FramePacer(rate: 144).interval, 1.0 / 144, accuracy: 1e-12)
    }

    func testAFrameWaitsForItsSlotAndTheFirstDoesNot() {
        var pacer = FramePacer(rate: 100)
        XCTAssertEqual(pacer.wait(now: 5), 0, "the first frame after a quiet spell is drawn at once")
        pacer.frameBegins(now: 5)
        XCTAssertEqual(pacer.wait(now: 5.002), 0.01 * FramePacer.slack - 0.002, accuracy: 1e-12)
        XCTAssertEqual(pacer.wait(now: 5.5), 0, "late: at once")
        XCTAssertEqual(pacer.framesDrawn, 1)
    }
}
