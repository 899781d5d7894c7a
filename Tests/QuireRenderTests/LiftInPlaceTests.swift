import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireTestSupport
import XCTest

/// An item held in place (a text box being typed into): over dense ink at a zoom that draws the view
/// from vectors, a change to one of its lines draws a frame of that line's area alone, matching a whole
/// frame, and putting it down leaves the page as it was drawn whole.
final class LiftInPlaceTests: HeadlessGLTestCase {
    private let ink = StrokeRenderStyle(blendMode: .normal, layerOpacity: 1, brush: .softRound)
    private let view = AffineTransform.scale(0.73, 0.73).concatenating(.translation(20, 10))

    private func line(_ k: Int, shade: UInt8) -> RenderItem {
        // A line of a text box: a dark band on transparency, 200 × 14 page pixels, 20 apart.
        let image = RGBAImage(width: 200, height: 14, fill: (shade, shade, shade, 255))
        return .image(SceneImage(imageKey: "line-\(k)-\(shade)", image: image,
                                 corners: Quadrilateral(Rect(x: 40, y: 40 + Double(k) * 20, width: 200, height: 14)),
                                 mipmapsOnlyWhenShrunk: true))
    }

    private func box(changing changed: Int?) -> RenderItem {
        .group(SceneGroup(clip: BezierPath(rect: Rect(x: 36, y: 36, width: 1000, height: 20 * 10 + 8)),
                          children: (0..<10).map { line($0, shade: $0 == changed ? 200 : 60) }))
    }

    func testAChangedLineOfABoxHeldInPlaceDrawsItsAreaAloneAndPuttingItDownLeavesThePageAsDrawnWhole() throws {
        let renderer = try PageRenderer(pageWidth: 400, pageHeight: 400)
        // Ink under and round the box: strokes across it every few pixels.
        var strokes: [RenderItem] = []
        for k in 0..<60 {
            let y = 20 + Double(k) * 6
            let sprites = stride(from: 10.0, through: 390, by: 2).map { Sprite(x: Float($0), y: Float(y), diameter: 3, color: .black) }
            strokes.append(.stroke(SceneStroke(sprites: sprites, style: ink)))
        }
        renderer.load(strokes + [box(changing: nil)])
        let window = try RenderTarget(width: 400, height: 400)
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window)
        renderer.finishSharpening()
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window, onlyWhatChanged: true)
        XCTAssertTrue(renderer.lift(at: strokes.count, inPlace: true))
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window, onlyWhatChanged: true)
        XCTAssertTrue(renderer.replace(at: strokes.count, with: box(changing: 4)))
        let drawn = try XCTUnwrap(renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window, onlyWhatChanged: true),
                                  "a partial frame while held in place")
        // Line 4 is page y 120…134: window y 97.6…107.8, x 49…195.
        XCTAssertTrue(drawn.contains(Point(60, 100)) && drawn.contains(Point(190, 106)), "drawn: \(drawn)")
        XCTAssertLessThanOrEqual(drawn.height, 16, "only the changed line's rows: \(drawn)")
        let partial = window.readPixels()
        let reference = try RenderTarget(width: 400, height: 400)
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: reference)
        let whole = reference.readPixels()
        var differing = 0
        for y in 0..<400 { for x in 0..<400 where partial[x, y] != whole[x, y] { differing += 1 } }
        XCTAssertEqual(differing, 0, partial.saveForInspection(named: "lift-in-place-partial"))
        // Put down: the page redrawn with it in the layers is what a fresh renderer draws.
        renderer.drop()
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window, onlyWhatChanged: true)
        let fresh = try PageRenderer(pageWidth: 400, pageHeight: 400)
        fresh.load(strokes + [box(changing: 4)])
        let expected = try RenderTarget(width: 400, height: 400)
        fresh.drawView(width: 400, height: 400, pageToWindow: view, into: expected)
        fresh.finishSharpening()
        fresh.drawView(width: 400, height: 400, pageToWindow: view, into: expected)
        let after = window.readPixels(), wanted = expected.readPixels()
        var off = 0
        for y in 0..<400 { for x in 0..<400 where after[x, y] != wanted[x, y] { off += 1 } }
        XCTAssertEqual(off, 0, after.saveForInspection(named: "lift-in-place-dropped"))
    }
}
