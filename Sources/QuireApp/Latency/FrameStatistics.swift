import Foundation

/// Frames drawn, reported as "Frames: N drawn (P partial)" at most twice a second and only after new
/// frames, when QUIRE_FRAME_STATS=1: how tests and `make bench-live` see the frame pacing at work.
/// Beside it, once, how long after the window was ready (and after Quire started) its first frame was
/// presented ("First frame: 12.3 ms after ready, 402.5 ms after start") and every picture of the page
/// was shown ("Pictures shown: …"), and with each report the drawing times of the frames since the
/// last one ("Frame times (ms): 2.1 3.4 …", frame begun → presented) and the pictures' memory
/// ("Picture memory: decoded 12.0 MB, textures 30.1 MB (2.0 MB idle)"): what `quire-bench photo-page` reads.
/// A frame over 16 ms says at once where its time went (`longFrame`).
struct FrameStatistics {
    let enabled: Bool
    private(set) var drawn = 0
    private(set) var partial = 0
    private var reported = 0
    private var lastReport = 0.0
    /// When the window said it was ready (monotonic seconds), until the first frame is reported.
    private var readyAt: Double?
    /// When Quire began opening its window and notebook (monotonic seconds): the first frame is also
    /// timed from here, what a large page's opening costs before the window shows included.
    var startedAt: Double?
    private var firstFrame: String?
    private var picturesPending = true
    /// Milliseconds each frame since the last report took to draw and present.
    private var times: [Double] = []
    static let period = 0.5

    init(enabled: Bool) { self.enabled = enabled }

    mutating func windowReady(now: Double) {
        readyAt = now
    }

    mutating func frameDrawn(partial isPartial: Bool, took seconds: Double, now: Double) {
        drawn += 1
        if isPartial { partial += 1 }
        guard enabled else { return }
        times.append(seconds * 1000)
        if drawn == 1, let readyAt {
            firstFrame = Self.line("First frame", since: readyAt, now: now)
                + (startedAt.map { String(format: ", %.1f ms after start", (now - $0) * 1000) } ?? "")
        }
    }

    /// A frame that took longer than a 60 Hz refresh, where its time went ("Long frame: 21.3 ms =
    /// catching up 2.1 + drawing 15.0 + presenting 4.2, whole"): what a benchmark's p99 is made of.
    func longFrame(_ marks: FramePhases.Marks, partial: Bool) -> String? {
        let total = (marks.presented - marks.began) * 1000
        guard enabled, total > Self.longFrameMilliseconds else { return nil }
        return String(format: "Long frame: %.1f ms = catching up %.1f + drawing %.1f + presenting %.1f, %@", total,
                      (marks.caughtUp - marks.began) * 1000, (marks.drawn - marks.caughtUp) * 1000,
                      (marks.presented - marks.drawn) * 1000, partial ? "partial" : "whole")
    }

    static let longFrameMilliseconds = 16.0

    /// Once, the first time after a frame that no picture waits to be decoded: the line saying when.
    mutating func picturesSettled(now: Double) -> String? {
        guard enabled, picturesPending, drawn > 0, let readyAt else { return nil }
        picturesPending = false
        return Self.line("Pictures shown", since: readyAt, now: now)
    }

    /// Seconds until a report is due, or nil when there is nothing new to report.
    func secondsUntilReport(now: Double) -> Double? {
        guard enabled, drawn != reported else { return nil }
        return max(0, lastReport + Self.period - now)
    }

    /// The lines to print now, if a report is due; `pictureMemory` (bytes of decoded pictures held on
    /// the CPU, and of their textures) is asked for only then.
    mutating func report(now: Double, pictureMemory: () -> (decoded: Int, textures: Int, idle: Int)) -> [String] {
        guard let wait = secondsUntilReport(now: now), wait == 0 else { return [] }
        reported = drawn
        lastReport = now
        var lines = [firstFrame, "Frames: \(drawn) drawn (\(partial) partial)"].compactMap { $0 }
        firstFrame = nil
        if !times.isEmpty {
            lines.append("Frame times (ms): " + times.map { String(format: "%.2f", $0) }.joined(separator: " "))
            times.removeAll(keepingCapacity: true)
        }
        let memory = pictureMemory()
        lines.append(String(format: "Picture memory: decoded %.1f MB, textures %.1f MB (%.1f MB idle)",
                            Double(memory.decoded) / 1e6, Double(memory.textures) / 1e6, Double(memory.idle) / 1e6))
        return lines
    }

    private static func line(_ what: String, since start: Double, now: Double) -> String {
        String(format: "%@: %.1f ms after ready", what, (now - start) * 1000)
    }
}
