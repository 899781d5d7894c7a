import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireTestSupport
import XCTest

/// Undo, redo and baking through real GL. Undo is the inverse edit the app applies (the newest item
/// removed), redo puts it back on top: the page after an undo must look exactly as if the stroke had
/// never been drawn, whether the stroke was recent, baked, or half-way through baking.
final class UndoAndBakingTests: HeadlessGLTestCase {

    private static let ink = StrokeRenderStyle(blendMode: .normal, layerOpacity: 1, brush: .softRound)
    private static let eraser = StrokeRenderStyle(blendMode: .erase, layerOpacity: 1, brush: .softRound)
    private static let highlighter = StrokeRenderStyle(blendMode: .highlight, layerOpacity: 0.4, brush: .softRound)

    /// A straight stroke of dabs every 0.5 px.
    private func line(_ a: Point, _ b: Point, diameter: Float = 6, color: InkColor = .black,
                      style: StrokeRenderStyle = ink) -> SceneStroke {
        let n = max(1, Int(a.distance(to: b) * 2))
        let sprites = (0...n).map { i -> Sprite in
            let p = a.lerp(to: b, Double(i) / Double(n))
            return Sprite(x: Float(p.x), y: Float(p.y), diameter: diameter, color: color)
        }
        return SceneStroke(sprites: sprites, style: style)
    }

    /// Five strokes crossing each other, each a different colour.
    private func crossingStrokes() -> [SceneStroke] {
        [line(Point(10, 50), Point(190, 50), color: InkColor(red: 0.8, green: 0, blue: 0)),
         line(Point(100, 10), Point(100, 190), color: InkColor(red: 0, green: 0.6, blue: 0)),
         line(Point(20, 20), Point(180, 180), color: InkColor(red: 0, green: 0, blue: 0.9)),
         line(Point(20, 180), Point(180, 20), style: Self.highlighter),
         line(Point(60, 10), Point(60, 190), diameter: 14, style: Self.eraser)]
    }

    private func reference(_ strokes: ArraySlice<SceneStroke>) throws -> RGBAImage {
        let r = try PageRenderer(pageWidth: 200, pageHeight: 200)
        for s in strokes { r.append(s) }
        return try r.renderPageImage()
    }

    private func assertSame(_ a: RGBAImage, _ b: RGBAImage, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        var worst = 0
        for i in a.pixels.indices { worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
        XCTAssertLessThanOrEqual(worst, 1, "\(what): pages differ by \(worst); \(a.saveForInspection(named: "undo-a")) \(b.saveForInspection(named: "undo-b"))",
                                 file: file, line: line)
    }

    func testUndoingEachRecentStrokeRestoresThePageExactly() throws {
        let strokes = crossingStrokes()
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        for s in strokes { renderer.append(s) }
        var undone: [RenderItem] = []
        for kept in stride(from: strokes.count - 1, through: 0, by: -1) {
            undone.append(try XCTUnwrap(renderer.remove(at: renderer.count - 1)))
            assertSame(try renderer.renderPageImage(), try reference(strokes[..<kept]), "after undo down to \(kept)")
        }
        XCTAssertNil(renderer.remove(at: renderer.count - 1), "nothing left to undo")
        for count in 1...strokes.count {
            renderer.insert(undone.removeLast(), at: renderer.count)
            assertSame(try renderer.renderPageImage(), try reference(strokes[..<count]), "after redo up to \(count)")
        }
        XCTAssertEqual(renderer.items, strokes.map(RenderItem.stroke))
    }

    func testUndoPastTheBakedBoundaryRebuildsFromVectors() throws {
        let strokes = crossingStrokes()
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.undoWindow = 1
        for s in strokes { renderer.append(s) }
        renderer.finishBaking()
        XCTAssertEqual(renderer.bakedCount, 4)
        for kept in stride(from: strokes.count - 1, through: 0, by: -1) {
            renderer.remove(at: renderer.count - 1)
            assertSame(try renderer.renderPageImage(), try reference(strokes[..<kept]), "baked, after undo down to \(kept)")
        }
    }

    func testAHugeStrokeBakesInSlicesAndUndoMidwayIsExact() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.undoWindow = 0
        renderer.append(line(Point(10, 100), Point(190, 100), color: InkColor(red: 0, green: 0, blue: 0.9)))
        // 20,000 dabs scribbled over the page: more than a slice.
        var sprites: [Sprite] = []
        for i in 0..<20_000 {
            let t = Double(i) / 20_000
            sprites.append(Sprite(x: Float(100 + 80 * sin(t * 40)), y: Float(20 + 160 * t), diameter: 5, color: .black))
        }
        renderer.append(SceneStroke(sprites: sprites, style: Self.ink))
        let full = try renderer.renderPageImage()
        // With no time to spare a frame bakes one slice: the first stroke, then a slice of the big one.
        renderer.bakeBudget = 0
        let window = try RenderTarget(width: 200, height: 200)
        renderer.drawView(width: 200, height: 200, pageToWindow: .identity, into: window)
        renderer.drawView(width: 200, height: 200, pageToWindow: .identity, into: window)
        XCTAssertEqual(renderer.bakedCount, 1, "the first stroke baked, the big one not yet")
        XCTAssertTrue(renderer.needsAnotherFrame)
        assertSame(try renderer.renderPageImage(), full, "the page while baking")
        let undone = try XCTUnwrap(renderer.remove(at: renderer.count - 1))
        let first = line(Point(10, 100), Point(190, 100), color: InkColor(red: 0, green: 0, blue: 0.9))
        assertSame(try renderer.renderPageImage(), try reference([first][...]), "undo of a stroke half-way through baking")
        renderer.insert(undone, at: renderer.count)
        renderer.finishBaking()
        assertSame(try renderer.renderPageImage(), full, "redone and fully baked")
    }

