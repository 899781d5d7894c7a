import QuireGeometry
@testable import QuireRender
import XCTest

/// Whether a redraw's rectangle lies wholly inside a clip (then the clip and its shadow are skipped).
final class ClipPathTests: XCTestCase {
    func testARectIsInsideOnlyWhenNoOutlineCrossesOrTouchesIt() {
        var path = BezierPath(rect: Rect(x: 0, y: 0, width: 100, height: 100))
        path.append(BezierPath(rect: Rect(x: 40, y: 40, width: 20, height: 20)))
        let outlines = ClipPath.outlines(of: path, pixelScale: 1)
        XCTAssertTrue(ClipPath.contains(Rect(x: 10, y: 10, width: 20, height: 20), outlines: outlines))
        XCTAssertFalse(ClipPath.contains(Rect(x: 90, y: 10, width: 20, height: 20), outlines: outlines), "across the edge")
        XCTAssertFalse(ClipPath.contains(Rect(x: 80, y: 10, width: 20, height: 20), outlines: outlines), "touching the edge")
        XCTAssertFalse(ClipPath.contains(Rect(x: 45, y: 45, width: 5, height: 5), outlines: outlines), "in the hole")
        XCTAssertFalse(ClipPath.contains(Rect(x: 30, y: 30, width: 40, height: 40), outlines: outlines), "around the hole")
        XCTAssertFalse(ClipPath.contains(Rect(x: 110, y: 10, width: 5, height: 5), outlines: outlines), "outside")
        XCTAssertFalse(ClipPath.contains(Rect(x: -10, y: -10, width: 120, height: 120), outlines: outlines), "around it all")
        XCTAssertFalse(ClipPath.contains(.null, outlines: outlines))
        XCTAssertFalse(ClipPath.contains(Rect(x: .nan, y: 0, width: 1, height: 1), outlines: outlines))
        // A turned square: its bounding box's corners are outside it.
        let diamond = ClipPath.outlines(of: BezierPath(polygon: [Point(50, 0), Point(100, 50), Point(50, 100), Point(0, 50)]),
                                        pixelScale: 1)
        XCTAssertTrue(ClipPath.contains(Rect(x: 40, y: 40, width: 20, height: 20), outlines: diamond))
        XCTAssertFalse(ClipPath.contains(Rect(x: 10, y: 10, width: 30, height: 30), outlines: diamond))
    }
}
