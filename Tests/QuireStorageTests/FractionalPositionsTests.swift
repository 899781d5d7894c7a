@testable import QuireStorage
import XCTest

/// The one rule that places pages and items between others (`FractionalPositions`).
final class FractionalPositionsTests: XCTestCase {
    func testPositionsGoPastTheEndsAndEvenlyBetweenNeighbours() {
        XCTAssertEqual(FractionalPositions.between(nil, nil), [1], "the first row")
        XCTAssertEqual(FractionalPositions.between(4, nil, count: 3), [5, 6, 7], "one past the last for each")
        XCTAssertEqual(FractionalPositions.between(nil, 3), [2], "one below the first")
        XCTAssertEqual(FractionalPositions.between(nil, 3, count: 2), [1.0, 2.0])
        XCTAssertEqual(FractionalPositions.between(1, 2), [1.5], "halfway")
        XCTAssertEqual(FractionalPositions.between(1, 2, count: 3), [1.25, 1.5, 1.75], "evenly spread")
        XCTAssertEqual(FractionalPositions.between(1, 2, count: 0), [])
    }

    func testAGapWithoutRoomAsksForRenumbering() {
        let one = 1.0
        XCTAssertNil(FractionalPositions.between(one, one.nextUp), "no double lies between neighbours")
        XCTAssertNil(FractionalPositions.between(one, one.nextUp.nextUp, count: 2), "one fits, two do not")
        XCTAssertEqual(FractionalPositions.between(one, one.nextUp.nextUp), [one.nextUp])
    }
}
