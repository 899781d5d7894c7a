import QuireDocument
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
