import QuireGeometry
import XCTest
@testable import QuireInk

/// The blend modes drawn by the reference rasterizer: what the GL renderer must reproduce.
final class BlendPixelTests: XCTestCase {
    private func strokeSprites(_ style: StrokeStyle, _ points: [(Double, Double)]) -> ([Sprite], StrokeRenderStyle) {
        var engine = InkEngineRegistry.standard.makeEngine(for: style)
        return (engine.sprites(for: penSamples(points, pressure: 0.6)), engine.renderStyle)
    }

    func testAHighlighterCrossingItselfHasOneUniformOpacity() {
        let yellow = InkColor(red: 1, green: 0.9, blue: 0)
        let style = InkEngineRegistry.standard.style(for: .highlighter, color: .rgb(yellow))
        // Right along y = 50, then up and back down across the first pass at x = 50.
        let (sprites, render) = strokeSprites(style, [(10, 50), (40, 50), (70, 50), (90, 50), (80, 80), (50, 90),
                                                      (50, 60), (50, 30), (50, 10)])
        XCTAssertEqual(render.blendMode, .highlight)
        var page = InkBitmap(originX: 0, originY: 0, width: 100, height: 100, fill: .white)
        page.draw(sprites, style: render)
        let expected = (red: Float(1), green: Float(1 - 0.35 * 0.1), blue: Float(0.65))
        for (x, y) in [(50, 50), (25, 50), (50, 20), (50, 75)] {  // the crossing, then single passes
            let p = page.pixel(x, y)
            XCTAssertEqual(p.red, expected.red, accuracy: 1e-5, "\(x),\(y)")
            XCTAssertEqual(p.green, expected.green, accuracy: 1e-5, "\(x),\(y)")
            XCTAssertEqual(p.blue, expected.blue, accuracy: 1e-5, "\(x),\(y)")
            XCTAssertEqual(p.alpha, 1, accuracy: 1e-6)
        }
        XCTAssertEqual(page.pixel(20, 20).blue, 1)  // untouched paper
    }

    func testAPenStrokeCrossingItselfDoesBuildUp() {
        var style = InkEngineRegistry.standard.style(for: .marker, color: .rgb(.black))
        // Faint enough that the overlapping dabs along one pass do not reach full coverage.
        style.minimumOpacity = 0.02
        style.maximumOpacity = 0.02
        style.smoothness = 0  // straight passes, so they cross exactly at (50, 50)
        let (sprites, render) = strokeSprites(style, [(10, 50), (90, 50), (80, 80), (50, 90), (50, 10)])
        XCTAssertEqual(render.blendMode, .normal)
        var layer = InkBitmap(originX: 0, originY: 0, width: 100, height: 100)
        layer.draw(sprites, style: render)
        XCTAssertGreaterThan(layer.pixel(50, 50).alpha, layer.pixel(25, 50).alpha)
    }

    func testAnEraserRemovesInkUnderIt() {
        let pen = InkEngineRegistry.standard.style(for: .pen, color: .rgb(.black))
        let (ink, inkRender) = strokeSprites(pen, [(10, 50), (50, 50), (90, 50)])
        let eraser = InkEngineRegistry.standard.style(for: .eraser)
        let (rub, rubRender) = strokeSprites(eraser, [(50, 10), (50, 50), (50, 90)])
        XCTAssertEqual(rubRender.blendMode, .erase)
        var layer = InkBitmap(originX: 0, originY: 0, width: 100, height: 100)
        layer.draw(ink, style: inkRender)
        XCTAssertEqual(layer.pixel(50, 50).alpha, 1, accuracy: 1e-6)
        layer.draw(rub, style: rubRender)
        XCTAssertEqual(layer.pixel(50, 50).alpha, 0)
        XCTAssertEqual(layer.pixel(20, 50).alpha, 1, accuracy: 1e-6)  // ink away from the eraser stays
    }
}
