import QuireGeometry
import QuireImageIO
import QuireInk
@testable import QuireRender
import QuireTestSupport
import XCTest

/// A view showing the page pixel for pixel draws its partial frames straight from the ink layer and
/// brings the view layer up to date after them: between frames, or before a whole frame shows it.
/// Whatever the order, the window shows the page as it is.
final class ViewCatchUpTests: HeadlessGLTestCase {
    private typealias F = ItemFixtures
    private let view = AffineTransform.translation(50, 40)

    private func settledRenderer(paper pattern: PaperPattern = .blank) throws -> (PageRenderer, RenderTarget) {
        let renderer = try PageRenderer(pageWidth: 300, pageHeight: 300)
        renderer.paperPattern = pattern
        let window = try RenderTarget(width: 400, height: 400)
        renderer.append(.stroke(SceneStroke(sprites: (0...60).map { k in
            Sprite(x: Float(60 + 3 * k), y: 150, diameter: 6, color: .black)
        }, style: StrokeRenderStyle(blendMode: .normal, layerOpacity: 1, brush: .softRound))))
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window)
        renderer.finishSharpening()
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window, onlyWhatChanged: true)
        return (renderer, window)
    }

    /// A red picture put in under the stroke: the page is redrawn in its rectangle, in order.
    private func putPictureUnderTheInk(_ renderer: PageRenderer) {
        XCTAssertTrue(renderer.insert(.image(SceneImage(imageKey: "red", image: F.solid(255, 0, 0),
                                                        corners: Quadrilateral(Rect(x: 100, y: 120, width: 80, height: 60)))), at: 0))
    }

    private func wholeFrame(_ renderer: PageRenderer) throws -> RGBAImage {
        let window = try RenderTarget(width: 400, height: 400)
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window)
        return window.readPixels()
    }

    func testAPartialFrameComesFromTheInkLayerAndTheViewLayerCatchesUpBetweenFrames() throws {
        for pattern in [PaperPattern.blank, PaperPattern(kind: .ruled, spacing: 24)] {
            let (renderer, window) = try settledRenderer(paper: pattern)
            putPictureUnderTheInk(renderer)
            XCTAssertFalse(renderer.staleViewRects.isEmpty, "\(pattern): the view layer is left for after the frame")
            let area = try XCTUnwrap(renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window,
                                                       onlyWhatChanged: true), "\(pattern): a partial frame")
            XCTAssertTrue(area.contains(Point(200, 170)), "\(pattern): \(area)")
            let partial = window.readPixels()
            // Window (160, 170) is page (110, 130): the picture, beside the stroke.
            XCTAssertEqual(partial[160, 170], RGBAImage.Pixel(r: 255, g: 0, b: 0, a: 255), "\(pattern): \(partial.saveForInspection(named: "catch-up-partial"))")
            XCTAssertFalse(renderer.staleViewRects.isEmpty, "\(pattern): not yet brought up to date")

            renderer.bakeBetweenFrames()
            XCTAssertTrue(renderer.staleViewRects.isEmpty, "\(pattern): brought up to date between frames")
            // The view layer now holds what the partial frame showed: a whole frame, a copy of it, agrees.
            F.assertSame(try wholeFrame(renderer), partial, "\(pattern): the whole frame after catching up")
            XCTAssertNil(renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window, onlyWhatChanged: true)
                            .flatMap { $0.isEmpty ? nil : $0 }, "\(pattern): catching up is nothing new to show")
        }
    }

    func testAWholeFrameBeforeTheViewLayerCaughtUpShowsThePageAsItIs() throws {
        let (renderer, window) = try settledRenderer()
        putPictureUnderTheInk(renderer)
        renderer.drawView(width: 400, height: 400, pageToWindow: view, into: window, onlyWhatChanged: true)
        let partial = window.readPixels()
        // No pause between frames: a whole frame (a drag starting, say) must not show the old view layer.
        let whole = try wholeFrame(renderer)
        XCTAssertEqual(whole[160, 170], RGBAImage.Pixel(r: 255, g: 0, b: 0, a: 255), whole.saveForInspection(named: "catch-up-whole"))
        F.assertSame(whole, partial, "the whole frame and the partial one")
        XCTAssertTrue(renderer.staleViewRects.isEmpty)
    }

    func testAZoomedViewRefreshesItsViewLayerAtOnce() throws {
        // Not pixel for pixel: partial frames copy the view layer, which must be up to date at once.
        let renderer = try PageRenderer(pageWidth: 300, pageHeight: 300)
        let zoomed = AffineTransform.scale(1.5, 1.5).concatenating(.translation(10, 5))
        let window = try RenderTarget(width: 400, height: 400)
        renderer.drawView(width: 400, height: 400, pageToWindow: zoomed, into: window)
        renderer.finishSharpening()
        renderer.drawView(width: 400, height: 400, pageToWindow: zoomed, into: window, onlyWhatChanged: true)
        putPictureUnderTheInk(renderer)
        XCTAssertTrue(renderer.staleViewRects.isEmpty)
        renderer.drawView(width: 400, height: 400, pageToWindow: zoomed, into: window, onlyWhatChanged: true)
        // Page (140, 150) at 1.5× and moved: window (220, 230).
        XCTAssertEqual(window.readPixels()[220, 230], RGBAImage.Pixel(r: 255, g: 0, b: 0, a: 255))
    }
}
