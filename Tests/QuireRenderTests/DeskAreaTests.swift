@testable import QuireRender
import QuireGeometry
import XCTest

/// The desk beside the page, in whole window pixels: an area less the page's pixels, in at most four
/// strips that never share a pixel with the page or with each other.
final class DeskAreaTests: XCTestCase {
    private func pixels(_ rects: [Rect]) -> Set<[Int]> {
        var set = Set<[Int]>()
        for r in rects {
            for y in Int(r.minY)..<Int(r.maxY) { for x in Int(r.minX)..<Int(r.maxX) { XCTAssertTrue(set.insert([x, y]).inserted, "(\(x), \(y)) twice") } }
        }
        return set
    }

    func testTheStripsRoundThePageCoverTheAreaLessThePageExactly() {
        let page = Rect(x: 20.4, y: 10.6, width: 50, height: 30)   // pixels 20…70 × 11…41
        for area in [Rect(x: 0, y: 0, width: 100, height: 60), Rect(x: 60.5, y: 5.2, width: 30, height: 20),
                     Rect(x: 25, y: 15, width: 10, height: 10), Rect(x: 80, y: 0, width: 10, height: 10)] {
            let parts = DeskArea.parts(of: area, pageOnScreen: page)
            XCTAssertLessThanOrEqual(parts.count, 4)
            let x0 = Int(area.minX.rounded(.down)), x1 = Int(area.maxX.rounded(.up))
            let y0 = Int(area.minY.rounded(.down)), y1 = Int(area.maxY.rounded(.up))
            var expected = Set<[Int]>()
            for y in y0..<y1 { for x in x0..<x1 where !(20..<70 ~= x && 11..<41 ~= y) { expected.insert([x, y]) } }
            XCTAssertEqual(pixels(parts), expected, "\(area)")
        }
    }

    func testABrokenPageOrAreaIsHandledWithoutATrap() {
        let area = Rect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertEqual(DeskArea.parts(of: area, pageOnScreen: Rect(x: .nan, y: 0, width: 5, height: 5)), [area])
        XCTAssertEqual(DeskArea.parts(of: Rect(x: .infinity, y: 0, width: 1, height: 1), pageOnScreen: area), [])
        XCTAssertEqual(DeskArea.parts(of: .null, pageOnScreen: area), [])
        XCTAssertEqual(DeskArea.parts(of: area, pageOnScreen: Rect(x: -5, y: -5, width: 30, height: 30)), [], "all page")
    }
}
