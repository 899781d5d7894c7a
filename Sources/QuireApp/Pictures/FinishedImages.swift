import Foundation
import QuireImageIO

/// Images decoded or rendered on worker threads, on their way to the cache that asked for them (which
/// takes them on its own thread): a locked list, handed over whole.
final class FinishedImages<Key: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [(Key, Result<RGBAImage, Error>)] = []

    func add(_ key: Key, _ result: Result<RGBAImage, Error>) {
        lock.lock()
        results.append((key, result))
        lock.unlock()
    }

    func take() -> [(Key, Result<RGBAImage, Error>)] {
        lock.lock()
        defer { results.removeAll(); lock.unlock() }
        return results
    }
}
