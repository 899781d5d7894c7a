import QuireImageIO
import QuireText
import XCTest

final class TextRasterizerTests: XCTestCase {
    private func rasterizer() throws -> TextRasterizer {
        do { return try TextRasterizer() } catch {
            throw XCTSkip("the interface font is missing (\(error)); Packaging/setup-debian.sh installs it")
        }
    }

    private func inkedColumns(_ image: RGBAImage) -> [Int] {
        (0..<image.width).filter { x in (0..<image.height).contains { image[x, $0].a > 64 } }
    }

    func testFontconfigFindsTheInterfaceFont() throws {
        let path = try FontLocator.file(forFamily: FontLocator.interfaceFamily)
        XCTAssertTrue(path.hasSuffix("DejaVuSans.ttf"), path)
    }

    func testTextIsDrawnInItsColourOnTransparencyAndScalesWithSize() throws {
        let text = try rasterizer()
        let small = try text.render("Quire", size: 14, color: (200, 30, 40, 255))
        let large = try text.render("Quire", size: 28, color: (200, 30, 40, 255))
        // A line is as tall as the font's ascender + descender (DejaVu: about 1.17 em).
        XCTAssertEqual(Double(small.height), 14 * 1.17, accuracy: 2.5)
        XCTAssertEqual(Double(large.height), 28 * 1.17, accuracy: 2.5)
        XCTAssertEqual(Double(large.width) / Double(small.width), 2, accuracy: 0.15)
        // Solid ink pixels carry the colour; the rest is transparent.
        let solid = (0..<large.height).flatMap { y in (0..<large.width).map { large[$0, y] } }.filter { $0.a == 255 }
        XCTAssertGreaterThan(solid.count, 60)
        XCTAssertTrue(solid.allSatisfy { $0.r == 200 && $0.g == 30 && $0.b == 40 })
        XCTAssertEqual(small[0, 0].a, 0)
    }

    func testFiveLettersMakeFiveSeparateInkedRunsAndWordsKeepTheirGap() throws {
        let text = try rasterizer()
        let image = try text.render("l l l", size: 20, color: (0, 0, 0, 255))
        var runs = 0, previous = -2
        for x in inkedColumns(image) {
            if x != previous + 1 { runs += 1 }
            previous = x
        }
        XCTAssertEqual(runs, 3, "three strokes of 'l', spaces between them")
    }

    func testKerningDrawsAVCloserThanAVWithoutIt() throws {
        let text = try rasterizer()
        // DejaVu Sans kerns "AV"; "A" then "V" measured apart add up to more.
        let pair = try text.layout(of: "AV", size: 40).width
        let apart = try text.layout(of: "A", size: 40).width + text.layout(of: "V", size: 40).width
        XCTAssertLessThan(pair, apart - 1)
    }

    func testUTF8BeyondASCIIIsDrawn() throws {
        let text = try rasterizer()
        let image = try text.render("Größe ½ — ✓", size: 20, color: (0, 0, 0, 255))
        XCTAssertGreaterThan(inkedColumns(image).count, 60)
    }

    func testBadSizesAreRefusedAndLongTextIsCut() throws {
        let text = try rasterizer()
        for size in [0, -3, 1e9, .nan, .infinity] {
            XCTAssertThrowsError(try text.render("x", size: size, color: (0, 0, 0, 255)))
        }
        let long = try text.render(String(repeating: "W", count: 50_000), size: 12, color: (0, 0, 0, 255))
        XCTAssertLessThanOrEqual(long.width, TextRasterizer.maximumWidth)
        XCTAssertThrowsError(try TextRasterizer(fontPath: "/nonexistent/font.ttf")) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/font.ttf"))
        }
    }
}