    /// The window's frames bake nothing (`bakes: false`); the app bakes after presenting, so a stroke
    /// leaving the undo window never delays the frame showing the pen's newest ink.
    func testFramesDrawnWithoutBakingLeaveItForBetweenFrames() throws {
        let strokes = crossingStrokes()
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.undoWindow = 1
        let window = try RenderTarget(width: 200, height: 200)
        renderer.drawView(width: 200, height: 200, pageToWindow: .identity, into: window)
        for s in strokes { renderer.append(s) }
        for _ in 0..<3 { renderer.drawView(width: 200, height: 200, pageToWindow: .identity, into: window, bakes: false) }
        XCTAssertEqual(renderer.bakedCount, 0, "frames drawn with bakes: false bake nothing")
        XCTAssertTrue(renderer.needsAnotherFrame, "the strokes past the undo window still want baking")
        var calls = 0
        while renderer.bakedCount < 4 && calls < 100 {
            renderer.bakeBetweenFrames()
            calls += 1
        }
        XCTAssertEqual(renderer.bakedCount, 4, "baked between frames: all but the undo window's one stroke")
        assertSame(try renderer.renderPageImage(), try reference(strokes[...]), "the page once baked between frames")
        renderer.remove(at: renderer.count - 1)
        assertSame(try renderer.renderPageImage(), try reference(strokes.dropLast()), "undo after baking between frames")
    }

    func testUndoAmongManyStrokesElsewhereClearsOnlyItsOwnRect() throws {
        let renderer = try PageRenderer(pageWidth: 400, pageHeight: 400)
        for i in 0..<300 {
            renderer.append(line(Point(250, 10 + Double(i)), Point(390, 10 + Double(i)), diameter: 1))
        }
        renderer.append(line(Point(10, 10), Point(60, 60)))
        renderer.remove(at: renderer.count - 1)
        let page = try renderer.renderPageImage()
        XCTAssertEqual(page.inkedCount(x0: 0, y0: 0, x1: 200, y1: 200), 0)
        XCTAssertEqual(page.inkedCount(x0: 250, y0: 10, x1: 390, y1: 310), 140 * 300, "the other strokes are untouched")
    }

    func testTheLiveStrokeCanBeCancelled() throws {
        let renderer = try PageRenderer(pageWidth: 100, pageHeight: 100)
        renderer.append(line(Point(10, 50), Point(90, 50)))
        let before = try renderer.renderPageImage()
        renderer.beginLiveStroke(Self.ink)
        renderer.appendToLiveStroke(line(Point(50, 10), Point(50, 90)).sprites)
        renderer.cancelLiveStroke()
        assertSame(try renderer.renderPageImage(), before, "after cancelling the live stroke")
        XCTAssertEqual(renderer.count, 1)
    }
}
