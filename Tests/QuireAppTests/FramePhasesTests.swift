import XCTest
@testable import QuireApp
@testable import QuireX11

/// The phases of input frames: each frame's time split where the loop marked it, the slowest 1 %
/// picked by newest-input latency, frames over the CPU budget counted, input that asked for no frame
/// forgotten.
final class FramePhasesTests: XCTestCase {
    /// A frame whose newest input was read at `read` and handled 0.2 ms later, begun after `wait` ms,
    /// caught up in 0.3 ms, drawn in `draw` ms and presented in 0.5 ms, with `cpu` ms of CPU work.
    private func show(_ phases: inout FramePhases, read: Double, wait: Double, draw: Double, cpu: Double, ended: Bool = false) {
        phases.batchHandled(at: read + 0.0002, cpuAtRead: 100, events: 3, strokeBegan: false, strokeEnded: ended)
        var marks = FramePhases.Marks()
        marks.began = read + 0.0002 + wait / 1000
        marks.caughtUp = marks.began + 0.0003
        marks.drawn = marks.caughtUp + draw / 1000
        marks.presented = marks.drawn + 0.0005
        marks.cpuPresented = 100 + cpu / 1000
        phases.frameShown(marks, newestRead: read)
    }

    func testEachFrameIsSplitWhereTheLoopMarkedIt() throws {
        var phases = FramePhases()
        show(&phases, read: 10, wait: 1.1, draw: 4, cpu: 3.9, ended: true)
        let frame = try XCTUnwrap(phases.slowest().first)
        XCTAssertEqual(frame.handling, 0.2, accuracy: 1e-6)
        XCTAssertEqual(frame.waiting, 1.1, accuracy: 1e-6)
        XCTAssertEqual(frame.catchingUp, 0.3, accuracy: 1e-6)
        XCTAssertEqual(frame.drawing, 4, accuracy: 1e-6)
        XCTAssertEqual(frame.presenting, 0.5, accuracy: 1e-6)
        XCTAssertEqual(frame.newest, 6.1, accuracy: 1e-6, "the phases add up to the newest input's latency")
        XCTAssertEqual(frame.cpu, 3.9, accuracy: 1e-6)
        XCTAssertEqual(frame.text, "6.1 ms = handling 0.2 + waiting 1.1 + catching up 0.3 + drawing 4.0 + presenting 0.5; "
                       + "CPU 3.9 ms; 3 events, a stroke ended")
    }

    func testTheSlowestOnePercentAndTheFramesOverBudget() throws {
        var phases = FramePhases()
        XCTAssertNil(phases.tailLine, "no frame, no line")
        // 200 frames: 197 quick ones, three slow ones (two of them CPU work, one waiting).
        for index in 0..<197 { show(&phases, read: Double(index), wait: 0.5, draw: 1, cpu: 1.5) }
        show(&phases, read: 300, wait: 0.5, draw: 5, cpu: 5.5)
        show(&phases, read: 301, wait: 6, draw: 1, cpu: 1.5)
        show(&phases, read: 302, wait: 0.5, draw: 4.5, cpu: 5)
        XCTAssertEqual(phases.count, 200)
        XCTAssertEqual(phases.slowest().map { ($0.newest * 10).rounded() / 10 }, [8.0, 6.5], "2 of 200, slowest first")
        XCTAssertEqual(phases.overBudget, 2, "the waiting frame spent no CPU waiting")
        let line = try XCTUnwrap(phases.tailLine)
        XCTAssertTrue(line.hasPrefix("Latency tail: CPU p50 1.5 ms p99 1.5 ms max 5.5 ms, 2 of 200 frames over 4 ms; "
                                     + "slowest 1 %: 8.0 ms = handling 0.2 + waiting 6.0"), line)
        XCTAssertEqual(line.components(separatedBy: " | ").count, 2, line)
    }

    func testInputThatAskedForNoFrameIsNoFramesAndFramesWithoutInputAreNotKept() {
        var phases = FramePhases()
        phases.batchHandled(at: 1, cpuAtRead: 0, events: 1, strokeBegan: false, strokeEnded: false)
        phases.forgetInput()
        phases.frameShown(FramePhases.Marks(began: 1.5, caughtUp: 1.5, drawn: 1.5, presented: 1.6, cpuPresented: 0.1), newestRead: 1)
        XCTAssertEqual(phases.count, 0, "a hover that drew nothing, then a frame for another reason")
        // Through the statistics: a frame without input keeps no phases, one with input does.
        var statistics = LatencyStatistics(prints: true, shows: false)
        statistics.frameShown(FramePhases.Marks(began: 2, caughtUp: 2, drawn: 2, presented: 2.001, cpuPresented: 0), serverClockIsMonotonic: true)
        XCTAssertEqual(statistics.phases.count, 0)
        statistics.inputArrived(InputArrival(serverTime: 3_000, received: 3.0001), newest: InputArrival(serverTime: 3_001, received: 3.001))
        statistics.batchHandled(at: 3.0012, cpuAtRead: 0, events: 2, strokeBegan: true, strokeEnded: false)
        statistics.frameShown(FramePhases.Marks(began: 3.002, caughtUp: 3.0021, drawn: 3.003, presented: 3.004, cpuPresented: 0.002),
                              serverClockIsMonotonic: true)
        XCTAssertEqual(statistics.phases.count, 1)
        XCTAssertEqual(statistics.phases.slowest().first?.newest ?? 0, 3, accuracy: 1e-6, "from the newest input read")
        XCTAssertEqual(statistics.latency.newest.recorded, 1, "the latency itself is kept as before")
    }
}
