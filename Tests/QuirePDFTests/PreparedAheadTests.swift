import Foundation
@testable import QuirePDF
import XCTest

/// `PreparedAhead`: elements come in order, made at most `depth` ahead of the taker; an error comes in
/// its element's place and nothing after it is made; cancelling (or letting go) stops the making and
/// returns only when the making thread has finished.
final class PreparedAheadTests: XCTestCase {
    private struct Broken: Error, Equatable {
        let index: Int
    }

    /// What the making thread did, and how many the taker has taken, under one lock.
    private final class Record: @unchecked Sendable {
        private let lock = NSLock()
        private var taken = 0
        private(set) var made: [Int] = []
        /// Elements begun further ahead of the taker than `depth` allows.
        private(set) var tooFarAhead: [Int] = []

        func making(_ index: Int, depth: Int) {
            lock.withLock {
                made.append(index)
                // At most `depth` made ones wait untaken, so element `index` is begun only once all
                // but `depth` of those before it have been taken.
                if index > taken + depth { tooFarAhead.append(index) }
            }
        }

        func took() { lock.withLock { taken += 1 } }
        var madeSoFar: [Int] { lock.withLock { made } }
    }

    func testElementsComeInOrderAndNoFurtherAheadThanTheDepth() throws {
        let record = Record()
        let ahead = PreparedAhead(count: 40, depth: 2) { index in
            record.making(index, depth: 2)
            return index * index
        }
        var got: [Int] = []
        while let value = try ahead.next() {
            got.append(value)
            record.took()
        }
        XCTAssertEqual(got, (0..<40).map { $0 * $0 })
        XCTAssertNil(try ahead.next(), "still nothing after the last")
        XCTAssertEqual(record.madeSoFar, Array(0..<40), "each made once, in order")
        XCTAssertEqual(record.tooFarAhead, [])
    }

    func testTheMakerStopsAtTheDepthWhileNothingIsTaken() throws {
        let record = Record()
        let ahead = PreparedAhead(count: 10, depth: 2) { index in
            record.making(index, depth: 2)
            return index
        }
        XCTAssertTrue(waitUntil { record.madeSoFar.count == 2 }, "made \(record.madeSoFar)")
        XCTAssertEqual(try ahead.next(), 0)
        record.took()
        XCTAssertTrue(waitUntil { record.madeSoFar.count == 3 }, "one more made once one is taken: \(record.madeSoFar)")
        ahead.cancel()
        XCTAssertEqual(record.madeSoFar, [0, 1, 2], "nothing made after the cancel returned")
        XCTAssertEqual(record.tooFarAhead, [])
    }

    func testAnErrorComesInItsPlaceAndNothingAfterItIsMade() throws {
        let record = Record()
        let ahead = PreparedAhead(count: 20, depth: 2) { index in
            record.making(index, depth: 2)
            if index == 3 { throw Broken(index: index) }
            return index
        }
        var got: [Int] = []
        XCTAssertThrowsError(try { while let value = try ahead.next() { got.append(value); record.took() } }()) { error in
            XCTAssertEqual(error as? Broken, Broken(index: 3))
        }
        XCTAssertEqual(got, [0, 1, 2], "every element before the broken one first")
        XCTAssertNil(try ahead.next(), "after the error, the end")
        XCTAssertEqual(record.madeSoFar, [0, 1, 2, 3])
    }

    func testLettingGoStopsTheMakingAndWaitsForIt() throws {
        let record = Record()
        do {
            let ahead = PreparedAhead(count: 1000, depth: 1) { index in
                record.making(index, depth: 1)
                return [UInt8](repeating: UInt8(index & 0xff), count: 1 << 16)
            }
            XCTAssertEqual(try ahead.next()?.first, 0)
            record.took()
        }
        // One taken, one waiting, and perhaps one begun before the line was let go.
        XCTAssertLessThanOrEqual(record.madeSoFar.count, 3, "stopped near the taker: \(record.madeSoFar)")
    }

    func testNoElementsIsTheEndAtOnce() throws {
        let ahead = PreparedAhead<Int>(count: 0) { _ in
            XCTFail("nothing to make")
            return 0
        }
        XCTAssertNil(try ahead.next())
    }

    /// Polls `condition` until it holds or five seconds pass.
    private func waitUntil(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while !condition() {
            guard Date() < deadline else { return false }
            usleep(1000)
        }
        return true
    }
}
