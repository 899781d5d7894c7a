import Foundation

/// The median and p99 of the latest input frames' latencies, and the words they are shown in: a
/// statistics line for the terminal (QUIRE_LATENCY_STATS=1) and a short line for the window
/// (`--show-latency`).
struct LatencySummary: Equatable {
    struct Percentiles: Equatable {
        var p50: Double
        var p99: Double
    }

    /// Input frames summarized.
    var frames: Int
    /// Nil when the server's clock is not this machine's, or every total was discarded.
    var total: Percentiles?
    var app: Percentiles?
    var drawing: Percentiles?
    /// The newest input a frame shows, read → presented.
    var newest: Percentiles?
    /// Latencies refused since the start (negative or over 10 s: clocks that disagree).
    var discarded: Int

    /// "Latency: 300 input frames; total p50 9.1 ms p99 17.8 ms; app p50 8.4 ms p99 17.1 ms; drawing
    /// p50 2.2 ms p99 4.0 ms; newest p50 2.5 ms p99 4.3 ms; 0 discarded" (a part not known reads "unknown").
    var statisticsLine: String {
        func part(_ name: String, _ value: Percentiles?) -> String {
            guard let value else { return "\(name) unknown" }
            return "\(name) p50 \(Self.milliseconds(value.p50)) ms p99 \(Self.milliseconds(value.p99)) ms"
        }
        return "Latency: \(frames) input frames; \(part("total", total)); \(part("app", app)); "
            + "\(part("drawing", drawing)); \(part("newest", newest)); \(discarded) discarded"
    }

    /// "input → swap 9.1 / 17.8 ms · app 8.4 / 17.1 ms · newest 2.5 / 4.3 ms (p50 / p99)".
    var overlayText: String {
        func part(_ value: Percentiles?) -> String {
            value.map { "\(Self.milliseconds($0.p50)) / \(Self.milliseconds($0.p99)) ms" } ?? "unknown"
        }
        return "input → swap \(part(total)) · app \(part(app)) · newest \(part(newest)) (p50 / p99)"
    }

    static func milliseconds(_ value: Double) -> String { String(format: "%.1f", value) }
}
