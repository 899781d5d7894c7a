import QuireDocument
import QuireGeometry
import XCTest

/// An endless page grows only when content comes within a screen of its right or bottom edge, in whole
/// steps, never past the largest page, never smaller.
final class PageGrowthTests: XCTestCase {
    private let letter = PageSize.letter   // 816 × 1056

    func testContentNearTheBottomGrowsThePageAScreenPastIt() throws {
        let grown = try XCTUnwrap(PageGrowth.size(for: letter, reach: Rect(x: 100, y: 900, width: 50, height: 100), margin: 768))
        XCTAssertEqual(grown.width, 1024, "a screen past the ink's right edge too (150 + 768, in whole steps)")
        XCTAssertGreaterThanOrEqual(grown.height, 1000 + 768)
        XCTAssertLessThan(grown.height, 1000 + 768 + PageGrowth.step)
        XCTAssertEqual(grown.height.truncatingRemainder(dividingBy: PageGrowth.step), 0)
    }

    func testContentWellInsideChangesNothingAndAbsurdReachesAreCapped() {
        XCTAssertNil(PageGrowth.size(for: letter, reach: Rect(x: 10, y: 10, width: 20, height: 20), margin: 600))
        XCTAssertNil(PageGrowth.size(for: letter, reach: .null, margin: 768))
        XCTAssertNil(PageGrowth.size(for: letter, reach: Rect(x: 0, y: 0, width: .infinity, height: 10), margin: 768))
        let capped = PageGrowth.size(for: letter, reach: Rect(x: 900_000, y: 900_000, width: 1, height: 1), margin: 768)
        XCTAssertEqual(capped, PageSize(width: PageSize.maximumSide, height: PageSize.maximumSide))
        XCTAssertNil(PageGrowth.size(for: PageSize(width: PageSize.maximumSide, height: PageSize.maximumSide),
                                     reach: Rect(x: 15_999, y: 15_999, width: 1, height: 1), margin: 768), "full grown")
    }
}
