import QuireDocument
import QuireGeometry
import QuireInk
import QuireX11
import XCTest
@testable import QuireApp

/// The canvas logic alone: no X server, no GL.
final class CanvasControllerTests: XCTestCase {
    private func sample(_ x: Double, _ y: Double, _ t: Double = 0) -> InputSample {
        InputSample(position: Point(x, y), time: t)
    }

    func testADragBecomesOneStrokeWithEverySample() {
        let canvas = CanvasController()
        _ = canvas.handle(.pointerDown(sample(10, 10), button: 1))
        for i in 1...50 { _ = canvas.handle(.pointerMoved(sample(10 + Double(i) * 3, 10, Double(i)))) }
        XCTAssertTrue(canvas.isDrawing)
        _ = canvas.handle(.pointerUp(sample(160, 10, 51), button: 1))
        XCTAssertFalse(canvas.isDrawing)
        XCTAssertEqual(canvas.page.strokes.count, 1)
        // Down, 50 moves and the release: 52 samples, none dropped or merged.
        XCTAssertEqual(canvas.page.strokes[0].samples.count, 52)
        XCTAssertEqual(canvas.page.strokes[0].samples.last?.position, Point(160, 10))
    }

    private func sprites(in work: [RenderWork]) -> [Sprite] {
        work.flatMap { item -> [Sprite] in
            if case let .sprites(s) = item { return s }
            return []
        }
    }

    func testRenderWorkReachesTheRendererOnceInStrokeOrder() {
        let canvas = CanvasController()
        _ = canvas.handle(.pointerDown(sample(0, 0), button: 1))
        _ = canvas.handle(.pointerMoved(sample(50, 0, 0.1)))
        XCTAssertTrue(canvas.needsRedraw)
        let first = canvas.takeRenderWork()
        XCTAssertFalse(canvas.needsRedraw)
        guard case let .beginStroke(style)? = first.first else { return XCTFail("\(first)") }
        XCTAssertEqual(style.blendMode, .normal)
        XCTAssertEqual(sprites(in: first).first?.x, 0)
        // The newest sample is on screen at once, provisionally.
        XCTAssertEqual(Double(canvas.provisionalSprites.last?.x ?? 0), 50, accuracy: 1)
        XCTAssertTrue(canvas.takeRenderWork().isEmpty, "work is handed over once")
        _ = canvas.handle(.pointerMoved(sample(100, 0, 0.2)))
        _ = canvas.handle(.pointerUp(sample(100, 0, 0.3), button: 1))
        let second = canvas.takeRenderWork()
        XCTAssertEqual(second.last, .endStroke(try XCTUnwrap(canvas.page.items.last?.id)), "kept as the page's top item, by its id")
        XCTAssertEqual(Double(sprites(in: second).last!.x), 100, accuracy: 1)
        XCTAssertTrue(canvas.provisionalSprites.isEmpty)
    }

    func testKeysSwitchToolsAndColoursAndTheStrokeKeepsThem() {
        let canvas = CanvasController()
        XCTAssertEqual(canvas.tool, .pen)
        for (key, tool) in [("m", ToolID.marker), ("h", .highlighter), ("e", .eraser), ("p", .pen)] {
            _ = canvas.handle(.key(KeyInput(keysym: UInt(key.unicodeScalars.first!.value), text: key)))
            XCTAssertEqual(canvas.tool, tool)
        }
        _ = canvas.handle(.key(KeyInput(keysym: 0x33, text: "3")))
        XCTAssertEqual(canvas.color, Palette.colors[2])
        _ = canvas.handle(.key(KeyInput(keysym: 0x68, text: "h")))
        XCTAssertEqual(canvas.color, Palette.colors[4], "the highlighter keeps its own colour")
        _ = canvas.handle(.pointerDown(sample(0, 0), button: 1))
        _ = canvas.handle(.key(KeyInput(keysym: 0x70, text: "p")))
        _ = canvas.handle(.pointerUp(sample(40, 0, 0.1), button: 1))
        XCTAssertEqual(canvas.page.strokes.last?.style.tool, .highlighter)
        XCTAssertEqual(canvas.page.strokes.last?.style.color, .rgb(Palette.colors[4]))
        guard case let .beginStroke(style)? = canvas.takeRenderWork().first else { return XCTFail() }
        XCTAssertEqual(style.blendMode, .highlight)
        XCTAssertLessThan(style.layerOpacity, 1)
    }

