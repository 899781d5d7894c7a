/// Frames drawn, reported as "Frames: N drawn (P partial)" at most twice a second and only after new
/// frames, when QUIRE_FRAME_STATS=1: how tests and `make bench-live` see the frame pacing at work.
struct FrameStatistics {
    let enabled: Bool
    private(set) var drawn = 0
    private(set) var partial = 0
    private var reported = 0
    private var lastReport = 0.0
    static let period = 0.5

    init(enabled: Bool) { self.enabled = enabled }

    mutating func frameDrawn(partial isPartial: Bool, now: Double) {
        drawn += 1
        if isPartial { partial += 1 }
    }

    /// Seconds until a report is due, or nil when there is nothing new to report.
    func secondsUntilReport(now: Double) -> Double? {
        guard enabled, drawn != reported else { return nil }
        return max(0, lastReport + Self.period - now)
    }

    /// The line to print now, if one is due.
    mutating func report(now: Double) -> String? {
        guard let wait = secondsUntilReport(now: now), wait == 0 else { return nil }
        reported = drawn
        lastReport = now
        return "Frames: \(drawn) drawn (\(partial) partial)"
    }
}
