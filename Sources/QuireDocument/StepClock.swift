import Foundation

/// Stamps for history steps: microseconds since 1970, and never less than one more than the last stamp
/// given or seen, so the newest step across a notebook's pages and its page changes is the one with the
/// largest stamp, even when the system clock steps back. Shared by the shown page and the notebook.
public final class StepClock: @unchecked Sendable {
    private let lock = NSLock()
    private var last: Int64 = 0

    public init() {}

    public func next() -> Int64 {
        lock.lock()
        defer { lock.unlock() }
        last = max(Int64(Date().timeIntervalSince1970 * 1_000_000), last + 1)
        return last
    }

    /// Takes note of a stamp read back from a notebook, so later ones are larger.
    public func saw(_ stamp: Int64) {
        lock.lock()
        defer { lock.unlock() }
        last = max(last, stamp)
    }
}