    func testMovingWithoutAButtonDrawsNothing() {
        let canvas = CanvasController()
        _ = canvas.takeRenderWork()
        _ = canvas.handle(.pointerMoved(sample(5, 5)))
        _ = canvas.handle(.pointerMoved(sample(50, 50)))
        XCTAssertTrue(canvas.takeRenderWork().isEmpty)
        XCTAssertTrue(canvas.page.strokes.isEmpty)
    }

    func testOnlyTheFirstButtonDrawsAndOnlyItsReleaseEndsTheStroke() {
        let canvas = CanvasController()
        _ = canvas.handle(.pointerDown(sample(0, 0), button: 3))
        XCTAssertFalse(canvas.isDrawing)
        _ = canvas.handle(.pointerDown(sample(0, 0), button: 1))
        _ = canvas.handle(.pointerUp(sample(5, 0), button: 3))
        XCTAssertTrue(canvas.isDrawing)
        _ = canvas.handle(.pointerUp(sample(10, 0), button: 1))
        XCTAssertFalse(canvas.isDrawing)
        XCTAssertEqual(canvas.page.strokes.count, 1)
    }

    func testWindowPositionsAreMappedToThePage() {
        let canvas = CanvasController()
        var view = PageView()
        view.zoom(by: 2, around: .zero)
        view.pan(by: Point(100, 50))
        canvas.view = view
        _ = canvas.handle(.pointerDown(sample(120, 70), button: 1))
        _ = canvas.handle(.pointerUp(sample(140, 70), button: 1))
        XCTAssertEqual(canvas.page.strokes[0].samples.first?.position, Point(10, 10))
    }

    func testUndoAndRedoWalkThePageAndANewStrokeEndsTheRedoHistory() {
        let canvas = CanvasController()
        for y in [10.0, 20, 30] {
            _ = canvas.handle(.pointerDown(sample(0, y), button: 1))
            _ = canvas.handle(.pointerUp(sample(50, y, 0.1), button: 1))
        }
        _ = canvas.takeRenderWork()
        let ctrlZ = KeyInput(keysym: 0x7a, text: "\u{1a}", control: true)
        _ = canvas.handle(.key(ctrlZ))
        _ = canvas.handle(.key(ctrlZ))
        XCTAssertEqual(canvas.page.strokes.map { $0.samples[0].position.y }, [10])
        // Undo is the inverse edit of each stroke's insertion: the top item removed, then the next.
        let undos = canvas.takeRenderWork()
        XCTAssertEqual(undos.count, 2)
        for (work, index) in zip(undos, [2, 1]) {
            guard case let .edit(.remove(removed)) = work else { return XCTFail("\(work)") }
            XCTAssertEqual(removed.map(\.index), [index])
        }
        _ = canvas.handle(.key(KeyInput(keysym: 0x5a, text: "\u{1a}", control: true, shift: true)))
        XCTAssertEqual(canvas.page.strokes.map { $0.samples[0].position.y }, [10, 20])
        guard case let .edit(.insert(redone))? = canvas.takeRenderWork().first else { return XCTFail() }
        XCTAssertEqual(redone.map(\.index), [1])
        _ = canvas.handle(.pointerDown(sample(0, 40), button: 1))
        _ = canvas.handle(.key(ctrlZ))                                    // ignored mid-stroke
        _ = canvas.handle(.pointerUp(sample(50, 40, 0.1), button: 1))
        XCTAssertFalse(canvas.canRedo, "a new stroke ends the redo history")
        XCTAssertEqual(canvas.page.strokes.count, 3)
        for _ in 0..<10 { canvas.undo() }
        XCTAssertTrue(canvas.page.strokes.isEmpty, "undo stops at an empty page")
    }

