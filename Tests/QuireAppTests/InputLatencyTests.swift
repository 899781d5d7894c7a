import XCTest
@testable import QuireApp
@testable import QuireX11
import QuireGeometry
import QuireInk

/// Input → swap latency: the ring's percentiles, the 32-bit server clock's wrap, values that cannot
/// be latencies refused, and which frames are measured from which event.
final class InputLatencyTests: XCTestCase {
    func testPercentilesAreNearestRankOverWhatIsKept() throws {
        var ring = LatencyRing(capacity: 1000)
        XCTAssertNil(ring.percentiles([0.5]), "nothing kept, no percentile")
        // 1…100 in a shuffled order: the median is 50, the p99 99, the p100 100.
        var values = Array(1...100).map(Double.init)
        values.shuffle()
        for value in values { XCTAssertTrue(ring.record(value)) }
        XCTAssertEqual(ring.percentiles([0.5, 0.99, 1, 0]), [50, 99, 100, 1])
        // One value: every percentile is it.
        var one = LatencyRing(capacity: 4)
        one.record(7.5)
        XCTAssertEqual(one.percentiles([0.5, 0.99]), [7.5, 7.5])
        // The p99 of 200 values is the 198th smallest: two slow frames out of 200 stay above it, a third
        // is it.
        var slow = LatencyRing(capacity: 1000)
        for _ in 0..<198 { slow.record(2) }
        slow.record(30)
        slow.record(40)
        XCTAssertEqual(slow.percentiles([0.5, 0.99]), [2, 2])
        slow.record(50)
        XCTAssertEqual(slow.percentiles([0.5, 0.99]), [2, 30], "201 values: the 199th smallest")
    }

    func testTheRingKeepsTheNewestAndReadsTheLastFew() throws {
        var ring = LatencyRing(capacity: 10)
        for value in 1...25 { ring.record(Double(value)) }
        XCTAssertEqual(ring.count, 10)
        XCTAssertEqual(ring.recorded, 25)
        // The last ten are 16…25; the last four 22…25.
        XCTAssertEqual(ring.percentiles([0, 0.5, 1]), [16, 20, 25])
        XCTAssertEqual(ring.percentiles([0, 1], last: 4), [22, 25])
        XCTAssertEqual(ring.percentiles([0, 1], last: 400), [16, 25], "more than is kept reads what is kept")
        XCTAssertNil(ring.percentiles([0.5], last: 0))
    }

    func testValuesThatCannotBeLatenciesAreDiscarded() {
        var ring = LatencyRing(capacity: 8)
        for bad in [-0.5, -1e9, 10_000.5, 1e12, .nan, .infinity, -.infinity] {
            XCTAssertFalse(ring.record(bad), "\(bad)")
        }
        XCTAssertEqual(ring.discarded, 7)
        XCTAssertEqual(ring.count, 0)
        XCTAssertNil(ring.percentiles([0.5]))
        XCTAssertTrue(ring.record(0))
        XCTAssertTrue(ring.record(10_000))
        XCTAssertEqual(ring.percentiles([0, 1]), [0, 10_000])
    }

    func testServerTimeIsReadAcrossTheThirtyTwoBitWrap() {
        // The monotonic clock at 2³² ms + 3.25 ms: the server's 32-bit clock reads 3.
        let now = (4_294_967_296.0 + 3.25) / 1000
        XCTAssertEqual(InputLatency.milliseconds(since: 3, at: now), 0.25, accuracy: 1e-6)
        XCTAssertEqual(InputLatency.milliseconds(since: 0, at: now), 3.25, accuracy: 1e-6)
        // Stamped 5 ms before the wrap (2³² − 5): 8.25 ms ago, not 49.7 days in the future.
        XCTAssertEqual(InputLatency.milliseconds(since: UInt32.max - 4, at: now), 8.25, accuracy: 1e-6)
        // Without a wrap.
        XCTAssertEqual(InputLatency.milliseconds(since: 1_000, at: 1.0125), 12.5, accuracy: 1e-6)
        // A stamp ahead of now (a server on another clock) comes out negative: the ring refuses it.
        XCTAssertLessThan(InputLatency.milliseconds(since: 2_000, at: 1.0), 0)
        XCTAssertTrue(InputLatency.milliseconds(since: 0, at: .nan).isNaN)
    }

