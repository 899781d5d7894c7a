import QuireGeometry
import QuireImageIO
@testable import QuireRender
import XCTest

/// A clip is the same area whichever corner its outline starts at and whichever way it runs: a
/// rectangle turned a quarter (a scrap rotated 90°) once clipped away everything on llvmpipe, because
/// the zero-area closing triangle of its stencil fan lay along a horizontal edge.
final class TurnedClipTests: XCTestCase {
    func testARectangularClipLetsThePictureThroughFromEveryStartAndWinding() throws {
        let context: HeadlessGLContext
        do { context = try HeadlessGLContext() } catch { throw XCTSkip("headless OpenGL: \(error)") }
        let renderer = try PageRenderer(pageWidth: 600, pageHeight: 600)
        let picture = RenderItem.image(SceneImage(imageKey: "red", image: RGBAImage(width: 20, height: 10, fill: (220, 0, 0, 255)),
                                                  corners: Quadrilateral(Rect(x: 250, y: 200, width: 100, height: 200))))
        let corners = [Point(350, 200), Point(350, 400), Point(250, 400), Point(250, 200)]
        for start in 0..<4 {
            for reversed in [false, true] {
                var outline = (0..<4).map { corners[(start + $0) % 4] }
                if reversed { outline.reverse() }
                renderer.load([.group(SceneGroup(clip: BezierPath(polygon: outline), children: [picture]))])
                let image = try renderer.renderPageImage()
                var red = 0
                for y in 190..<410 { for x in 240..<360 where image[x, y].r == 220 && image[x, y].g == 0 { red += 1 } }
                XCTAssertEqual(red, 100 * 200, "outline \(outline)")
            }
        }
        withExtendedLifetime(context) {}
    }
}
