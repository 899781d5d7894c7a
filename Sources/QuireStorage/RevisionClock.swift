import Foundation

/// Hands out `revision` stamps for item rows (see `InkVersion`): microseconds since 1970, and never less
/// than one more than the last stamp given or found on the page, so stamps only grow even if the clock
/// steps back. Its own lock: called from whichever thread writes.
final class RevisionClock: @unchecked Sendable {
    private let lock = NSLock()
    private var last: Int64 = 0

    func next(after pageLargest: Int64) -> Int64 {
        lock.lock()
        defer { lock.unlock() }
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
        last = max(now, last + 1, pageLargest + 1)
        return last
    }
}