    func testAFrameIsMeasuredFromTheOldestInputItShows() throws {
        var latency = InputLatency()
        // Monotonic time 100 s; the server stamped the first event at 100 000 ms, read 1 ms later.
        latency.inputArrived(InputArrival(serverTime: 100_000, received: 100.001))
        latency.inputArrived(InputArrival(serverTime: 100_004, received: 100.005))
        latency.inputArrived(nil)
        latency.frameShown(began: 100.010, presented: 100.013, serverClockIsMonotonic: true)
        var summary = try XCTUnwrap(latency.summary())
        XCTAssertEqual(summary.frames, 1)
        XCTAssertEqual(try XCTUnwrap(summary.total).p50, 13, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(summary.app).p50, 12, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(summary.drawing).p99, 3, accuracy: 1e-6)
        // A frame with no input shown is not an input frame.
        latency.frameShown(began: 100.02, presented: 100.021, serverClockIsMonotonic: true)
        XCTAssertEqual(latency.frames, 1)
        // Input that asked for no frame is forgotten: a later frame is not measured from it.
        latency.inputArrived(InputArrival(serverTime: 100_100, received: 100.1))
        latency.inputNeedsNoFrame()
        latency.frameShown(began: 100.5, presented: 100.502, serverClockIsMonotonic: true)
        XCTAssertEqual(latency.frames, 1)
        // A server on another clock: the total is not known; Quire's own part still is.
        latency.inputArrived(InputArrival(serverTime: 7, received: 101))
        latency.frameShown(began: 101.002, presented: 101.004, serverClockIsMonotonic: false)
        summary = try XCTUnwrap(latency.summary())
        XCTAssertEqual(summary.frames, 2)
        XCTAssertEqual(latency.total.recorded, 1)
        XCTAssertEqual(latency.app.recorded, 2)
        // Clocks that disagree though the check passed (a stamp 20 s old): discarded, not recorded.
        latency.inputArrived(InputArrival(serverTime: 82_000, received: 102))
        latency.frameShown(began: 102.001, presented: 102.002, serverClockIsMonotonic: true)
        summary = try XCTUnwrap(latency.summary())
        XCTAssertEqual(summary.discarded, 1)
        XCTAssertEqual(latency.total.recorded, 1)
        XCTAssertTrue(summary.statisticsLine.hasPrefix("Latency: 3 input frames; total p50 13.0 ms p99 13.0 ms; app p50 "),
                      summary.statisticsLine)
        XCTAssertTrue(summary.statisticsLine.hasSuffix("; 1 discarded"), summary.statisticsLine)
    }

    func testTheNewestInputAFrameShowsIsMeasuredFromItsOwnReading() throws {
        var latency = InputLatency()
        // Three batches before one frame: the oldest event read at 50.000, the newest at 50.014; the frame
        // begins at 50.015 and is presented at 50.017.
        latency.inputArrived(InputArrival(serverTime: 50_000, received: 50.000), newest: InputArrival(serverTime: 50_004, received: 50.004))
        latency.inputArrived(InputArrival(serverTime: 50_008, received: 50.008), newest: InputArrival(serverTime: 50_014, received: 50.014))
        latency.inputArrived(nil, newest: nil)
        latency.frameShown(began: 50.015, presented: 50.017, serverClockIsMonotonic: true)
        let summary = try XCTUnwrap(latency.summary())
        XCTAssertEqual(try XCTUnwrap(summary.app).p50, 17, accuracy: 1e-6, "from the oldest")
        XCTAssertEqual(try XCTUnwrap(summary.newest).p50, 3, accuracy: 1e-6, "from the newest")
        XCTAssertTrue(summary.statisticsLine.contains("; newest p50 3.0 ms p99 3.0 ms; 0 discarded"), summary.statisticsLine)
        // The next frame starts afresh: a batch with one event is both its oldest and newest.
        latency.inputArrived(InputArrival(serverTime: 50_020, received: 50.020))
        latency.frameShown(began: 50.021, presented: 50.022, serverClockIsMonotonic: true)
        XCTAssertEqual(latency.newest.recorded, 2)
        XCTAssertEqual(try XCTUnwrap(latency.summary()).newest?.p99 ?? 0, 3, accuracy: 1e-6)
    }

