import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
import QuireX11
import XCTest
@testable import QuireApp

/// Edits through the canvas: any edit anywhere on the page is undone by its inverse, and the same edit
/// values reach the renderer's queue and the notebook.
final class PageEditorTests: XCTestCase {
    private func drag(_ canvas: CanvasController, y: Double) {
        _ = canvas.handle(.pointerDown(InputSample(position: Point(0, y), time: 0), button: 1))
        _ = canvas.handle(.pointerUp(InputSample(position: Point(50, y), time: 0.1), button: 1))
    }

    func testAnEditInTheMiddleOfThePageIsUndoneAndRedoneAndReachesRendererAndStore() throws {
        let canvas = CanvasController()
        let saved = SavedEdits()
        canvas.editor.savesTo = saved
        for y in [10.0, 20, 30] { drag(canvas, y: y) }
        XCTAssertEqual(saved.count, 3, "each finished stroke is one insert edit")
        _ = canvas.takeRenderWork()

        let middle = canvas.page.items[1]
        let removal = try XCTUnwrap(canvas.page.removing([middle.id]))
        canvas.editor.apply(removal)
        XCTAssertEqual(canvas.page.strokes.map { $0.samples[0].position.y }, [10, 30])
        XCTAssertEqual(canvas.takeRenderWork(), [.edit(removal)])

        canvas.undo()
        XCTAssertEqual(canvas.page.items[1], middle, "the middle stroke is back where it was, id and all")
        XCTAssertEqual(canvas.takeRenderWork(), [.edit(removal.inverse)])
        canvas.redo()
        XCTAssertEqual(canvas.page.items.count, 2)
        XCTAssertEqual(saved.edits.suffix(3), [removal, removal.inverse, removal], "the notebook gets the same edits")
    }

    /// An edit that does not fit the page changes nothing, is reported, and a renderer that had drawn it
    /// already (a finished live stroke) is given the page afresh.
    func testARefusedEditChangesNothingAndTheRendererIsGivenThePageAgain() {
        let canvas = CanvasController()
        drag(canvas, y: 10)
        _ = canvas.takeRenderWork()
        var refused: [PageEditError] = []
        canvas.editor.onRefused = { refused.append($0) }
        let before = canvas.page
        let stale = PageEdit.insert([PlacedItem(canvas.page.items[0], at: 1)])   // the same id twice
        XCTAssertFalse(canvas.editor.apply(stale, alreadyRendered: true))
        XCTAssertEqual(canvas.page, before)
        XCTAssertEqual(refused, [.duplicateItem(before.items[0].id)])
        XCTAssertEqual(canvas.takeRenderWork(), [.reload(before)])
        XCTAssertFalse(canvas.editor.apply(stale))
        XCTAssertEqual(canvas.takeRenderWork(), [], "an edit never drawn needs no reload")
    }

