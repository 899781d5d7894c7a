import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireTestSupport
import QuireText
import XCTest

/// Text drawn from the glyph atlas in the overlay: the same pixels as the FreeType rasterizer's image
/// of the same line, at whole pixels, in one draw call per atlas page.
final class OverlayTextTests: HeadlessGLTestCase {
    private let background = (r: 30.0, g: 32.0, b: 40.0)

    private func rasterizer() throws -> TextRasterizer {
        do { return try TextRasterizer() } catch { try Requirement.unmet("the interface font (fonts-dejavu-core): \(error)") }
    }

    private func item(_ run: GlyphRun, at origin: Point, color: InkColor, opacity: Float = 1) -> OverlayItem {
        .text(OverlayText(
            origin: origin, width: run.layout.width, height: run.layout.height,
            glyphs: run.glyphs.map {
                OverlayGlyph(page: $0.page, sourceX: $0.source.x, sourceY: $0.source.y, width: $0.source.width,
                             height: $0.source.height, x: $0.x, y: $0.y)
            },
            pages: run.pages.map { GlyphPage(id: $0.id, version: $0.version, width: $0.width, height: $0.height, coverage: $0.coverage) },
            color: color, opacity: opacity))
    }

    /// The window's whole area in the background colour, under the text.
    private var backdrop: OverlayItem {
        .polygon([Point(0, 0), Point(800, 0), Point(800, 200), Point(0, 200)],
                 color: InkColor(red: Float(background.r / 255), green: Float(background.g / 255), blue: Float(background.b / 255)))
    }

    private func draw(_ overlay: [OverlayItem], renderer: PageRenderer, window: RenderTarget) -> RGBAImage {
        renderer.drawView(width: 800, height: 200, pageToWindow: .identity, overlay: overlay, into: window)
        return window.readPixels()
    }

    /// Largest difference of any channel between the window and `image` laid "over" the background
    /// with its upper-left corner at (`x`, `y`); also checks some pixels were inked at all.
    private func largestDifference(_ shown: RGBAImage, _ image: RGBAImage, at x: Int, _ y: Int) -> (difference: Int, inked: Int) {
        var worst = 0, inked = 0
        for row in -2..<(image.height + 2) {
            for column in -2..<(image.width + 2) {
                let inside = (0..<image.width).contains(column) && (0..<image.height).contains(row)
                let source = inside ? image[column, row] : RGBAImage.Pixel(r: 0, g: 0, b: 0, a: 0)
                let a = Double(source.a) / 255
                if source.a > 128 { inked += 1 }
                let expected = [Double(source.r) * a + background.r * (1 - a), Double(source.g) * a + background.g * (1 - a),
                                Double(source.b) * a + background.b * (1 - a)]
                let pixel = shown[x + column, y + row]
                for (value, want) in zip([pixel.r, pixel.g, pixel.b], expected) {
                    worst = max(worst, abs(Int(value) - Int(want.rounded())))
                }
            }
        }
        return (worst, inked)
    }

    func testAtlasTextMatchesTheRasterizersImageAtOneAndTwoTimesScale() throws {
        let text = try rasterizer()
        let renderer = try PageRenderer(pageWidth: 64, pageHeight: 64)
        let window = try RenderTarget(width: 800, height: 200)
        let line = "Quire — Wavy AVATAR, “kerning” ½ é fjord"
        let color = (r: UInt8(245), g: UInt8(230), b: UInt8(180), a: UInt8(255))
        let ink = InkColor(red: 245 / 255, green: 230 / 255, blue: 180 / 255)
        for (size, origin) in [(15.0, Point(10.4, 20.6)), (30.0, Point(12, 80.2))] {
            let run = try text.run(line, size: size)
            let image = try text.render(line, size: size, color: color)
            XCTAssertLessThan(Double(image.width) + origin.x, 790, "the line fits the window")
            let shown = draw([backdrop, item(run, at: origin, color: ink)], renderer: renderer, window: window)
            // Drawn at the whole pixel nearest the origin.
            let (difference, inked) = largestDifference(shown, image, at: Int(origin.x.rounded()), Int(origin.y.rounded()))
            XCTAssertGreaterThan(inked, 100, "the text was drawn")
            XCTAssertLessThanOrEqual(difference, 2, "at \(size) px per em: \(shown.saveForInspection(named: "atlas-text-\(Int(size))"))")
        }
    }

    func testTranslucentTextBlendsAsTheImageWouldAndShowsOnlyWhereItsGlyphsAre() throws {
        let text = try rasterizer()
        let renderer = try PageRenderer(pageWidth: 64, pageHeight: 64)
        let window = try RenderTarget(width: 800, height: 200)
        let run = try text.run("Undo — Ctrl+Z", size: 13)
        let image = try text.render("Undo — Ctrl+Z", size: 13, color: (255, 255, 255, 128))
        let shown = draw([backdrop, item(run, at: Point(40, 40), color: InkColor(red: 1, green: 1, blue: 1, alpha: 128 / 255))],
                         renderer: renderer, window: window)
        XCTAssertLessThanOrEqual(largestDifference(shown, image, at: 40, 40).difference, 2)
    }

    func testAllTextOfAFrameTakesOneDrawCallPerPageUnlessSomethingIsDrawnOverIt() throws {
        let text = try rasterizer()
        let renderer = try PageRenderer(pageWidth: 64, pageHeight: 64)
        let window = try RenderTarget(width: 800, height: 200)
        let white = InkColor(red: 1, green: 1, blue: 1)
        let runs = try ["Pen — P", "Physics — page 3 of 12 · 150%", "Saving failed"].map { try text.run($0, size: 14) }
        XCTAssertEqual(Set(runs.flatMap { $0.pages.map(\.id) }).count, 1, "all on one page")
        let before = renderer.overlayTextDrawCalls
        // A panel beside the text (not over it) does not split the batch.
        _ = draw([backdrop, item(runs[0], at: Point(10, 10), color: white), item(runs[1], at: Point(10, 50), color: white),
                  .polygon([Point(400, 10), Point(480, 10), Point(480, 60)], color: white),
                  item(runs[2], at: Point(10, 90), color: white)],
                 renderer: renderer, window: window)
        XCTAssertEqual(renderer.overlayTextDrawCalls - before, 1)
        XCTAssertEqual(renderer.glyphPageTextureCount, 1)

        // A panel over the first line is drawn over it: the text before it is drawn first.
        let cover = OverlayItem.polygon([Point(0, 0), Point(300, 0), Point(300, 40), Point(0, 40)], color: InkColor(red: 1, green: 0, blue: 0))
        let middle = renderer.overlayTextDrawCalls
        let shown = draw([backdrop, item(runs[0], at: Point(10, 10), color: white), cover,
                          item(runs[1], at: Point(10, 50), color: white)], renderer: renderer, window: window)
        XCTAssertEqual(renderer.overlayTextDrawCalls - middle, 2)
        let covered = (10..<30).flatMap { y in (10..<80).map { shown[$0, y] } }
        XCTAssertTrue(covered.allSatisfy { $0.r == 255 && $0.g == 0 && $0.b == 0 }, "the pen's tooltip showed through the panel over it")

        // With no text left, the page texture is let go.
        _ = draw([backdrop], renderer: renderer, window: window)
        XCTAssertEqual(renderer.glyphPageTextureCount, 0)
    }
}
