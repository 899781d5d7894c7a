import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireTestSupport
import XCTest

/// A view redrawn page pixel for page pixel on plain opaque paper copies the ink layer, which holds the
/// paper under its ink, instead of drawing the desk, the paper and the ink in turn: the pixels must be
/// the very ones the paper drawn as a fill and the ink blended over it give (the page image draws it
/// so), on tinted paper too, where rounding could differ, with the desk beside the page.
final class PlainPaperViewTests: HeadlessGLTestCase {
    private let ink = StrokeRenderStyle(blendMode: .normal, layerOpacity: 1, brush: .softRound)
    private let paper = InkColor(red: 0.93, green: 0.87, blue: 0.71)
    private let desk = InkColor(red: 0.2, green: 0.4, blue: 0.6)
    /// The page's place in the window: whole pixels, so the view shows the page pixel for pixel.
    private let (offsetX, offsetY) = (30, 20)

    private func line(_ a: Point, _ b: Point, diameter: Float, color: InkColor) -> SceneStroke {
        let n = max(1, Int(a.distance(to: b) * 4))
        return SceneStroke(sprites: (0...n).map { i in
            let p = a.lerp(to: b, Double(i) / Double(n))
            return Sprite(x: Float(p.x), y: Float(p.y), diameter: diameter, color: color)
        }, style: ink)
    }

    func testRedrawsOnTintedPaperMatchThePaperDrawnAsAFill() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 160)
        renderer.paperColor = paper
        renderer.deskColor = desk
        let (width, height) = (260, 200)
        let window = try RenderTarget(width: width, height: height)
        let view = AffineTransform.translation(Double(offsetX), Double(offsetY))
        renderer.append(line(Point(20, 40), Point(180, 120), diameter: 6, color: .black))
        renderer.drawView(width: width, height: height, pageToWindow: view, into: window)
        renderer.finishSharpening()

        // Redraws of areas wholly on the page (cleared to the paper) and over its edge (desk and paper
        // drawn as before): a stroke put under the first, one taken away, one reaching off the page.
        renderer.insert(.stroke(line(Point(40, 100), Point(120, 60), diameter: 9,
                                     color: InkColor(red: 0.8, green: 0.1, blue: 0.3, alpha: 0.5))), at: 0)
        renderer.append(line(Point(150, 20), Point(230, 30), diameter: 5, color: InkColor(red: 0.1, green: 0.5, blue: 0.2)))
        renderer.append(line(Point(60, 140), Point(100, 150), diameter: 4, color: .black))
        XCTAssertNotNil(renderer.remove(at: renderer.count - 1))
        renderer.drawView(width: width, height: height, pageToWindow: view, into: window)
        let shown = window.readPixels()
        let page = try renderer.renderPageImage(scale: 1)

        var differing = 0
        for y in 0..<page.height {
            for x in 0..<page.width where shown[x + offsetX, y + offsetY] != page[x, y] { differing += 1 }
        }
        XCTAssertEqual(differing, 0, "view \(shown.saveForInspection(named: "plain-paper-view")) against page "
                       + page.saveForInspection(named: "plain-paper-page"))
        // The ink and the tinted paper are both there (the comparison above is not of two blank images).
        XCTAssertEqual(Int(shown[offsetX + 5, offsetY + 5].r), Int((paper.red * 255).rounded()))
        XCTAssertEqual(Int(shown[offsetX + 5, offsetY + 5].b), Int((paper.blue * 255).rounded()))
        XCTAssertLessThan(Int(shown[offsetX + 100, offsetY + 80].r), 60, "ink on the first line")
        // Beside the page, the desk.
        XCTAssertEqual(Int(shown[5, 100].b), Int((desk.blue * 255).rounded()))
        XCTAssertEqual(Int(shown[width - 5, 100].g), Int((desk.green * 255).rounded()))
    }
}
