import QuireX11

/// Input → swap latency (`InputLatency`), summarized at most twice a second and only after new input
/// frames: printed as a "Latency: …" line when QUIRE_LATENCY_STATS=1 (tests and `make bench` read
/// it; all frames kept), shown on the window with `--show-latency` (the last 120). Off when neither
/// asks: then nothing is measured.
struct LatencyStatistics {
    let prints: Bool
    let shows: Bool
    private(set) var latency = InputLatency()
    /// The input frames' phases: the slowest are printed after the statistics line.
    private(set) var phases = FramePhases()
    private var reported = 0
    private var lastReport = -Double.infinity
    static let period = 0.5

    init(prints: Bool, shows: Bool) {
        self.prints = prints
        self.shows = shows
    }

    var enabled: Bool { prints || shows }

    mutating func inputArrived(_ arrival: InputArrival?, newest: InputArrival? = nil) {
        if enabled { latency.inputArrived(arrival, newest: newest) }
    }

    /// The batch holding the newest input was handled (see `FramePhases.batchHandled`).
    mutating func batchHandled(at handled: Double, cpuAtRead: Double, events: Int, strokeBegan: Bool, strokeEnded: Bool) {
        if enabled {
            phases.batchHandled(at: handled, cpuAtRead: cpuAtRead, events: events, strokeBegan: strokeBegan, strokeEnded: strokeEnded)
        }
    }

    mutating func inputNeedsNoFrame() {
        latency.inputNeedsNoFrame()
        phases.forgetInput()
    }

    mutating func frameShown(began: Double, presented: Double, serverClockIsMonotonic: Bool) {
        latency.frameShown(began: began, presented: presented, serverClockIsMonotonic: serverClockIsMonotonic)
    }

    /// A frame drawn with `marks` was presented: its latency and phases are kept when input drove it.
    mutating func frameShown(_ marks: FramePhases.Marks, serverClockIsMonotonic: Bool) {
        if let newestRead = latency.newestUnshown?.received ?? latency.unshown?.received {
            phases.frameShown(marks, newestRead: newestRead)
        } else {
            phases.forgetInput()
        }
        latency.frameShown(began: marks.began, presented: marks.presented, serverClockIsMonotonic: serverClockIsMonotonic)
    }

    /// Seconds until a report is due, or nil when there is nothing new to report.
    func secondsUntilReport(now: Double) -> Double? {
        guard enabled, latency.frames != reported else { return nil }
        return max(0, lastReport + Self.period - now)
    }

    /// The terminal's line (nil unless it prints) and the window's text (nil unless it shows), when a
    /// report is due.
    /// With the line, the phases of the slowest 1 % of frames (`FramePhases.tailLine`).
    mutating func report(now: Double) -> (line: String?, tail: String?, shown: String?)? {
        guard let wait = secondsUntilReport(now: now), wait == 0 else { return nil }
        reported = latency.frames
        lastReport = now
        let line = prints ? latency.summary()?.statisticsLine : nil
        let tail = prints ? phases.tailLine : nil
        let shown = shows ? latency.summary(last: InputLatency.shownFrames)?.overlayText : nil
        return (line, tail, shown)
    }
}
