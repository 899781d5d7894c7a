import QuireDocument
import QuireGeometry
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
