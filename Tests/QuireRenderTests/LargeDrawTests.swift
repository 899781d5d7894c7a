import QuireGeometry
import QuireImageIO
import QuireInk
@testable import QuireRender
import QuireTestSupport
import XCTest

/// A page opened whole draws its run of strokes in several calls once it passes
/// `SpriteBatchRenderer.largestDraw` sprites; every sprite must still be drawn once, in order.
final class LargeDrawTests: HeadlessGLTestCase {
    func testAPageOfMoreSpritesThanOneDrawTakesEqualsItDrawnStrokeByStroke() throws {
        // Three strokes of 50,000 translucent dabs each (150,000 in one run when the page opens: three
        // draw calls), each a raster over the page in its own colour, so a dab lost, drawn twice or out of
        // order changes pixels.
        let colors = [InkColor(red: 0.8, green: 0.1, blue: 0.1, alpha: 0.5), InkColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 0.5),
                      InkColor(red: 0.1, green: 0.6, blue: 0.2, alpha: 0.5)]
        let strokes: [RenderItem] = colors.enumerated().map { index, color in
            let sprites = (0..<50_000).map { k in
                Sprite(x: Float(k % 250) * 0.8 + Float(index), y: Float(k / 250) + Float(index) * 0.5, diameter: 3, color: color)
            }
            return .stroke(SceneStroke(sprites: sprites, style: ItemFixtures.ink))
        }
        XCTAssertGreaterThan(50_000 * strokes.count, 2 * SpriteBatchRenderer.largestDraw)
        let opened = try PageRenderer(pageWidth: 200, pageHeight: 200)
        opened.load(strokes)
        ItemFixtures.assertSame(try opened.renderPageImage(), try ItemFixtures.reference(strokes), "a page opened whole")
    }
}
