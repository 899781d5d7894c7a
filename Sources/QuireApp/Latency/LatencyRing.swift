/// The latest latencies of one kind (milliseconds), in a ring of fixed size allocated once: recording
/// one is a store and two additions, so measuring a frame costs the frame nothing. Values that cannot
/// be a latency (negative, over `ceiling`, not finite: clocks that disagree, a time stamp from before
/// a wrap the arithmetic could not place) are counted as discarded and not kept.
struct LatencyRing {
    /// The longest latency believed, in milliseconds: anything longer is a clock mismatch.
    static let ceiling = 10_000.0

    let capacity: Int
    private var values: [Double]
    /// The sorted copy percentiles are read from (allocated once, like `values`).
    private var scratch: [Double]
    /// Where the next value goes.
    private var next = 0
    /// Values kept so far (at most `capacity`).
    private(set) var count = 0
    /// Values recorded in all, and values refused.
    private(set) var recorded = 0
    private(set) var discarded = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        // Two buffers of their own from the start (not one shared until the first write copies it).
        values = [Double](repeating: 0, count: self.capacity)
        scratch = [Double](repeating: 0, count: self.capacity)
    }

    /// Keeps `milliseconds` unless it cannot be a latency; says whether it was kept.
    @discardableResult
    mutating func record(_ milliseconds: Double) -> Bool {
        guard milliseconds.isFinite, milliseconds >= 0, milliseconds <= Self.ceiling else {
            discarded += 1
            return false
        }
        values[next] = milliseconds
        next = (next + 1) % capacity
        count = min(count + 1, capacity)
        recorded += 1
        return true
    }

    /// The `fractions` percentiles (0.5 is the median, 0.99 the p99) of the last `last` values kept
    /// (all kept when nil): nearest rank, the value with `fraction` of them at or below it. Nil when
    /// nothing is kept.
    mutating func percentiles(_ fractions: [Double], last: Int? = nil) -> [Double]? {
        let n = min(count, max(0, last ?? count))
        guard n > 0 else { return nil }
        for i in 0..<n { scratch[i] = values[(next - 1 - i + 2 * capacity) % capacity] }
        // Read a few times a second, never per frame: the sort's own buffer is not on a frame's path.
        scratch.withUnsafeMutableBufferPointer { $0[0..<n].sort() }
        return fractions.map { fraction in
            // Less a hair, so a product that lands a rounding error above a whole rank keeps that rank.
            let rank = Int((fraction * Double(n) - 1e-9).rounded(.up))
            return scratch[min(n, max(1, rank)) - 1]
        }
    }
}
