import QuireGeometry
import XCTest
@testable import QuireRender

/// The damage a frame draws: changes far apart stay apart rectangles, ones that meet merge, and there
/// are never more than `maximumRectangles` (past it, their union).
final class FrameDamageTests: XCTestCase {
    func testFarApartStayApartMeetingMergeAndTheCountIsBounded() {
        var rects = FrameDamage.adding(Rect(x: 0, y: 0, width: 10, height: 10), to: [])
        rects = FrameDamage.adding(Rect(x: 100, y: 100, width: 10, height: 10), to: rects)
        XCTAssertEqual(rects.count, 2, "far apart")
        // One meeting both joins them into one.
        rects = FrameDamage.adding(Rect(x: 5, y: 5, width: 100, height: 100), to: rects)
        XCTAssertEqual(rects, [Rect(x: 0, y: 0, width: 110, height: 110)])
        var many: [Rect] = []
        for k in 0..<100 { many = FrameDamage.adding(Rect(x: Double(k) * 20, y: 0, width: 5, height: 5), to: many) }
        XCTAssertLessThanOrEqual(many.count, FrameDamage.maximumRectangles)
        let union = many.reduce(Rect.null) { $0.union($1) }
        XCTAssertTrue(union.contains(Point(0, 0)) && union.contains(Point(99 * 20 + 5, 5)), "nothing lost: \(union)")
    }
}