    func testWheelPansAndControlWheelZoomsAboutThePointer() {
        let canvas = CanvasController()
        _ = canvas.handle(.scroll(dx: 0, dy: 1, at: Point(10, 10), control: false))
        XCTAssertEqual(canvas.pageToWindow.apply(.zero), Point(0, -CanvasController.scrollStep))
        canvas.view = PageView()
        let pointer = Point(300, 200)
        let under = (canvas.pageToWindow.inverted!).apply(pointer)
        _ = canvas.handle(.scroll(dx: 0, dy: -1, at: pointer, control: true))
        XCTAssertEqual(canvas.view.zoom, 1.25, accuracy: 1e-12)
        let stillUnder = canvas.pageToWindow.inverted!.apply(pointer)
        XCTAssertEqual(stillUnder.x, under.x, accuracy: 1e-9)
        XCTAssertEqual(stillUnder.y, under.y, accuracy: 1e-9)
        _ = canvas.handle(.key(KeyInput(keysym: 0x30, text: "0", control: true)))
        XCTAssertEqual(canvas.view, PageView())
    }

    func testShortcuts() {
        let canvas = CanvasController()
        XCTAssertEqual(canvas.handle(.key(KeyInput(keysym: 0x65, text: "\u{05}", control: true))), .exportPNG)
        XCTAssertEqual(canvas.handle(.key(KeyInput(keysym: 0x71, text: "\u{11}", control: true))), .quit)
        XCTAssertNil(canvas.handle(.key(KeyInput(keysym: 0x65, text: "e"))), "a plain E is not the export")
        XCTAssertEqual(canvas.handle(.closeRequested), .quit)
    }

    func testResizeAndExposeAskForARedraw() {
        let canvas = CanvasController()
        _ = canvas.takeRenderWork()
        XCTAssertFalse(canvas.needsRedraw)
        _ = canvas.handle(.resized(width: 500, height: 400))
        XCTAssertTrue(canvas.needsRedraw)
        _ = canvas.takeRenderWork()
        _ = canvas.handle(.exposed)
        XCTAssertTrue(canvas.needsRedraw)
    }
}

