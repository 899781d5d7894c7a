import Foundation

/// Makes elements `0..<count` in order on a thread of its own while the caller uses the ones before:
/// an export prepares the next page (reading it, working out its ink) while the current one is
/// written. At most `depth` made elements wait to be taken, so memory stays at a few pages however many
/// there are. An error in making one is handed to the caller in its place, after every element before
/// it, and nothing after it is made. `cancel()` (or letting go of this) stops the making and waits
/// until the thread has finished, so nothing `make` uses is touched after that returns.
public final class PreparedAhead<Element: Sendable> {
    private let line: Line

    public init(count: Int, depth: Int = 2, make: @escaping @Sendable (Int) throws -> Element) {
        line = Line(depth: max(1, depth))
        let line = line
        let thread = Thread { line.produce(count: max(0, count), make: make) }
        // As much stack as the main thread: making a page walks its items as deeply as drawing does.
        thread.stackSize = 8 << 20
        thread.start()
    }

    deinit {
        cancel()
    }

    /// The next element in order; nil after the last. Waits for it to be made; throws the error that
    /// making it threw, and after that only returns nil.
    public func next() throws -> Element? {
        try line.take()?.get()
    }

    /// Stops making elements and waits for the thread to finish the one it is making.
    public func cancel() {
        line.cancel()
    }

    /// What the two threads share, every field guarded by `condition`.
    private final class Line: @unchecked Sendable {
        private let condition = NSCondition()
        private let depth: Int
        private var waiting: [Result<Element, any Error>] = []
        private var cancelled = false
        private var done = false

        init(depth: Int) {
            self.depth = depth
        }

        func produce(count: Int, make: (Int) throws -> Element) {
            defer { locked { done = true } }
            for index in 0..<count {
                let go = locked { () -> Bool in
                    while waiting.count >= depth, !cancelled { condition.wait() }
                    return !cancelled
                }
                guard go else { return }
                let result = Result { try make(index) }
                locked { waiting.append(result) }
                if case .failure = result { return }
            }
        }

        func take() -> Result<Element, any Error>? {
            locked {
                while waiting.isEmpty, !done { condition.wait() }
                return waiting.isEmpty ? nil : waiting.removeFirst()
            }
        }

        func cancel() {
            locked {
                cancelled = true
                waiting.removeAll()
                // The maker may be waiting for room: wake it now, not when this returns.
                condition.broadcast()
                while !done { condition.wait() }
            }
        }

        /// Runs `body` holding the lock, and wakes the other side afterwards (every change is one it
        /// may be waiting for).
        private func locked<T>(_ body: () -> T) -> T {
            condition.lock()
            defer {
                condition.broadcast()
                condition.unlock()
            }
            return body()
        }
    }
}
