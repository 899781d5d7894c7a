import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireTestSupport
import XCTest

/// Zoom and pan: a scaled texture at once, ink re-rendered sharp from vectors tile by tile.
final class ViewAndZoomTests: HeadlessGLTestCase {

    private let ink = StrokeRenderStyle(blendMode: .normal, layerOpacity: 1, brush: .softRound)

    private func line(_ a: Point, _ b: Point, diameter: Float) -> SceneStroke {
        let n = max(1, Int(a.distance(to: b) * 4))
        return SceneStroke(sprites: (0...n).map { i in
            let p = a.lerp(to: b, Double(i) / Double(n))
            return Sprite(x: Float(p.x), y: Float(p.y), diameter: diameter, color: .black)
        }, style: ink)
    }

    /// Pixels between clear ink and clear paper across column `x`: the blur of the line's edges.
    private func blurredPixels(_ image: RGBAImage, column x: Int) -> Int {
        (0..<image.height).filter { let l = image[x, $0].luma; return l > 30 && l < 225 }.count
    }

    func testZoomShowsTheScaledPageAtOnceThenSharpensFromVectors() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.append(line(Point(20, 100), Point(180, 100), diameter: 2))
        let window = try RenderTarget(width: 512, height: 512)
        // 4×, the page's (100, 100) at the window's centre.
        let view = AffineTransform.scale(4, 4).concatenating(.translation(-144, -144))
        renderer.sharpenBudget = 0
        renderer.drawView(width: 512, height: 512, pageToWindow: view, into: window)
        let first = window.readPixels()
        XCTAssertFalse(renderer.viewIsSharp, "a frame sharpens only part of the view")
        XCTAssertTrue(renderer.needsAnotherFrame)
        // Ink shows everywhere at once, sharp or not: column 20 lies in a tile not yet sharpened.
        XCTAssertTrue(first.isInked(x: 20, y: 256), first.saveForInspection(named: "zoom-first"))
        let blurry = blurredPixels(first, column: 20)

