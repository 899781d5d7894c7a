import QuireDocument
import Foundation
import QuireGeometry
import QuireTestSupport
import XCTest
@testable import QuireText

/// What `PageTextFonts` keeps stays within its stated bounds however many boxes are drawn and laid out.
final class PageTextFontsBoundsTests: XCTestCase {
    func testDrawingsLinesAndMeasuresStayWithinTheirBounds() throws {
        // Small bounds, so that a few boxes pass them (the defaults: 64 MB, 32 MB, 2,000,000 stops).
        let fonts = PageTextFonts(bounds: (drawingBytes: 1 << 20, lineBytes: 512 << 10, stops: 5_000))
        if let problem = fonts.problem(family: "sans-serif") { try Requirement.unmet("a font for text boxes: \(problem)") }
        // 30 distinct boxes of three lines of about 130 characters, 16 px at 2× (each about 300 KB drawn whole).
        var largest = 0
        for k in 0..<30 {
            let text = (0..<3).map { "box \(k) line \($0) " + String(repeating: "wide words ", count: 11) }.joined(separator: "\n")
            let item = TextItem(text: text, origin: Point(10, 60), fontSize: 16)
            largest = max(largest, try XCTUnwrap(fonts.image(of: item, detail: 2)).image.pixels.count)
            XCTAssertNotNil(fonts.lineImages(of: item, detail: 2))
            XCTAssertNotNil(fonts.layout(of: item))
            XCTAssertLessThanOrEqual(fonts.drawingBytes, (1 << 20) + largest, "after box \(k)")
            XCTAssertLessThanOrEqual(fonts.lineBytes, 512 << 10)
            XCTAssertLessThanOrEqual(fonts.measuredStops, 5_000 + 3 * 200)
        }
        XCTAssertGreaterThan(fonts.drawingBytes, 512 << 10, "drawings are kept up to the bound")
    }
}

/// A wrapped, turned box laid out by FreeType: every caret offset maps to a shown line and back, the
/// lines fit the width, and the box's corners turn with it.
final class PageTextLayoutTests: XCTestCase {
    func testOffsetsMapToShownLinesAndBackAndTheBoxTurns() throws {
        let fonts = PageTextFonts()
        if let problem = fonts.problem(family: "sans-serif") { try Requirement.unmet("a font for text boxes: \(problem)") }
        let text = "The quick brown fox jumps over the lazy dog.\nPack my box with five dozen liquor jugs, supercalifragilisticexpialidocious."
        let item = TextItem(text: text, origin: Point(200, 300), fontSize: 18, angle: .pi / 6, wrapWidth: 120)
        let layout = try XCTUnwrap(fonts.layout(of: item))
        XCTAssertGreaterThan(layout.lines.count, 6, "\(layout.lines)")
        XCTAssertEqual(layout.lines.joined(), text.replacingOccurrences(of: "\n", with: ""), "every character shown once")
        for offset in 0...text.count {
            let (line, column) = layout.position(ofOffset: offset)
            let back = layout.offset(line: line, column: column)
            // Past a wrapped line's hanging space is the next line's start: the same place for a caret.
            XCTAssertTrue(back == offset || (layout.wrapped[line] && back == offset - 1 && column == layout.lines[line].count),
                          "offset \(offset) → \(line):\(column) → \(back)")
        }
        for (index, stops) in layout.caretStops.enumerated() where layout.wrapped[index] {
            let line = layout.lines[index]
            let inked = line.count - (line.hasSuffix(" ") ? 1 : 0)
            // A word longer than the box is broken between characters; any other line fits.
            XCTAssertLessThanOrEqual(stops[inked], 120 + 1, "\(line)")
        }
        // Its upper left corner is an ascender above the origin, across the turned baseline.
        let corners = layout.corners
        let up = Point(sin(item.angle), -cos(item.angle)) * layout.ascender
        XCTAssertEqual(corners.upperLeft.x, 200 + up.x, accuracy: 1e-9)
        XCTAssertEqual(corners.upperLeft.y, 300 + up.y, accuracy: 1e-9)
        XCTAssertEqual(corners.upperLeft.distance(to: corners.upperRight), 120, accuracy: 1e-9, "as wide as the wrap width")
        // A point on the second line, on the page, is found there.
        let onSecond = layout.localToPage.apply(Point(5, layout.caret(line: 1, column: 0).top + layout.lineHeight / 2))
        XCTAssertEqual(layout.position(nearest: onSecond).line, 1)
        XCTAssertTrue(layout.contains(onSecond, outset: 0))
        XCTAssertFalse(layout.contains(Point(200 + 150, 300), outset: 0), "level of the origin lies outside the turned box")
    }
}
