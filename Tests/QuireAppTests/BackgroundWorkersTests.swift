import Foundation
@testable import QuireApp
import XCTest

/// The threads pictures decode on: below the window's priority, every job run once, in order on one
/// thread, waited for, held back while paused, and the threads gone with their owner.
final class BackgroundWorkersTests: XCTestCase {
    private final class Record: @unchecked Sendable {
        let lock = NSLock()
        var values: [Int32] = []
        func add(_ value: Int32) {
            lock.lock()
            values.append(value)
            lock.unlock()
        }
    }

    func testJobsRunBelowTheCallersPriorityAndAreWaitedFor() {
        let mine = BackgroundWorkers.threadNiceness()
        let workers = BackgroundWorkers(name: "test-workers", count: 2)
        let record = Record()
        for _ in 0..<20 {
            workers.add {
                Thread.sleep(forTimeInterval: 0.002)
                record.add(BackgroundWorkers.threadNiceness())
            }
        }
        workers.waitUntilIdle()
        XCTAssertEqual(record.values.count, 20, "every job ran before waitUntilIdle returned")
        XCTAssertTrue(record.values.allSatisfy { $0 == max(mine, BackgroundWorkers.niceness) }, "\(record.values), the caller at \(mine)")
        XCTAssertEqual(BackgroundWorkers.threadNiceness(), mine, "the caller's own priority is untouched")
    }

    func testOneThreadRunsJobsInOrderAndTheThreadsEndWithTheirOwner() {
        let record = Record()
        do {
            let workers = BackgroundWorkers(name: "test-ordered", count: 1)
            for k in 0..<50 { workers.add { record.add(Int32(k)) } }
            workers.waitUntilIdle()
            XCTAssertFalse(threads().filter { $0.hasPrefix("test-ordered") }.isEmpty, "the worker is a thread of its own, named")
        }
        XCTAssertEqual(record.values, (0..<50).map { Int32($0) })
        // The threads were told to end; named as they were, none is left after a moment.
        XCTAssertTrue(eventuallyNoThread(named: "test-ordered"), "a worker thread outlived its owner")
    }

    func testPausedWorkersStartNothingUntilLetGo() {
        let workers = BackgroundWorkers(name: "test-paused", count: 2)
        let record = Record()
        workers.isPaused = true
        for k in 0..<5 { workers.add { record.add(Int32(k)) } }
        // Given every chance to run (a tenth of a second), none did.
        let until = Date().addingTimeInterval(0.1)
        while Date() < until { Thread.sleep(forTimeInterval: 0.01) }
        record.lock.lock()
        let ranWhilePaused = record.values.count
        record.lock.unlock()
        XCTAssertEqual(ranWhilePaused, 0)
        workers.isPaused = false
        workers.waitUntilIdle()
        XCTAssertEqual(record.values.sorted(), [0, 1, 2, 3, 4])
    }

    /// The names of this process's threads.
    private func threads() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
    }

    /// Whether, within two seconds, no thread of this process is named `name`-N.
    private func eventuallyNoThread(named name: String) -> Bool {
        let deadline = Date().addingTimeInterval(2)
        repeat {
            if !threads().contains(where: { $0.hasPrefix(name) }) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        } while Date() < deadline
        return false
    }
}
