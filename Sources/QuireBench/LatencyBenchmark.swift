import Foundation
import QuireDocument
import QuireStorage
import QuireTestSupport

/// Input → swap latency in the real window: Quire opened on a page of 10,000 strokes in an Xvfb of
/// the benchmark's own (llvmpipe), an XTEST mouse drawing strokes over the ink at a steady 500 events
/// a second for 5 s, and Quire's own figures (QUIRE_LATENCY_STATS=1) read back: p50 and p99 of the
/// total (the event's server time stamp → the presentation returning), Quire's own part (the event
/// read from the connection → presented; the wait for the frame's slot at the display's refresh is
/// in it) and the drawing (frame begun → presented). Needs `quire` built beside `quire-bench` (make
/// bench builds both) and Xvfb; without either it says so and measures nothing.
let latencyBenchmark = Benchmark(name: "latency",
                                 summary: "input → swap p50/p99 in the window on a 10,000-stroke page (Xvfb, XTEST mouse at 500 Hz)") { context in
    guard QuireRun.quireIsBuilt() else { return }
    let folder = try QuireRun.scratchFolder("latency")
    defer { try? FileManager.default.removeItem(atPath: folder) }

    let library = folder + "/library"
    let page = Page(strokes: (0..<LatencyRun.strokes).map { BenchmarkStrokes.handwriting(seed: $0, samples: 80) })
    let build = DispatchTime.now().uptimeNanoseconds
    try NotebookLibrary(directory: library).create(title: "Latency", pages: [page]).close()
    context.report("build the 10,000-stroke page (NotebookStore)", Double(DispatchTime.now().uptimeNanoseconds - build) / 1e6, "ms")

    guard let server = QuireRun.server() else { return }
    defer { server.stop() }
    guard let window = try LatencyRun.open("Latency", library: library, folder: folder, on: server) else { return }
    defer { window.terminate() }
    if let clock = window.lastLine(startingWith: "Latency: the X server") { print("  \(clock)") }
    // Start-up frames done (tiles, the first whole frame): the count stands still for half a second.
    _ = LatencyRun.settledFrames(window)
    guard let pointer = XTestPointer(display: server.display) else { return print("  (no XTEST on \(server.display); not measured)") }

    let before = LatencyRun.framesDrawn(window)
    let (events, seconds, longGaps, longestGap) = LatencyRun.stream(pointer)
    let during = LatencyRun.settledFrames(window) - before
    guard eventually(timeout: 5, { LatencyRun.inputFrames(window) > 0 }),
          let line = window.lastLine(startingWith: "Latency: "), let figures = LatencyFigures(line) else {
        return print("  (no latency figures printed: \(window.text.suffix(400)))")
    }
    context.report("mouse events sent (XTEST, 500 Hz)", Double(events), "")
    context.report("  sent over \(LatencyRun.longGap * 1000) ms after the one before", Double(longGaps), "")
    context.report("  longest gap between two", longestGap * 1000, "ms")
    // Frames are paced to the display (Xvfb has no refresh: 60 Hz assumed), each at least 0.95 of a
    // refresh after the last.
    context.report("frames drawn while drawing (\(String(format: "%.1f", seconds)) s)", Double(during), "",
                   target: "≤ \(Int(seconds * 60 / 0.95) + 1) (60 Hz, 5 % slack)")
    context.report("input frames measured", Double(figures.frames), "")
    if let total = figures.total {
        context.report("input → swap, total: p50", total.p50, "ms")
        context.report("input → swap, total: p99", total.p99, "ms")
    } else {
        print("  input → swap, total: unknown (the server's clock is not this machine's)")
    }
    if let app = figures.app {
        context.report("Quire's own part (read → swap): p50", app.p50, "ms")
        context.report("Quire's own part (read → swap): p99", app.p99, "ms")
        print("    (from a frame's oldest input, which waits up to a refresh for the frame's slot)")
    }
    if let drawing = figures.drawing {
        context.report("  of which drawing (frame begun → swap): p50", drawing.p50, "ms")
        context.report("  of which drawing (frame begun → swap): p99", drawing.p99, "ms")
    }
    if let newest = figures.newest {
        context.report("newest input shown (read → swap): p50", newest.p50, "ms")
        context.report("newest input shown (read → swap): p99", newest.p99, "ms", target: "≤ 4 ms")
    }
    // Where the slowest frames' time went, phase by phase (`FramePhases`), and the CPU time of the
    // frames' work with how many had more than 4 ms of it: figures the machine's other load hardly changes.
    if let tail = window.lastLine(startingWith: "Latency tail: ") {
        let parts = tail.dropFirst("Latency tail: ".count).components(separatedBy: "; slowest 1 %: ")
        print("  input frames' work, \(parts[0]); the slowest 1 % (newest input read → swap):")
        for frame in parts.dropFirst().joined().components(separatedBy: " | ") { print("    \(frame)") }
    }
    context.report("latencies discarded (clocks disagreeing)", Double(figures.discarded), "")
}

/// The steps of the latency benchmark's run.
enum LatencyRun {
    static let strokes = 10_000
    static let rate = 500.0
    static let seconds = 5.0
    /// Samples in one stroke (0.2 s at 500 Hz).
    static let perStroke = 100

