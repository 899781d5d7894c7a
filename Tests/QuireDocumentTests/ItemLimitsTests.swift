import QuireDocument
import QuireGeometry
import QuireInk
import XCTest

/// `ItemLimits`: what an item read from a notebook is held to.
final class ItemLimitsTests: XCTestCase {
    private func scrap(_ outline: BezierPath) -> PageItem.Content {
        .scrap(Scrap(outline: outline))
    }

    func testAnOutlineIsHeldToItsLengthAndCoordinates() {
        var long = BezierPath()
        long.move(to: Point(0, 0))
        for i in 0..<ItemLimits.maximumOutlineElements { long.line(to: Point(Double(i % 40), Double(i % 30))) }
        XCTAssertEqual(scrap(long).problem, "its outline has \(ItemLimits.maximumOutlineElements + 1) parts; at most 262144 are read")
        long.elements.removeLast()
        XCTAssertNil(scrap(long).problem, "at the limit it reads")
        var far = BezierPath(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertNil(scrap(far).problem)
        far.elements.append(.cubic(control1: Point(0, 0), control2: Point(.infinity, 0), to: Point(1, 1)))
        XCTAssertEqual(scrap(far).problem, "its outline is at inf; coordinates lie within ±10000000 px")
    }

    func testEveryOtherKindIsCheckedAndGoodItemsPass() {
        let good = TextItem(text: "Hello", origin: Point(10, 20))
        XCTAssertNil(PageItem.Content.text(good).problem)
        var tiny = good
        tiny.fontSize = 0
        XCTAssertEqual(PageItem.Content.text(tiny).problem, "its font size is 0.0 px; it must be above 0 and at most 2000")
        var dim = good
        dim.color = InkColor(red: 2, green: 0, blue: 0)
        XCTAssertNotNil(PageItem.Content.text(dim).problem)
        let rect = Rect(x: 0, y: 0, width: 100, height: 100)
        XCTAssertNil(PageItem.Content.pdfPage(PDFPageItem(document: BlobID(hex: String(repeating: "ab", count: 32))!, pageIndex: 9_999, rect: rect)).problem)
        XCTAssertNotNil(PageItem.Content.pdfPage(PDFPageItem(document: BlobID(hex: String(repeating: "ab", count: 32))!, pageIndex: 10_000, rect: rect)).problem)
    }
}
