import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireTestSupport
import XCTest

/// Rules, grids and dots printed on the paper, under the ink, and never taken by the eraser.
final class PaperPatternTests: HeadlessGLTestCase {
    private let blue = InkColor(red: 0, green: 0, blue: 1)

    private func page(_ kind: PaperPattern.Kind, scale: Double = 1) throws -> RGBAImage {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.paperPattern = PaperPattern(kind: kind, lineColor: blue, spacing: 32)
        return try renderer.renderPageImage(scale: scale)
    }

    private func isLine(_ p: RGBAImage.Pixel) -> Bool { p.b > 200 && p.r < 128 }
    private let white = RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255)

    func testRuledPaperHasRulesBelowItsTopMargin() throws {
        let image = try page(.ruled)
        XCTAssertTrue(isLine(image[100, 96]), "\(image[100, 96]) \(image.saveForInspection(named: "ruled"))")
        XCTAssertTrue(isLine(image[10, 128]))
        XCTAssertEqual(image[100, 110], white)
        XCTAssertEqual(image[100, 32], white, "no rule in the top margin")
        XCTAssertEqual(image[64, 110], white, "no vertical lines on ruled paper")
    }

    func testGridAndDots() throws {
        let grid = try page(.grid)
        XCTAssertTrue(isLine(grid[64, 110]))
        XCTAssertTrue(isLine(grid[110, 64]))
        XCTAssertEqual(grid[110, 110], white)
        let dots = try page(.dotted)
        XCTAssertTrue(isLine(dots[64, 64]), "\(dots[64, 64]) \(dots.saveForInspection(named: "dots"))")
        XCTAssertEqual(dots[64, 80], white)
        XCTAssertEqual(dots[80, 64], white)
    }

    func testRulesStayOneCrispLineWhenZoomed() throws {
        let image = try page(.ruled, scale: 4)
        let column = (370..<400).filter { isLine(image[100, $0]) }
        XCTAssertFalse(column.isEmpty)
        XCTAssertLessThanOrEqual(column.count, 5, "a 1 px rule at 4× is about 4 px, not a smear")
    }

    func testTheEraserTakesInkButLeavesTheRules() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.paperPattern = PaperPattern(kind: .ruled, lineColor: blue, spacing: 32)
        let ink = StrokeRenderStyle(blendMode: .normal, layerOpacity: 1, brush: .softRound)
        renderer.append(SceneStroke(sprites: (0...40).map { Sprite(x: 100, y: Float(70 + $0), diameter: 8, color: .black) },
                                    style: ink))
        let window = try RenderTarget(width: 400, height: 400)
        renderer.drawView(width: 400, height: 400, pageToWindow: .scale(2, 2), into: window)
        renderer.finishSharpening()
        renderer.beginLiveStroke(StrokeRenderStyle(blendMode: .erase, layerOpacity: 1, brush: .hardRound))
        renderer.appendToLiveStroke((0...40).map { Sprite(x: 100, y: Float(70 + $0), diameter: 16, color: .black) })
        renderer.drawView(width: 400, height: 400, pageToWindow: .scale(2, 2), into: window)
        let view = window.readPixels()
        XCTAssertTrue(isLine(view[200, 192]), "the eraser took the rule in the view: \(view.saveForInspection(named: "erase-rule"))")
        XCTAssertEqual(view[200, 170], white, "ink left in the view")
        renderer.endLiveStroke()
        let exported = try renderer.renderPageImage()
        XCTAssertTrue(isLine(exported[100, 96]), "the eraser took the rule in the export")
        XCTAssertEqual(exported[100, 85], white)
    }
}
