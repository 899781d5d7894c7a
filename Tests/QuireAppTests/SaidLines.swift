import Foundation

/// What a session said (its `say` lines), collected from whichever thread said it.
final class SaidLines: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }

    func append(_ line: String) {
        lock.lock()
        collected.append(line)
        lock.unlock()
    }
}