    /// A page is shown with its own history, and undo reverses that history's newest step, even after
    /// another page was shown in between — not the page's top item, as a history rebuilt from the items
    /// would. The notebook is told each move with the edit, and the notice line what undo did.
    func testUndoReversesTheShownPagesOwnNewestStepAcrossAPageTurn() throws {
        let style = StrokeStyle.defaults(for: .pen)
        var page = Page(strokes: (0..<3).map { i in Stroke(samples: [InputSample(position: Point(0, Double(i)), time: 0)], style: style) })
        var history = PageHistory(replaying: page)
        // The middle stroke moved 40 px right: the newest step, under the top item.
        let move = try XCTUnwrap(page.updating([page.items[1].id]) { item in
            var stroke = item.stroke!
            stroke.samples = stroke.samples.map { var s = $0; s.position.x += 40; return s }
            return PageItem(id: item.id, .stroke(stroke))
        })
        try page.apply(move)
        history.record(move, label: "stroke moved")
        let canvas = CanvasController()
        let saved = SavedEdits()
        var said: [String] = []
        canvas.editor.savesTo = saved
        canvas.editor.onHistoryMove = { said.append($0) }
        canvas.show(Page())
        canvas.show(page, history: history)
        canvas.undo()
        XCTAssertEqual(canvas.page.items.count, 3, "nothing removed")
        XCTAssertEqual(canvas.page.items[1].stroke?.samples[0].position.x, 0, "the move undone")
        XCTAssertEqual(said, ["Undid: stroke moved"])
        guard case let .undo(kept)? = saved.changes.last else { return XCTFail("the notebook is told of the undo: \(saved.changes)") }
        XCTAssertEqual(kept.label, "stroke moved")
        canvas.redo()
        XCTAssertEqual(canvas.page.items[1].stroke?.samples[0].position.x, 40)
        XCTAssertEqual(said.last, "Redid: stroke moved")
        // Then back through the strokes as if just drawn, and no further.
        for remaining in [3, 2, 1, 0] {
            canvas.undo()
            XCTAssertEqual(canvas.page.items.count, remaining)
        }
        canvas.undo()
        XCTAssertTrue(canvas.page.items.isEmpty)
        XCTAssertFalse(canvas.canUndo)
        XCTAssertTrue(canvas.canRedo)
        // A page whose stored history did not read starts with none, and its first step says so.
        canvas.show(page, history: PageHistory(), startsAfresh: true)
        XCTAssertFalse(canvas.canUndo)
        drag(canvas, y: 60)
        guard case let .record(_, first, afresh)? = saved.changes.last else { return XCTFail("\(saved.changes)") }
        XCTAssertTrue(afresh)
        drag(canvas, y: 70)
        guard case let .record(_, second, again)? = saved.changes.last else { return XCTFail("\(saved.changes)") }
        XCTAssertFalse(again)
        XCTAssertGreaterThan(second, first, "each step's stamp is later than the one before")
        XCTAssertGreaterThan(first, kept.stamp)
    }

    /// A tool from outside Quire's own: one type and one registration, selected by its id.
    final class DotTool: Tool {
        let id = ToolID("dot")
        var isActive = false
        func begin(_ input: ToolInput, in context: ToolContext) { isActive = true }
        func move(_ input: ToolInput, in context: ToolContext) {}
        func end(_ input: ToolInput?, in context: ToolContext) {
            isActive = false
            if let input { Self.dot(at: input, by: id, in: context) }
        }
        func cancel(in context: ToolContext) { isActive = false }

        /// Puts a one-sample stroke where `input` is, in tool `id`'s colour, as one edit.
        static func dot(at input: ToolInput, by id: ToolID, in context: ToolContext) {
            let dot = Stroke(samples: [input.sample], style: context.registry.style(for: .pen, color: .rgb(context.color(id))))
            context.editor.apply(context.editor.page.adding(dot))
        }
    }

    func testAToolIsOneTypeAndARegistration() {
        let tools = ToolRegistry.standard
        tools.register(DotTool())
        let canvas = CanvasController(tools: tools)
        canvas.select(ToolID("dot"))
        XCTAssertEqual(canvas.tool, ToolID("dot"))
        canvas.select(ToolID("no-such-tool"))
        XCTAssertEqual(canvas.tool, ToolID("dot"), "an unknown tool is not selected")
        _ = canvas.handle(.pointerDown(InputSample(position: Point(5, 5), time: 0), button: 1))
        XCTAssertTrue(canvas.isDrawing)
        _ = canvas.handle(.pointerUp(InputSample(position: Point(7, 9), time: 0.1), button: 1))
        XCTAssertEqual(canvas.page.strokes.map(\.samples.count), [1])
        XCTAssertEqual(canvas.page.strokes.first?.samples.first?.position, Point(7, 9))
        guard case .edit(.insert)? = canvas.takeRenderWork().last else { return XCTFail("the dot reaches the renderer") }
        canvas.undo()
        XCTAssertTrue(canvas.page.items.isEmpty)
    }

