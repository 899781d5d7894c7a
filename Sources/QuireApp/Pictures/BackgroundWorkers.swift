import Foundation
import Glibc

/// Threads of their own for work the window wants soon but not before its next frame (pictures being
/// decoded, PDF pages rendered, the sorter's thumbnails read), run below the window's scheduling
/// priority (nice 10): on a machine with few cores the frame — the window's thread and the
/// rasterizer's — takes the cores first, and the work has the rest. On GCD's threads, at the window's
/// priority, decoding a page of 100 photos took half the CPU while its first frame was drawn (2 cores,
/// llvmpipe's 2 threads). GCD's threads are shared with other queues, and an unprivileged thread cannot
/// be given its priority back, hence threads of their own.
final class BackgroundWorkers {
    /// How much lower than the window they run (a nice value: 10 gets about a tenth of a contested core).
    static let niceness: Int32 = 10

    private final class Shared: @unchecked Sendable {
        let condition = NSCondition()
        /// Oldest first.
        var jobs: [@Sendable () -> Void] = []
        var busy = 0
        var paused = false
        var stopped = false
    }

    private let shared = Shared()

    /// Starts `count` threads named `name`-0, `name`-1, … (the names' last 15 bytes).
    init(name: String, count: Int) {
        for index in 0..<max(1, count) {
            // Named for the system (top, perf, /proc), which keeps 15 bytes of a name.
            let threadName = String("\(name)-\(index)".utf8.suffix(15)) ?? "quire-worker"
            let thread = Thread { [shared] in
                try? threadName.write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
                Self.work(shared)
            }
            thread.start()
        }
    }

    /// The threads end; jobs not begun are dropped (a window closing drops its decodes, unread).
    deinit {
        shared.condition.lock()
        shared.stopped = true
        shared.jobs.removeAll()
        shared.condition.broadcast()
        shared.condition.unlock()
    }

    /// Runs `job` on one of the threads, after those added before it.
    func add(_ job: @escaping @Sendable () -> Void) {
        shared.condition.lock()
        shared.jobs.append(job)
        shared.condition.signal()
        shared.condition.unlock()
    }

    /// While true, no job starts (one running finishes); set back to false, they go on.
    var isPaused: Bool {
        get {
            shared.condition.lock()
            defer { shared.condition.unlock() }
            return shared.paused
        }
        set {
            shared.condition.lock()
            shared.paused = newValue
            shared.condition.broadcast()
            shared.condition.unlock()
        }
    }

    /// Waits until no job waits or runs (for ever while paused with jobs waiting).
    func waitUntilIdle() {
        shared.condition.lock()
        while !shared.jobs.isEmpty || shared.busy > 0 { shared.condition.wait() }
        shared.condition.unlock()
    }

    /// The nice value of the calling thread (tests check the workers').
    static func threadNiceness() -> Int32 {
        errno = 0
        return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }

    private static func work(_ shared: Shared) {
        // Raising one's own nice value needs no privilege; on Linux it is the thread's own (who 0: the
        // calling thread), not the process's.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        shared.condition.lock()
        while true {
            while (shared.jobs.isEmpty || shared.paused) && !shared.stopped { shared.condition.wait() }
            if shared.stopped { break }
            let job = shared.jobs.removeFirst()
            shared.busy += 1
            shared.condition.unlock()
            job()
            shared.condition.lock()
            // A job finished lets a paused or idle waiter look again.
            shared.busy -= 1
            shared.condition.broadcast()
        }
        shared.condition.unlock()
    }
}