    func testReportsComeAtMostTwiceASecondAndOnlyAfterNewFrames() throws {
        var statistics = LatencyStatistics(prints: true, shows: true)
        XCTAssertNil(statistics.secondsUntilReport(now: 10), "nothing measured, nothing to report")
        statistics.inputArrived(InputArrival(serverTime: 10_000, received: 10.001))
        statistics.frameShown(began: 10.002, presented: 10.004, serverClockIsMonotonic: true)
        let first = try XCTUnwrap(statistics.report(now: 10.005))
        XCTAssertEqual(first.line?.hasPrefix("Latency: 1 input frames; total p50 4.0 ms"), true, first.line ?? "")
        XCTAssertEqual(first.shown, "input → swap 4.0 / 4.0 ms · app 3.0 / 3.0 ms · newest 3.0 / 3.0 ms (p50 / p99)")
        XCTAssertNil(statistics.secondsUntilReport(now: 10.1), "no new frame since")
        statistics.inputArrived(InputArrival(serverTime: 10_100, received: 10.1))
        statistics.frameShown(began: 10.101, presented: 10.102, serverClockIsMonotonic: true)
        XCTAssertEqual(try XCTUnwrap(statistics.secondsUntilReport(now: 10.2)), 0.305, accuracy: 1e-9)
        XCTAssertNil(statistics.report(now: 10.2), "not yet due")
        XCTAssertNotNil(statistics.report(now: 10.51))
        // Neither asked for: nothing is measured.
        var off = LatencyStatistics(prints: false, shows: false)
        off.inputArrived(InputArrival(serverTime: 1, received: 0.001))
        off.frameShown(began: 0.002, presented: 0.003, serverClockIsMonotonic: true)
        XCTAssertEqual(off.latency.frames, 0)
        XCTAssertNil(off.secondsUntilReport(now: 1))
    }

    func testTheServerClockCheckAllowsTheWrapAndLittleElse() {
        // Readings 2.0004 s and 2.0031 s: a stamp from 2000 to 2004 ms (with 2 ms slack either side) agrees.
        XCTAssertTrue(ServerClock.agrees(serverTime: 2_001, before: 2.0004, after: 2.0031))
        XCTAssertTrue(ServerClock.agrees(serverTime: 1_998, before: 2.0004, after: 2.0031))
        XCTAssertFalse(ServerClock.agrees(serverTime: 1_990, before: 2.0004, after: 2.0031))
        XCTAssertFalse(ServerClock.agrees(serverTime: 2_010, before: 2.0004, after: 2.0031))
        // Wall-clock time stamps (seconds since 1970 in ms, wrapped) against an uptime of minutes.
        XCTAssertFalse(ServerClock.agrees(serverTime: UInt32(truncatingIfNeeded: 1_795_000_000_000 as Int64), before: 300, after: 300.001))
        // Across the wrap: the machine at 2³² − 1 ms, the server already at 1.
        XCTAssertTrue(ServerClock.agrees(serverTime: 1, before: 4_294_967.2955, after: 4_294_967.2975))
    }

    func testEventsCarryTheServersMillisecondsExactly() {
        for stamp: UInt32 in [0, 1, 999, 123_456_789, UInt32.max] {
            let time = Double(stamp) / 1000
            XCTAssertEqual(X11Window.serverTime(of: .pointerMoved(InputSample(position: Point(1, 2), time: time))), stamp)
            XCTAssertEqual(X11Window.serverTime(of: .touchEnded(id: 3, at: Point(1, 2), time: time)), stamp)
        }
        XCTAssertNil(X11Window.serverTime(of: .exposed))
        XCTAssertNil(X11Window.serverTime(of: .pointerMoved(InputSample(position: Point(1, 2), time: -1))))
    }
}
