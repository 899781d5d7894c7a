import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireTestSupport
import XCTest
@testable import QuireApp

/// The canvas's work reaching a real renderer (headless GL): edits keep the renderer's list index for
/// index with the page's, and a renderer that falls out of step says so instead of drawing wrong.
final class RenderWorkPerformerTests: XCTestCase {
    private var context: HeadlessGLContext?

    override func setUpWithError() throws {
        do { context = try HeadlessGLContext() } catch { try Requirement.unmet("headless OpenGL: \(error)") }
    }

    override func tearDown() { context = nil }

    private func drag(_ canvas: CanvasController, y: Double) {
        _ = canvas.handle(.pointerDown(InputSample(position: Point(10, y), time: 0), button: 1))
        _ = canvas.handle(.pointerMoved(InputSample(position: Point(60, y), time: 0.05)))
        _ = canvas.handle(.pointerUp(InputSample(position: Point(110, y), time: 0.1), button: 1))
    }

    func testEditsKeepTheRendererIndexForIndexAndAMismatchIsReported() throws {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        let canvas = CanvasController(page: Page(size: PageSize(width: 200, height: 200)))
        let builder = RenderItemBuilder(registry: canvas.registry)
        for y in [20.0, 40, 60] { drag(canvas, y: y) }
        XCTAssertTrue(renderer.perform(canvas.takeRenderWork(), building: builder))
        XCTAssertEqual(renderer.count, 3)
        // A move and a removal in the middle, then their undo: the renderer follows every step.
        canvas.editor.apply(try XCTUnwrap(canvas.page.moving(canvas.page.items[0].id, to: 2)))
        canvas.editor.apply(try XCTUnwrap(canvas.page.removing([canvas.page.items[1].id])))
        canvas.undo()
        XCTAssertTrue(renderer.perform(canvas.takeRenderWork(), building: builder))
        XCTAssertEqual(renderer.items.map(\.bounds), builder.renderItems(of: canvas.page).map(\.bounds))
        // Work meant for another state of the page is refused and reported.
        let foreign = PageEdit.remove([PlacedItem(.stroke(canvas.page.strokes[0]), at: 7)])
        XCTAssertFalse(renderer.perform([.edit(foreign)], building: builder))
        XCTAssertEqual(renderer.count, 3, "nothing was removed")
    }
}

/// A scissors cut reaching the renderer: its many steps drawn once, the picture its pieces share kept on
/// the GPU rather than let go with the scrap and uploaded again, and the result the same pixels as the
/// cut page drawn afresh.
final class CutRenderingTests: XCTestCase {
    private var context: HeadlessGLContext?

    override func setUpWithError() throws {
        do { context = try HeadlessGLContext() } catch { try Requirement.unmet("headless OpenGL: \(error)") }
    }

    override func tearDown() { context = nil }

    func testACutIsDrawnAsTheCutPageIsAndKeepsItsPictureUploaded() throws {
        let blob = try XCTUnwrap(BlobID(hex: String(repeating: "c3", count: 32)))
        var picture = RGBAImage(width: 120, height: 80, fill: (200, 30, 30, 255))
        for y in 0..<80 { for x in 60..<120 { picture[x, y] = .init(r: 30, g: 30, b: 200, a: 255) } }
        let builder = RenderItemBuilder(image: { id, _ in id == blob ? picture : nil })
        let pen = StrokeStyle.defaults(for: .pen)
        let ink = PageItem.stroke(Stroke(samples: (0...30).map { InputSample(position: Point(5 + Double($0) * 4, 60), pressure: 0.7, time: Double($0) * 0.01) },
                                         style: pen))
        let scrap = PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 120, height: 80)),
                                          transform: Homography(.translation(30, 30)),
                                          image: ScrapImage(reference: ImageReference(blob: blob, pixelWidth: 120, pixelHeight: 80),
                                                            rect: Rect(x: 0, y: 0, width: 120, height: 80)),
                                          items: [.stroke(Stroke(samples: (0...20).map { InputSample(position: Point(10 + Double($0) * 5, 40), pressure: 0.6, time: Double($0) * 0.01) }, style: pen))])))
        var page = Page(size: PageSize(width: 200, height: 160), items: [ink, scrap])
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 160)
        let target = try RenderTarget(width: 200, height: 160)
        renderer.load(page, building: builder)
        renderer.drawView(width: 200, height: 160, pageToWindow: .identity, into: target)
        XCTAssertEqual(renderer.imageUploads, 1)
        XCTAssertGreaterThan(target.readPixels()[85, 95].r, 150, "the picture's red where the cut will go")

        let cut = page.cutting(along: try ScissorsPath(points: [Point(70, 10), Point(95, 150)], closingReach: 4))
        let edit = try XCTUnwrap(cut.edit, "\(cut)")
        try page.apply(edit)
        XCTAssertTrue(renderer.perform([.edit(edit)], building: builder))
        renderer.drawView(width: 200, height: 160, pageToWindow: .identity, into: target)
        XCTAssertEqual(renderer.imageUploads, 1, "the pieces show the scrap's picture without uploading it again")
        let cutPixels = target.readPixels()

        let fresh = try PageRenderer(pageWidth: 200, pageHeight: 160)
        fresh.load(page, building: builder)
        let freshTarget = try RenderTarget(width: 200, height: 160)
        fresh.drawView(width: 200, height: 160, pageToWindow: .identity, into: freshTarget)
        let freshPixels = freshTarget.readPixels()
        XCTAssertEqual(cutPixels.pixels, freshPixels.pixels, "the cut drawn in place matches the cut page drawn afresh: "
                       + "\(cutPixels.saveForInspection(named: "cut-in-place")) \(freshPixels.saveForInspection(named: "cut-fresh"))")
        // And it is a cut: the pieces pushed apart leave no picture on the line they were cut along.
        let onCut = cutPixels[85, 95]
        XCTAssertLessThan(Int(onCut.r) - Int(min(onCut.g, onCut.b)), 60,
                          "no red left on the cut: \(onCut)")
    }
}
