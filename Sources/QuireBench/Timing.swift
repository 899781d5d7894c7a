import Foundation

/// Runs `body` repeatedly for at least `minimumSeconds` (after one warm-up call) and returns the best
/// seconds per call: the least disturbed by whatever else the machine is doing.
func bestTime(minimumSeconds: Double = 0.5, maximumRuns: Int = 1000, _ body: () throws -> Void) rethrows -> Double {
    try body()
    var best = Double.infinity
    var total = 0.0
    var runs = 0
    while (total < minimumSeconds || runs < 3) && runs < maximumRuns {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        best = min(best, seconds)
        total += seconds
        runs += 1
    }
    return best
}

/// The value below which `fraction` of the sorted `values` lie.
func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.down)))]
}