    /// Strokes across the window's middle (over the page's ink, clear of the toolbar), each pressed,
    /// moved through `perStroke` points and released, at `rate` events a second for `seconds`.
    /// Returns the events sent, the seconds they took, and the gaps between sends longer than
    /// `longGap` (this sender held up by the machine's other load): while none arrives, the newest
    /// input Quire has grows older as its frame waits for its slot, whatever Quire does.
    static func stream(_ pointer: XTestPointer) -> (events: Int, seconds: Double, longGaps: Int, longestGap: Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        let total = Int(rate * seconds)
        var sent = 0, stroke = 0
        var lastSend = elapsed(), longGaps = 0, longestGap = 0.0
        func noteSend() {
            let now = elapsed()
            if now - lastSend > longGap { longGaps += 1 }
            longestGap = max(longestGap, now - lastSend)
            lastSend = now
        }
        while sent < total {
            let y0 = 150 + (stroke % 25) * 20, x0 = 250 + (stroke / 25 % 5) * 7
            pointer.move(to: x0, y0)
            pointer.button(down: true)
            for i in 0..<min(perStroke, total - sent) {
                pointer.move(to: x0 + i * 5, y0 + Int((8 * sin(Double(i) / 5)).rounded()))
                noteSend()
                sent += 1
                let ahead = Double(sent) / rate - elapsed()
                if ahead > 0 { Thread.sleep(forTimeInterval: ahead) }
            }
            pointer.button(down: false)
            stroke += 1
        }
        pointer.sync()
        return (sent, elapsed(), longGaps, longestGap)
    }

    /// Quire on `title` in a 1024 × 768 window on `server`, with its latency and frame statistics and
    /// the interface shown (as a person draws; the window tests' default hides it), once it has drawn
    /// its page; nil (said why) when it does not.
    static func open(_ title: String, library: String, folder: String, on server: XvfbServer) throws -> QuireProcess? {
        let window = try QuireProcess(arguments: [title, "--library", library, "--size", "1024x768"], display: server.display,
                                      environment: ["QUIRE_LATENCY_STATS": "1", "QUIRE_FRAME_STATS": "1", "QUIRE_INTERFACE": "shown",
                                                    "XDG_CONFIG_HOME": folder + "/config", "XDG_STATE_HOME": folder + "/state"])
        guard eventually(timeout: 60, { window.text.contains("Quire is ready") && framesDrawn(window) > 0 }) else {
            print("  (the window did not show its page: \(window.text.suffix(400)); not measured)")
            window.terminate()
            return nil
        }
        return window
    }

    /// Half as long again as the interval between events.
    static let longGap = 1.5 / rate

    /// The count of the last "Frames: N drawn" line (QUIRE_FRAME_STATS=1).
    static func framesDrawn(_ window: QuireProcess) -> Int {
        window.lastLine(startingWith: "Frames: ").flatMap { Int($0.dropFirst("Frames: ".count).prefix(while: \.isNumber)) } ?? 0
    }

    /// Input frames in the last statistics line.
    static func inputFrames(_ window: QuireProcess) -> Int {
        window.lastLine(startingWith: "Latency: ").flatMap(LatencyFigures.init).map(\.frames) ?? 0
    }

    /// Waits until neither count has changed for half a second (at most 20 s); returns the frames drawn.
    static func settledFrames(_ window: QuireProcess) -> Int {
        var counts = (framesDrawn(window), inputFrames(window)), since = Date()
        _ = eventually(timeout: 20) {
            let now = (framesDrawn(window), inputFrames(window))
            if now != counts { counts = now; since = Date() }
            return Date().timeIntervalSince(since) >= 0.5
        }
        return counts.0
    }
}

/// The numbers of a "Latency: N input frames; total p50 A ms p99 B ms; app p50 …; drawing p50 …; newest p50 …;
/// K discarded" line (`LatencySummary.statisticsLine`); a part printed as "unknown" is nil.
struct LatencyFigures {
    var frames: Int
    var total: (p50: Double, p99: Double)?
    var app: (p50: Double, p99: Double)?
    var drawing: (p50: Double, p99: Double)?
    var newest: (p50: Double, p99: Double)?
    var discarded: Int

    init?(_ line: String) {
        let parts = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 6, parts[0].hasPrefix("Latency: "), parts[0].hasSuffix(" input frames"),
              let frames = Int(parts[0].dropFirst("Latency: ".count).prefix(while: \.isNumber)),
              let discarded = Int(parts[5].prefix(while: \.isNumber)) else { return nil }
        func percentiles(_ part: String) -> (Double, Double)? {
            let words = part.split(separator: " ")
            guard words.count == 7, words[1] == "p50", words[4] == "p99",
                  let p50 = Double(words[2]), let p99 = Double(words[5]) else { return nil }
            return (p50, p99)
        }
        self.frames = frames
        total = percentiles(parts[1])
        app = percentiles(parts[2])
        drawing = percentiles(parts[3])
        newest = percentiles(parts[4])
        self.discarded = discarded
    }
}
