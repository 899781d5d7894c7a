import QuireGeometry
import XCTest
@testable import QuireRender

final class PageProjectionTests: XCTestCase {
    func testTheFramebufferCornersLandInsideTheGuardBandedViewport() {
        let p = PageProjection(width: 100, height: 50, pageToFramebuffer: .identity, guardBand: 10)
        // The viewport is 120 × 70 starting at (-10, -10); clip x = 2·(px + 10)/120 − 1.
        XCTAssertEqual(p.viewport.0, -10)
        XCTAssertEqual(p.viewport.2, 120)
        let topLeft = p.clipPosition(of: Point(0, 0))
        XCTAssertEqual(topLeft.x, 2 * 10 / 120 - 1, accuracy: 1e-6)
        // Page y runs down, GL y up: the page's top edge is at framebuffer row 50 of 70 rows (plus guard).
        XCTAssertEqual(topLeft.y, 2 * 60 / 70 - 1, accuracy: 1e-6)
        let bottomRight = p.clipPosition(of: Point(100, 50))
        XCTAssertEqual(bottomRight.x, 2 * 110 / 120 - 1, accuracy: 1e-6)
        XCTAssertEqual(bottomRight.y, 2 * 10 / 70 - 1, accuracy: 1e-6)
    }

    func testPixelScaleFollowsTheViewScale() {
        let p = PageProjection(width: 10, height: 10, pageToFramebuffer: .scale(2.5, 2.5), guardBand: 0)
        XCTAssertEqual(p.pixelScale, 2.5, accuracy: 1e-12)
    }
}
