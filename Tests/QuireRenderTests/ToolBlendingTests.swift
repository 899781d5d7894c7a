import Foundation
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireTestSupport
import XCTest

/// Each tool's blending through real GL: the engines' real sprites, real brush PNGs, pixels read back.
final class ToolBlendingTests: HeadlessGLTestCase {
    /// The checkout's `Resources/Brushes`, found from this file's path.
    private let brushes = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources/Brushes").path

    /// Draws `points` with the tool's default style through the registry's engine, like the app does.
    private func draw(_ tool: InkTool, _ points: [Point], color: InkColor, on renderer: PageRenderer) {
        let style = InkEngineRegistry.standard.style(for: tool, color: .rgb(color))
        var engine = InkEngineRegistry.standard.makeEngine(for: style)
        let samples = points.enumerated().map { i, p in
            InputSample(position: p, pressure: 0.8, time: Double(i) * 0.01, device: .pen)
        }
        renderer.append(SceneStroke(sprites: engine.sprites(for: samples), style: engine.renderStyle))
    }

    /// Points every 2 px along straight lines through `corners`.
    private func path(_ corners: [Point]) -> [Point] {
        var out: [Point] = []
        for (a, b) in zip(corners, corners.dropFirst()) {
            let n = max(1, Int(a.distance(to: b) / 2))
            for i in 0..<n { out.append(a.lerp(to: b, Double(i) / Double(n))) }
        }
        return out + [corners.last!]
    }

    func testAHighlighterCrossingItselfHasOneUniformOpacity() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200, brushDirectory: brushes)
        let yellow = InkColor(red: 1, green: 0.85, blue: 0.1)
        // Across, back and across again: the stroke overlaps itself at (100, 100) and along y = 100.
        draw(.highlighter, path([Point(20, 100), Point(180, 100), Point(100, 40), Point(100, 180)]),
             color: yellow, on: renderer)
        let image = try renderer.renderPageImage()
        let alone = image[60, 100]        // only the first pass
        let crossing = image[100, 100]    // where the passes cross
        let vertical = image[100, 160]    // only the last pass
        XCTAssertLessThan(alone.b, 200, "no highlighter where it was drawn: \(image.saveForInspection(named: "highlighter"))")
        XCTAssertGreaterThan(alone.b, 100, "a highlighter is translucent, not opaque: \(alone)")
        for p in [crossing, vertical] {
            XCTAssertLessThanOrEqual(abs(Int(p.b) - Int(alone.b)), 2, "\(p) vs \(alone): darker where it crosses")
            XCTAssertLessThanOrEqual(abs(Int(p.r) - Int(alone.r)), 2)
        }
        XCTAssertEqual(renderer.brushProblems, [])
    }

    func testTwoHighlighterStrokesDoDarkenEachOther() throws {
        // One stroke never darkens itself; a second stroke over it does, as on paper.
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 100, brushDirectory: brushes)
        let yellow = InkColor(red: 1, green: 0.85, blue: 0.1)
        draw(.highlighter, path([Point(20, 50), Point(180, 50)]), color: yellow, on: renderer)
        let once = try renderer.renderPageImage()[100, 50]
        draw(.highlighter, path([Point(20, 50), Point(180, 50)]), color: yellow, on: renderer)
        let twice = try renderer.renderPageImage()[100, 50]
        XCTAssertLessThan(Int(twice.b) + 10, Int(once.b))
    }

    func testTheEraserRemovesInkUnderItAndNothingElse() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 100, brushDirectory: brushes)
        draw(.pen, path([Point(20, 50), Point(180, 50)]), color: .black, on: renderer)
        let before = try renderer.renderPageImage()
        XCTAssertTrue(before.isInked(x: 100, y: 50))
        draw(.eraser, path([Point(100, 10), Point(100, 90)]), color: .black, on: renderer)
        let after = try renderer.renderPageImage()
        XCTAssertEqual(after[100, 50], RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255),
                       "ink left under the eraser: \(after.saveForInspection(named: "eraser"))")
        XCTAssertEqual(after.inkedCount(x0: 96, y0: 40, x1: 105, y1: 60), 0)
        XCTAssertTrue(after.isInked(x: 40, y: 50), "the eraser took ink it never touched")
        XCTAssertTrue(after.isInked(x: 160, y: 50))
    }

    func testTheLiveHighlighterTailShowsAtTheStrokesOpacityNotDarker() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 100, brushDirectory: brushes)
        let style = InkEngineRegistry.standard.style(for: .highlighter, color: .rgb(InkColor(red: 0.2, green: 0.4, blue: 1)))
        var engine = InkEngineRegistry.standard.makeEngine(for: style)
        renderer.beginLiveStroke(engine.renderStyle)
        var update = StrokeUpdate()
        var provisional: [Sprite] = []
        for (i, p) in path([Point(20, 50), Point(180, 50)]).enumerated() {
            let s = InputSample(position: p, pressure: 0.5, time: Double(i) * 0.01, device: .pen)
            if i == 0 { engine.begin(s, into: &update) } else { engine.add(s, into: &update) }
            renderer.appendToLiveStroke(update.committed)
            provisional = update.provisional
        }
        // Draw the live view offscreen by exporting: the live layer is part of the page image.
        let live = try renderer.renderPageImage()
        renderer.endLiveStroke()
        let finished = try renderer.renderPageImage()
        XCTAssertFalse(provisional.isEmpty)
        XCTAssertLessThanOrEqual(abs(Int(live[100, 50].r) - Int(finished[100, 50].r)), 2,
                                 "the live stroke and the finished one differ: \(live[100, 50]) vs \(finished[100, 50])")
    }

    func testBrushTexturesLoadFromResourcesAndAMissingOneFallsBackWithAReason() throws {
        let renderer = try PageRenderer(pageWidth: 100, pageHeight: 100, brushDirectory: "/nonexistent-brushes")
        let missing = StrokeRenderStyle(blendMode: .normal, layerOpacity: 1, brush: .hardRound)
        renderer.append(SceneStroke(sprites: [Sprite(x: 50, y: 50, diameter: 20, color: .black)], style: missing))
        let image = try renderer.renderPageImage()
        XCTAssertTrue(image.isInked(x: 50, y: 50), "a missing brush file must not make ink vanish")
        XCTAssertEqual(renderer.brushProblems.count, 1)
        XCTAssertTrue(renderer.brushProblems[0].contains("hard-round"), renderer.brushProblems[0])

        // The real chisel brush is a flat nib at 45°: a dab of it covers far less than a round one.
        let real = try PageRenderer(pageWidth: 100, pageHeight: 100, brushDirectory: brushes)
        real.append(SceneStroke(sprites: [Sprite(x: 50, y: 50, diameter: 40, color: .black)],
                  style: StrokeRenderStyle(blendMode: .normal, layerOpacity: 1, brush: .chisel)))
        real.append(SceneStroke(sprites: [Sprite(x: 50, y: 50, diameter: 40, color: .black)].map { var s = $0; s.y = 200; return s },
                  style: .ink))
        let chisel = try real.renderPageImage().inkedCount(x0: 0, y0: 0, x1: 100, y1: 100)
        XCTAssertGreaterThan(chisel, 50)
        XCTAssertLessThan(chisel, 900, "the chisel texture was not used: a round 40 px dab covers ~1000 px")
        XCTAssertEqual(real.brushProblems, [])
    }
}