/// The scissors through the canvas: key S, and a pen side button set to scissors in the config file.
final class ScissorsCanvasTests: XCTestCase {
    private func photoPage() -> Page {
        Page(size: PageSize(width: 400, height: 300),
             items: [PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 100, height: 100)),
                                           transform: Homography(.translation(100, 100)))))])
    }

    private func scrapCount(_ canvas: CanvasController) -> Int {
        canvas.page.items.filter { if case .scrap = $0.content { true } else { false } }.count
    }

    private func cut(_ canvas: CanvasController, button: Int, device: InputDeviceKind) {
        func at(_ y: Double) -> InputSample { InputSample(position: Point(150, y), pressure: 0.5, time: y / 1000, device: device) }
        _ = canvas.handle(.pointerDown(at(50), button: button))
        for y in stride(from: 60.0, through: 240, by: 10) { _ = canvas.handle(.pointerMoved(at(y))) }
        _ = canvas.handle(.pointerUp(at(250), button: button))
    }

    func testSSelectsTheScissorsAndACutIsOneUndoStep() {
        let canvas = CanvasController(page: photoPage())
        _ = canvas.handle(.key(KeyInput(keysym: UInt(Character("s").unicodeScalars.first!.value), text: "s")))
        XCTAssertEqual(canvas.tool, .scissors)
        cut(canvas, button: 1, device: .mouse)
        XCTAssertEqual(scrapCount(canvas), 2)
        XCTAssertTrue(canvas.page.items.allSatisfy { $0.stroke == nil }, "no ink drawn")
        canvas.undo()
        XCTAssertEqual(scrapCount(canvas), 1)
        canvas.redo()
        XCTAssertEqual(scrapCount(canvas), 2)
    }

    func testAPenButtonSetToScissorsCutsWhateverTheTool() {
        let (settings, warnings) = InputSettings.parse("pen.lower-button = scissors\n")
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(settings.lowerPenButton, .scissors)
        let canvas = CanvasController(page: photoPage())
        canvas.settings = settings
        XCTAssertEqual(canvas.tool, .pen)
        cut(canvas, button: 2, device: .pen)
        XCTAssertEqual(scrapCount(canvas), 2, "the lower button cut")
        XCTAssertTrue(canvas.page.items.allSatisfy { $0.stroke == nil }, "and drew no ink")
    }

    /// The scissors held on a pen button show their dashed path while it is drawn, and a refused cut
    /// its red path, though the pen is the tool selected; selecting a tool shows that tool's again.
    func testAPenButtonsScissorsShowTheirPathWhileThePenIsSelected() {
        let canvas = CanvasController(page: photoPage())
        canvas.settings = InputSettings.parse("pen.lower-button = scissors\n").0
        func at(_ y: Double, x: Double = 150) -> InputSample { InputSample(position: Point(x, y), pressure: 0.5, time: y / 1000, device: .pen) }
        XCTAssertTrue(canvas.overlay.isEmpty)
        _ = canvas.handle(.pointerDown(at(50), button: 2))
        for y in stride(from: 60.0, through: 120, by: 10) { _ = canvas.handle(.pointerMoved(at(y))) }
        XCTAssertFalse(canvas.overlay.isEmpty, "the dashed path shows as it is drawn")
        _ = canvas.handle(.pointerUp(at(130), button: 2))
        XCTAssertEqual(canvas.tool, .pen)
        canvas.select(.pen)
        XCTAssertTrue(canvas.overlay.isEmpty, "the pen shows nothing over the page")
    }
}

/// One finger cuts when the scissors are the tool; a second finger turns it back into a pinch.
final class FingerScissorsTests: XCTestCase {
    private func page() -> Page {
        Page(size: PageSize(width: 400, height: 300),
             items: [PageItem(.scrap(Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 100, height: 100)),
                                           transform: Homography(.translation(100, 100)))))])
    }

    private func scrapCount(_ canvas: CanvasController) -> Int {
        canvas.page.items.filter { if case .scrap = $0.content { true } else { false } }.count
    }

    func testOneFingerCutsWithTheScissors() {
        let canvas = CanvasController(page: page())
        canvas.select(.scissors)
        _ = canvas.handle(.touchBegan(id: 7, at: Point(150, 50), time: 10))
        for y in stride(from: 60.0, through: 240, by: 10) { _ = canvas.handle(.touchMoved(id: 7, at: Point(150, y), time: 10 + y / 1000)) }
        _ = canvas.handle(.touchEnded(id: 7, at: Point(150, 250), time: 10.3))
        XCTAssertEqual(scrapCount(canvas), 2, "the finger's path cut the scrap")
    }

    func testASecondFingerDropsTheCut() {
        let canvas = CanvasController(page: page())
        canvas.select(.scissors)
        _ = canvas.handle(.touchBegan(id: 1, at: Point(150, 50), time: 10))
        _ = canvas.handle(.touchMoved(id: 1, at: Point(150, 150), time: 10.05))
        _ = canvas.handle(.touchBegan(id: 2, at: Point(300, 50), time: 10.06))
        _ = canvas.handle(.touchMoved(id: 1, at: Point(150, 250), time: 10.1))
        _ = canvas.handle(.touchEnded(id: 1, at: Point(150, 260), time: 10.2))
        _ = canvas.handle(.touchEnded(id: 2, at: Point(300, 60), time: 10.2))
        XCTAssertEqual(scrapCount(canvas), 1, "nothing was cut")
    }
}
