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

    func testSpritesReachTheRendererOnceAndCoverTheWholeDrag() {
        let canvas = CanvasController()
        _ = canvas.handle(.pointerDown(sample(0, 0), button: 1))
        _ = canvas.handle(.pointerMoved(sample(100, 0)))
        XCTAssertTrue(canvas.needsRedraw)
        let first = canvas.takeSpritesForRenderer()
        XCTAssertFalse(canvas.needsRedraw)
        XCTAssertEqual(first.first?.x, 0)
        XCTAssertEqual(Double(first.last!.x), 100, accuracy: 1)
        XCTAssertTrue(canvas.takeSpritesForRenderer().isEmpty, "sprites are handed over once")
        _ = canvas.handle(.pointerMoved(sample(100, 50)))
        let second = canvas.takeSpritesForRenderer()
        XCTAssertEqual(Double(second.last!.y), 50, accuracy: 1)
    }

    func testMovingWithoutAButtonDrawsNothing() {
        let canvas = CanvasController()
        _ = canvas.takeSpritesForRenderer()
        _ = canvas.handle(.pointerMoved(sample(5, 5)))
        _ = canvas.handle(.pointerMoved(sample(50, 50)))
        XCTAssertTrue(canvas.takeSpritesForRenderer().isEmpty)
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
        _ = canvas.takeSpritesForRenderer()
        XCTAssertFalse(canvas.needsRedraw)
        _ = canvas.handle(.resized(width: 500, height: 400))
        XCTAssertTrue(canvas.needsRedraw)
        _ = canvas.takeSpritesForRenderer()
        _ = canvas.handle(.exposed)
        XCTAssertTrue(canvas.needsRedraw)
    }
}
