import XCTest
@testable import QuireApp

/// What QUIRE_FRAME_STATS prints beside the frame counts: where a frame over 16 ms went, and the
/// pictures' memory with each report; nothing without it.
final class FrameStatisticsTests: XCTestCase {
    private func marks(_ began: Double, caughtUp: Double, drawn: Double, presented: Double) -> FramePhases.Marks {
        var marks = FramePhases.Marks()
        marks.began = began
        marks.caughtUp = caughtUp
        marks.drawn = drawn
        marks.presented = presented
        return marks
    }

    func testAFrameOverARefreshSaysWhereItsTimeWent() {
        let stats = FrameStatistics(enabled: true)
        let long = marks(10, caughtUp: 10.002, drawn: 10.017, presented: 10.0213)
        XCTAssertEqual(stats.longFrame(long, partial: false),
                       "Long frame: 21.3 ms = catching up 2.0 + drawing 15.0 + presenting 4.3, whole")
        XCTAssertNil(stats.longFrame(marks(10, caughtUp: 10.001, drawn: 10.012, presented: 10.0159), partial: true),
                     "15.9 ms is within a refresh")
        XCTAssertNil(FrameStatistics(enabled: false).longFrame(long, partial: false), "nothing without QUIRE_FRAME_STATS")
    }

    func testEachReportSaysThePicturesMemory() {
        var stats = FrameStatistics(enabled: true)
        stats.frameDrawn(partial: false, took: 0.004, now: 1)
        let lines = stats.report(now: 1) { (decoded: 12_000_000, textures: 30_100_000, idle: 2_000_000) }
        XCTAssertEqual(lines.last, "Picture memory: decoded 12.0 MB, textures 30.1 MB (2.0 MB idle)")
        var asked = false
        XCTAssertEqual(stats.report(now: 1.1) { asked = true; return (0, 0, 0) }, [], "nothing new to report")
        XCTAssertFalse(asked, "the memory is asked for only with a report")
    }
}
