import Foundation
import XCTest
@testable import QuireApp

/// Freed memory given back while the window is quiet: when the release runs (never while events or
/// frames keep coming, at most once a second), and that it does give memory back.
final class IdleMemoryReleaseTests: XCTestCase {
    func testReleasesOnlyOnceTheWindowIsQuietAndAtMostOnceASecond() {
        var releases = 0
        var idle = IdleMemoryRelease(release: { releases += 1 })
        XCTAssertNil(idle.secondsUntilDue(now: 0), "no work, no wake-up")
        idle.noteWork(at: 10)
        XCTAssertEqual(idle.secondsUntilDue(now: 10.1) ?? -1, 0.15, accuracy: 1e-9)
        XCTAssertFalse(idle.releaseIfDue(now: 10.2), "not quiet long enough")
        XCTAssertTrue(idle.releaseIfDue(now: 10.25))
        XCTAssertNil(idle.secondsUntilDue(now: 10.3), "nothing owed after it")
        // Work again at once: quiet again at 10.55, but a second must pass since the last release.
        idle.noteWork(at: 10.3)
        XCTAssertEqual(idle.secondsUntilDue(now: 10.6) ?? -1, 0.65, accuracy: 1e-9)
        XCTAssertFalse(idle.releaseIfDue(now: 10.6))
        XCTAssertTrue(idle.releaseIfDue(now: 11.25))
        // Events every few milliseconds (hovering): never a release.
        for k in 0..<1000 {
            let now = 12 + Double(k) * 0.004
            idle.noteWork(at: now)
            XCTAssertFalse(idle.releaseIfDue(now: now + 0.002))
        }
        // A loop woken for something else, quiet, releases without having been owed.
        XCTAssertTrue(idle.releaseIfDue(now: 20))
        XCTAssertEqual(releases, 3)
    }

    func testTheReleaseGivesFreedHeapPagesBackToTheSystem() throws {
        // A block freed past glibc's mmap threshold raises it: the 1 MB blocks after it come from the
        // heap, and freed below one still held they stay resident, as decoded pictures freed did.
        let large = try XCTUnwrap(malloc(8 << 20))
        memset(large, 1, 8 << 20)
        free(large)
        var blocks: [UnsafeMutableRawPointer] = []
        for _ in 0..<64 {
            let block = try XCTUnwrap(malloc(1 << 20))
            memset(block, 1, 1 << 20)
            blocks.append(block)
        }
        let held = blocks.removeLast()
        defer { free(held) }
        for block in blocks { free(block) }
        let before = try residentBytes()
        var idle = IdleMemoryRelease()
        XCTAssertTrue(idle.releaseIfDue(now: 100))
        let after = try residentBytes()
        XCTAssertGreaterThan(before - after, 40 << 20, "resident \(before >> 20) MB before the release, \(after >> 20) MB after")
    }

    /// This process's resident memory, as the kernel counts it.
    private func residentBytes() throws -> Int {
        let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(separator: " ")
        return try XCTUnwrap(Int(statm[1])) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
