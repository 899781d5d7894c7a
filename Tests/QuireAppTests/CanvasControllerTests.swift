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

    private func sprites(in work: [InkRenderWork]) -> [Sprite] {
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
        XCTAssertEqual(second.last, .endStroke)
        XCTAssertEqual(Double(sprites(in: second).last!.x), 100, accuracy: 1)
        XCTAssertTrue(canvas.provisionalSprites.isEmpty)
    }

    func testKeysSwitchToolsAndColoursAndTheStrokeKeepsThem() {
        let canvas = CanvasController()
        XCTAssertEqual(canvas.tool, .pen)
        for (key, tool) in [("m", InkTool.marker), ("h", .highlighter), ("e", .eraser), ("p", .pen)] {
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
        canvas.pageToWindow = .translation(100, 50)
        _ = canvas.handle(.pointerDown(sample(110, 60), button: 1))
        _ = canvas.handle(.pointerUp(sample(120, 60), button: 1))
        XCTAssertEqual(canvas.page.strokes[0].samples.first?.position, Point(10, 10))
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
