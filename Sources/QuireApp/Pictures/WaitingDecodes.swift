import Foundation

/// Decodes asked for and not begun, newest first: a page's pictures are asked for bottom first as its
/// items are built, and the ones on top, which hide the others, are then decoded first (a pile of photos
/// opens from the top; those under it, arriving later, often change nothing on screen). A locked
/// stack: asked for on the window's thread, taken on the decoding threads.
final class WaitingDecodes<Key: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [Key] = []

    func push(_ key: Key) {
        lock.lock()
        keys.append(key)
        lock.unlock()
    }

    /// The key asked for last of those not begun, or nil.
    func popNewest() -> Key? {
        lock.lock()
        defer { lock.unlock() }
        return keys.popLast()
    }
}
