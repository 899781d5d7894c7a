import Foundation

/// Runs `body` repeatedly for at least `minimumSeconds` (after one warm-up call) and returns the best
/// seconds per call: the least disturbed by whatever else the machine is doing.
func bestTime(minimumSeconds: Double = 0.5, maximumRuns: Int = 1000, _ body: () throws -> Void) rethrows -> Double {
    try bestTimes(minimumSeconds: minimumSeconds, maximumRuns: maximumRuns, body).wall
}

/// Like `bestTime`, with the best processor time per call beside it: every thread of the process
/// counted (a software GL's rasterizer threads included), so a neighbour's load on the machine, which
/// stretches the wall clock, hardly moves it.
func bestTimes(minimumSeconds: Double = 0.5, maximumRuns: Int = 1000, _ body: () throws -> Void) rethrows
    -> (wall: Double, processor: Double) {
    try body()
    var best = (wall: Double.infinity, processor: Double.infinity)
    var total = 0.0
    var runs = 0
    while (total < minimumSeconds || runs < 3) && runs < maximumRuns {
        let start = DispatchTime.now().uptimeNanoseconds, startProcessor = processorSeconds()
        try body()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        best = (min(best.wall, seconds), min(best.processor, processorSeconds() - startProcessor))
        total += seconds
        runs += 1
    }
    return best
}

/// Processor seconds used by every thread of this process so far.
func processorSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// The value below which `fraction` of the sorted `values` lie.
func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.down)))]
}