    /// A tool is given its samples on the page, whatever the view (panned here): what lies under the
    /// pointer is found from them.
    func testToolsAreGivenSamplesOnThePageToFindWhatLiesUnderThePointer() {
        final class Probe: Tool {
            let id = ToolID("probe")
            var isActive = false
            var seen: [ItemID?] = []
            func begin(_ input: ToolInput, in context: ToolContext) {
                seen.append(context.editor.page.topItem(at: input.sample.position))
                isActive = true
            }
            func move(_ input: ToolInput, in context: ToolContext) {}
            func end(_ input: ToolInput?, in context: ToolContext) { isActive = false }
            func cancel(in context: ToolContext) { isActive = false }
        }
        let probe = Probe()
        let tools = ToolRegistry.standard
        tools.register(probe)
        let canvas = CanvasController(tools: tools)
        drag(canvas, y: 40)
        canvas.select(probe.id)
        var view = PageView()
        view.pan(by: Point(100, 0))
        canvas.view = view
        _ = canvas.handle(.pointerDown(InputSample(position: Point(125, 40), time: 1), button: 1))
        _ = canvas.handle(.pointerUp(InputSample(position: Point(125, 40), time: 1.1), button: 1))
        _ = canvas.handle(.pointerDown(InputSample(position: Point(125, 90), time: 2), button: 1))
        _ = canvas.handle(.pointerUp(InputSample(position: Point(125, 90), time: 2.1), button: 1))
        XCTAssertEqual(probe.seen, [canvas.page.items[0].id, nil])
    }
}

extension PageEditorTests {
    /// A sample whose position, time or pressure is not a finite number (a damaged input log) is passed
    /// over: the stroke keeps its good samples and can be stored.
    func testNonFiniteSamplesArePassedOver() {
        let canvas = CanvasController()
        _ = canvas.handle(.pointerDown(InputSample(position: Point(.nan, 5), time: 0), button: 1))
        _ = canvas.handle(.pointerUp(InputSample(position: Point(9, 5), time: 0.1), button: 1))
        XCTAssertTrue(canvas.page.items.isEmpty, "a stroke cannot start at NaN")
        _ = canvas.handle(.pointerDown(InputSample(position: Point(1, 5), time: 0), button: 1))
        _ = canvas.handle(.pointerMoved(InputSample(position: Point(.infinity, 5), time: 0.05)))
        _ = canvas.handle(.pointerMoved(InputSample(position: Point(4, 5), pressure: .nan, time: 0.06)))
        _ = canvas.handle(.pointerMoved(InputSample(position: Point(5, 5), time: .nan)))
        _ = canvas.handle(.pointerUp(InputSample(position: Point(9, 5), time: 0.1), button: 1))
        XCTAssertEqual(canvas.page.strokes.map { $0.samples.map(\.position.x) }, [[1, 9]])
    }
}

extension PageEditorTests {
    /// A sample far beyond any page (a million-notch scroll mid-stroke in a replayed log, issue 14) is
    /// passed over by the live stroke too: it is neither walked nor stored, and the stroke draws at once.
    func testASampleBeyondThePagesReachIsPassedOver() {
        let canvas = CanvasController()
        let started = Date()
        _ = canvas.handle(.pointerDown(InputSample(position: Point(10, 10), time: 0), button: 1))
        _ = canvas.handle(.pointerMoved(InputSample(position: Point(10, 1e8), time: 0.05)))
        _ = canvas.handle(.pointerMoved(InputSample(position: Point(10, -2e6), time: 0.06)))
        _ = canvas.handle(.pointerUp(InputSample(position: Point(20, 10), time: 0.1), button: 1))
        XCTAssertEqual(canvas.page.strokes.map { $0.samples.map(\.position.y) }, [[10, 10]])
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    }
}
