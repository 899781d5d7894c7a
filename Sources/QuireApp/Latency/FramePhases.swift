import Foundation

/// Where the time goes between reading a frame's newest input and presenting the frame, for the input
/// frames `InputLatency` measures: the slowest of them are printed part by part (QUIRE_LATENCY_STATS=1),
/// so a long tail can be traced to the phase that makes it. Five phases, in order:
/// - handling: the rest of the newest input's batch handed to the canvas and tools after it was read
///   (a stroke finished: the page edit, its history, the autosave handed the edit);
/// - waiting: the loop's own work after the batch and the wait for the frame's slot (`FramePacer`);
/// - catching up: the canvas's queued stroke work done by the renderer;
/// - drawing: the view composited (and the overlay built);
/// - presenting: the swap or sub-buffer copy.
/// Each frame also keeps the thread's CPU time over the same span (the waiting spent none), which
/// other processes on the machine do not lengthen: a tail that is CPU work shows there, one that is
/// the scheduler does not.
struct FramePhases {
    /// One input frame, its times in milliseconds.
    struct Frame: Equatable {
        var newest = 0.0
        var handling = 0.0
        var waiting = 0.0
        var catchingUp = 0.0
        var drawing = 0.0
        var presenting = 0.0
        /// The thread's CPU time from reading the newest input to presenting.
        var cpu = 0.0
        /// Window events taken in since the last frame (input and the rest); whether a stroke began or ended among them.
        var events = 0
        var strokeBegan = false
        var strokeEnded = false

        /// "6.1 ms = handling 0.2 + waiting 1.1 + catching up 0.3 + drawing 4.0 + presenting 0.5; CPU 3.9 ms; 4 events, a stroke ended".
        var text: String {
            func ms(_ value: Double) -> String { String(format: "%.1f", value) }
            var what = "\(events) event\(events == 1 ? "" : "s")"
            if strokeBegan { what += ", a stroke began" }
            if strokeEnded { what += ", a stroke ended" }
            return "\(ms(newest)) ms = handling \(ms(handling)) + waiting \(ms(waiting)) + catching up \(ms(catchingUp)) "
                + "+ drawing \(ms(drawing)) + presenting \(ms(presenting)); CPU \(ms(cpu)) ms; \(what)"
        }
    }

    /// The moments of the frame being drawn (monotonic seconds; CPU seconds of this thread).
    struct Marks {
        var began = 0.0
        var caughtUp = 0.0
        var drawn = 0.0
        var presented = 0.0
        var cpuPresented = 0.0
    }

    static let capacity = InputLatency.capacity
    /// Frames whose CPU work over this many milliseconds are counted: the goal for the newest input.
    static let cpuBudget = 4.0

    private var frames: [Frame]
    private var next = 0
    private(set) var count = 0
    /// The batch holding the newest input not yet shown: when it was handled, and the thread's CPU time
    /// when it was read.
    private var newestHandled: Double?
    private var newestReadCPU: Double?
    private var pending = Frame()

    init() {
        frames = [Frame](repeating: Frame(), count: Self.capacity)
    }

    /// A batch of input was read (`cpuAtRead`: the thread's CPU seconds just after) and handled by
    /// `handled` (monotonic seconds); `events` window events were in it.
    mutating func batchHandled(at handled: Double, cpuAtRead: Double, events: Int, strokeBegan: Bool, strokeEnded: Bool) {
        newestHandled = handled
        newestReadCPU = cpuAtRead
        pending.events += events
        pending.strokeBegan = pending.strokeBegan || strokeBegan
        pending.strokeEnded = pending.strokeEnded || strokeEnded
    }

    /// Input that asked for no frame: it is no frame's.
    mutating func forgetInput() {
        newestHandled = nil
        newestReadCPU = nil
        pending = Frame()
    }

    /// The frame drawn with `marks` showed input whose newest event was read at `newestRead`.
    mutating func frameShown(_ marks: Marks, newestRead: Double) {
        defer { forgetInput() }
        guard let handled = newestHandled, let readCPU = newestReadCPU else { return }
        var frame = pending
        frame.newest = (marks.presented - newestRead) * 1000
        frame.handling = (handled - newestRead) * 1000
        frame.waiting = (marks.began - handled) * 1000
        frame.catchingUp = (marks.caughtUp - marks.began) * 1000
        frame.drawing = (marks.drawn - marks.caughtUp) * 1000
        frame.presenting = (marks.presented - marks.drawn) * 1000
        frame.cpu = (marks.cpuPresented - readCPU) * 1000
        frames[next] = frame
        next = (next + 1) % Self.capacity
        count = min(count + 1, Self.capacity)
    }

    /// The slowest `fraction` of the frames kept (at least one), slowest first, by newest-input latency.
    func slowest(fraction: Double = 0.01) -> [Frame] {
        let kept = frames.prefix(count)
        let n = max(1, Int((Double(count) * fraction).rounded(.up)))
        return Array(kept.sorted { $0.newest > $1.newest }.prefix(n))
    }

    /// Frames kept whose CPU work went over `cpuBudget`.
    var overBudget: Int { frames.prefix(count).filter { $0.cpu > Self.cpuBudget }.count }

    /// The median, p99 and most CPU time (ms) of the frames kept, nearest rank; nil before the first.
    var cpuPercentiles: (p50: Double, p99: Double, max: Double)? {
        guard count > 0 else { return nil }
        let sorted = frames.prefix(count).map(\.cpu).sorted()
        func rank(_ fraction: Double) -> Double { sorted[min(count, max(1, Int((fraction * Double(count) - 1e-9).rounded(.up)))) - 1] }
        return (rank(0.5), rank(0.99), sorted[count - 1])
    }

    /// "Latency tail: CPU p50 0.7 ms p99 2.1 ms max 3.0 ms, 0 of 300 frames over 4 ms; slowest 1 %: 6.1 ms = … | 5.2 ms = …",
    /// or nil before the first frame.
    var tailLine: String? {
        guard let cpu = cpuPercentiles else { return nil }
        func ms(_ value: Double) -> String { String(format: "%.1f", value) }
        return "Latency tail: CPU p50 \(ms(cpu.p50)) ms p99 \(ms(cpu.p99)) ms max \(ms(cpu.max)) ms, "
            + "\(overBudget) of \(count) frames over \(Int(Self.cpuBudget)) ms; slowest 1 %: "
            + slowest().map(\.text).joined(separator: " | ")
    }

    /// This thread's CPU time in seconds.
    static func threadCPU() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
