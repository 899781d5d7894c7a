import QuireInk
@testable import QuireRender
import XCTest

/// Strokes alike in style whose sprites lie side by side on the GPU are gathered into one draw; another
/// style, a gap, another buffer or another layout ends the run, handed back to be drawn.
final class SpriteRunTests: XCTestCase {
    private let ink = StrokeRenderStyle(blendMode: .normal, layerOpacity: 1, brush: .softRound)
    private let eraser = StrokeRenderStyle(blendMode: .erase, layerOpacity: 1, brush: .softRound)

    private func span(chunk: Int = 0, first: Int, count: Int) -> SpriteSpan {
        SpriteSpan(chunk: chunk, first: first, count: count, largest: Float(count), sharedColor: nil)
    }

    func testNeighboursAlikeJoinAndAnythingElseEndsTheRun() throws {
        var run = SpriteRun()
        XCTAssertNil(run.take(), "nothing gathered, nothing to draw")
        XCTAssertNil(run.add(span(first: 0, count: 3), style: ink))
        XCTAssertNil(run.add(span(first: 6, count: 2), style: ink), "right after it: joined")
        let afterStyle = try XCTUnwrap(run.add(span(first: 10, count: 1), style: eraser), "another style")
        XCTAssertEqual(afterStyle.0, SpriteSpan(chunk: 0, first: 0, count: 5, largest: 3, sharedColor: nil))
        XCTAssertEqual(afterStyle.1, ink)
        let afterGap = try XCTUnwrap(run.add(span(first: 20, count: 4), style: eraser), "not right after it")
        XCTAssertEqual(afterGap.0, span(first: 10, count: 1))
        let afterChunk = try XCTUnwrap(run.add(span(chunk: 1, first: 28, count: 1), style: eraser), "another buffer")
        XCTAssertEqual(afterChunk.0, span(first: 20, count: 4))
        let last = try XCTUnwrap(run.take())
        XCTAssertEqual(last.0, span(chunk: 1, first: 28, count: 1))
        XCTAssertEqual(last.1, eraser)
        XCTAssertNil(run.take(), "taken: empty again")
    }
}