        renderer.finishSharpening()
        renderer.drawView(width: 512, height: 512, pageToWindow: view, into: window)
        let sharp = window.readPixels()
        XCTAssertTrue(renderer.viewIsSharp)
        XCTAssertFalse(renderer.needsAnotherFrame)
        XCTAssertTrue(sharp.isInked(x: 20, y: 256))
        // A 2 px line at 4× is 8 px of ink with crisp edges, not a bilinear smear of a 2 px texture.
        XCTAssertLessThan(blurredPixels(sharp, column: 20), blurry,
                          "no sharper: \(sharp.saveForInspection(named: "zoom-sharp"))")
        XCTAssertGreaterThanOrEqual(sharp.inkedRun(column: 20, y0: 230, y1: 280), 5)
        XCTAssertEqual(sharp.inkedCount(x0: 0, y0: 0, x1: 512, y1: 230), 0)
    }

    func testPanningMovesTheInk() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.append(line(Point(50, 50), Point(150, 50), diameter: 4))
        let window = try RenderTarget(width: 300, height: 300)
        renderer.drawView(width: 300, height: 300, pageToWindow: .translation(30, 70), into: window)
        renderer.finishSharpening()
        renderer.drawView(width: 300, height: 300, pageToWindow: .translation(30, 70), into: window)
        let image = window.readPixels()
        XCTAssertTrue(image.isInked(x: 130, y: 120))
        XCTAssertFalse(image.isInked(x: 100, y: 200), "paper below the line")
        XCTAssertFalse(image.isInked(x: 130, y: 50) && image[130, 50].luma < 100, "no ink where the page used to be")
        // The desk shows around the page.
        XCTAssertEqual(image[10, 10].r, 143)
    }

    func testStrokesDrawnWhileZoomedAreSharpAndMatchTheUnzoomedPage() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        let window = try RenderTarget(width: 400, height: 400)
        let view = AffineTransform.scale(2, 2)
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window)
        renderer.finishSharpening()
        renderer.beginLiveStroke(ink)
        renderer.appendToLiveStroke(line(Point(10, 30), Point(190, 30), diameter: 3).sprites)
        renderer.endLiveStroke()
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window)
        let zoomed = window.readPixels()
        XCTAssertGreaterThanOrEqual(zoomed.inkedRun(column: 200, y0: 40, y1: 80), 4)
        XCTAssertTrue(try renderer.renderPageImage().isInked(x: 100, y: 30))
    }

    func testUndoRedoAndTheEraserShowAtOnceWhileZoomed() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        let window = try RenderTarget(width: 400, height: 400)
        let view = AffineTransform.scale(2, 2)
        renderer.append(line(Point(10, 100), Point(190, 100), diameter: 4))
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window)
        renderer.finishSharpening()
        renderer.append(line(Point(100, 10), Point(100, 190), diameter: 4))
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window)
        XCTAssertTrue(window.readPixels().isInked(x: 200, y: 60))
        XCTAssertTrue(renderer.viewIsSharp, "a change refreshes its rect, it does not make tiles stale")

        let undone = try XCTUnwrap(renderer.remove(at: renderer.count - 1))
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window)
        var shown = window.readPixels()
        XCTAssertFalse(shown.isInked(x: 200, y: 60), "the undone stroke still shows: \(shown.saveForInspection(named: "zoom-undo"))")
        XCTAssertTrue(shown.isInked(x: 300, y: 200), "the other stroke went too")

        renderer.insert(undone, at: renderer.count)
        renderer.beginLiveStroke(StrokeRenderStyle(blendMode: .erase, layerOpacity: 1, brush: .hardRound))
        renderer.appendToLiveStroke(line(Point(60, 80), Point(60, 120), diameter: 12).sprites)
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window)
        shown = window.readPixels()
        XCTAssertTrue(shown.isInked(x: 200, y: 60), "redone")
        XCTAssertEqual(shown[120, 200], RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255),
                       "the live eraser shows paper: \(shown.saveForInspection(named: "zoom-erase"))")
        renderer.endLiveStroke()
        XCTAssertEqual(try renderer.renderPageImage()[60, 100], RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255))
    }

    func testAFinishedHighlighterStaysInTheView() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        let window = try RenderTarget(width: 200, height: 200)
        renderer.drawView(width: 200, height: 200, pageToWindow: .identity, into: window)
        renderer.finishSharpening()
        renderer.beginLiveStroke(StrokeRenderStyle(blendMode: .highlight, layerOpacity: 0.4, brush: .softRound))
        renderer.appendToLiveStroke((0...160).map {
            Sprite(x: Float(20 + $0), y: 100, diameter: 14, color: InkColor(red: 1, green: 0.85, blue: 0))
        })
        renderer.drawView(width: 200, height: 200, pageToWindow: .identity, into: window)
        let live = window.readPixels()[100, 100]
        renderer.endLiveStroke()
        renderer.drawView(width: 200, height: 200, pageToWindow: .identity, into: window)
        let finished = window.readPixels()[100, 100]
        XCTAssertLessThan(live.b, 200, "no highlighter while drawing")
        XCTAssertLessThanOrEqual(abs(Int(finished.b) - Int(live.b)), 2,
                                 "the highlighter changed or vanished when the pen lifted: \(live) → \(finished)")
    }

    func testAnExportAtAnotherScaleIsRenderedFromVectors() throws {
        let renderer = try PageRenderer(pageWidth: 100, pageHeight: 100)
        renderer.append(line(Point(10, 50), Point(90, 50), diameter: 2))
        let sharp = try renderer.renderPageImage(scale: 4)
        XCTAssertEqual(sharp.width, 400)
        XCTAssertGreaterThanOrEqual(sharp.inkedRun(column: 200, y0: 180, y1: 220), 5)
        XCTAssertLessThanOrEqual(blurredPixels(sharp, column: 200), 4)
    }

    func testQuadsAndPointsDrawTheSameDabs() throws {
        func page(quads: Bool) throws -> RGBAImage {
            let renderer = try PageRenderer(pageWidth: 120, pageHeight: 120)
            renderer.drawsSpritesAsQuads = quads
            let chisel = StrokeRenderStyle(blendMode: .normal, layerOpacity: 1, brush: .softRound)
            renderer.append(SceneStroke(sprites: [Sprite(x: 40, y: 40, diameter: 30, rotation: 0.7, color: .black),
                                                  Sprite(x: 80, y: 80, diameter: 17, color: InkColor(red: 1, green: 0, blue: 0, alpha: 0.5))],
                                        style: chisel))
            return try renderer.renderPageImage()
        }
        let points = try page(quads: false), quads = try page(quads: true)
        var differing = 0
        for i in stride(from: 0, to: points.pixels.count, by: 4) where abs(Int(points.pixels[i]) - Int(quads.pixels[i])) > 24 {
            differing += 1
        }
        XCTAssertLessThan(differing, 40, "\(points.saveForInspection(named: "points")) \(quads.saveForInspection(named: "quads"))")
    }

    func testADabLargerThanTheLargestPointIsDrawnWhole() throws {
        let renderer = try PageRenderer(pageWidth: 800, pageHeight: 800)
        let diameter = renderer.maximumPointSize * 1.5
        renderer.append(SceneStroke(sprites: [Sprite(x: 400, y: 400, diameter: diameter, color: .black)], style: ink))
        let image = try renderer.renderPageImage()
        // Inked out past the radius a clamped point would have.
        let clampedRadius = Int(renderer.maximumPointSize / 2)
        XCTAssertTrue(image.isInked(x: 400 + clampedRadius + 10, y: 400), image.saveForInspection(named: "big-dab"))
    }
}
