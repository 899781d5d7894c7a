import Dispatch
import Foundation

/// Saves in the background: changes go to one serial queue and each runs as its own transaction right
/// away, so a finished stroke is on disk within milliseconds and the thread that drew it never waits.
///
/// When a save fails (disk full, folder made read-only, file locked), that change and every later one
/// stay queued in order, `onProblem` is told once, and the queue retries every `retryInterval`; when a
/// retry succeeds `onResumed` is told and the rest follow. Nothing already saved is touched by a failed
/// transaction: SQLite rolls it back.
///
/// A change the notebook refuses for what it is, not for the state of the disk (an edit that does not fit
/// the stored page, a page that is gone, a damaged file), would fail the same way forever and hold up
/// every change behind it: it is dropped, `onRefused` is told, and the queue goes on.
public final class Autosaver: @unchecked Sendable {
    public typealias Change = @Sendable (NotebookStore) throws -> Void

    public let store: NotebookStore
    public let retryInterval: TimeInterval
    /// Called on the autosave queue.
    public var onProblem: (@Sendable (Error) -> Void)?
    public var onResumed: (@Sendable () -> Void)?
    /// Called on the autosave queue for a change dropped because the notebook refuses it for good.
    public var onRefused: (@Sendable (_ label: String, Error) -> Void)?
    /// Called on the autosave queue after each change is committed, with how many are committed so far.
    public var onSaved: (@Sendable (Int) -> Void)?

    private let queue = DispatchQueue(label: "quire.autosave", qos: .utility)
    // Touched only on `queue`.
    private var waiting: [(label: String, change: Change)] = []
    private var failing = false
    private var lastProblem: Error?
    private var retryScheduled = false
    private var stopped = false
    private var committed = 0
    private var refused = 0
    private let countLock = NSLock()
    private var submitted = 0

    public init(store: NotebookStore, retryInterval: TimeInterval = 1) {
        self.store = store
        self.retryInterval = retryInterval
    }

    /// Queues a change; returns at once.
    public func submit(_ label: String, _ change: @escaping Change) {
        countLock.lock()
        submitted += 1
        countLock.unlock()
        queue.async { [self] in
            guard !stopped else { return }
            waiting.append((label, change))
            if !failing { drain() }
        }
    }

    /// Changes submitted but not yet committed (those being retried included).
    public var unsaved: Int {
        countLock.lock()
        defer { countLock.unlock() }
        return submitted - settledCount
    }

    /// Why the newest failed save failed, while saving fails (nil once it works again).
    public var problem: Error? { queue.sync { failing ? lastProblem : nil } }

    /// Changes committed or refused for good.
    private var settledCount: Int { queue.sync { committed + refused } }

    /// Waits until every change submitted so far has been tried once (used before quitting and by tests).
    /// Returns true when nothing is left unsaved.
    @discardableResult
    public func flush() -> Bool {
        queue.sync {
            if failing { drain() }
            return waiting.isEmpty
        }
    }

    /// Stops saving, for good: changes still waiting are dropped, and how many is returned; no retry
    /// runs again. For when the notebook closes (after a `flush` that could not save everything).
    @discardableResult
    public func stop() -> Int {
        queue.sync {
            stopped = true
            let dropped = waiting.count
            waiting.removeAll()
            return dropped
        }
    }

    /// Stops saving here and gives the changes still waiting, in order, to be saved elsewhere: the
    /// notebook's file was changed by another program, and the session saves them to a copy instead.
    public func handOver() -> [(label: String, change: Change)] {
        queue.sync {
            stopped = true
            let changes = waiting
            refused += changes.count  // settled here: the new saver counts them
            waiting.removeAll()
            return changes
        }
    }

    private func drain() {
        while let next = waiting.first {
            do {
                try next.change(store)
            } catch NotebookFileError.changedOnDisk {
                // Nothing more goes into that file, and trying again would not change it: the changes
                // wait here, without a retry, until they are handed over.
                failing = true
                return
            } catch let error as NotebookFileError where error.refusesForGood {
                waiting.removeFirst()
                refused += 1
                onRefused?(next.label, error)
                continue
            } catch {
                lastProblem = error
                if !failing {
                    failing = true
                    onProblem?(error)
                }
                scheduleRetry()
                return
            }
            waiting.removeFirst()
            committed += 1
            if failing {
                failing = false
                onResumed?()
            }
            onSaved?(committed)
        }
    }

    private func scheduleRetry() {
        guard !retryScheduled else { return }
        retryScheduled = true
        queue.asyncAfter(deadline: .now() + retryInterval) { [self] in
            retryScheduled = false
            if failing && !stopped { drain() }
        }
    }
}

extension NotebookFileError {
    /// True for refusals that trying again cannot mend: the change does not fit the file, or the file
    /// is not (or no longer) one it can go into. A full disk or a locked file may clear; these never do.
    var refusesForGood: Bool {
        switch self {
        case .editRefused, .missingBlob, .noSuchPage, .corrupt, .notANotebook, .readOnly, .blobTooLarge: true
        // A file changed by another program: the changes wait for the session to take them elsewhere
        // (`handOver`), never dropped.
        case .notFound, .writeFailed, .readFailed, .fileSystem, .changedOnDisk: false
        }
    }
}
