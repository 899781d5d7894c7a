import QuireGeometry
import QuireImageIO
import XCTest
@testable import QuireRender

/// Text pictures skip their mipmaps (a GPU flush each on llvmpipe) until drawn at less than half size.
final class SceneImageMipmapTests: XCTestCase {
    private func projection(scale: Double, turn: Double = 0) -> PageProjection {
        PageProjection(width: 800, height: 600, pageToFramebuffer: AffineTransform.rotation(turn).concatenating(.scale(scale, scale)),
                       guardBand: 0)
    }

    func testAPictureDrawnAtHalfItsSizeOrMoreNeedsNoMipmapsWhenItAsks() {
        // 200 × 40 texels over 100 × 20 page pixels: drawn 1:1 at a zoom of 2, at half size at 1.
        let text = SceneImage(imageKey: "t", image: RGBAImage(width: 200, height: 40), corners: Quadrilateral(Rect(x: 10, y: 10, width: 100, height: 20)),
                              mipmapsOnlyWhenShrunk: true)
        XCTAssertFalse(text.needsMipmaps(through: projection(scale: 2)))
        XCTAssertFalse(text.needsMipmaps(through: projection(scale: 1)))
        XCTAssertFalse(text.needsMipmaps(through: projection(scale: 1, turn: 0.7)), "turning does not shrink it")
        XCTAssertTrue(text.needsMipmaps(through: projection(scale: 0.99)))
        XCTAssertTrue(text.needsMipmaps(through: projection(scale: 0.25)))
    }

    func testPicturesThatDoNotAskAlwaysHaveMipmaps() {
        let photo = SceneImage(imageKey: "p", image: RGBAImage(width: 200, height: 40), corners: Quadrilateral(Rect(x: 10, y: 10, width: 100, height: 20)))
        XCTAssertTrue(photo.needsMipmaps(through: projection(scale: 4)))
    }

    func testOnlyTheShrunkSideMatters() {
        // Squeezed to a third across but drawn at full height: shrunk.
        let text = SceneImage(imageKey: "t", image: RGBAImage(width: 300, height: 30),
                              corners: Quadrilateral(Rect(x: 0, y: 0, width: 100, height: 30)), mipmapsOnlyWhenShrunk: true)
        XCTAssertTrue(text.needsMipmaps(through: projection(scale: 1)))
    }
}
