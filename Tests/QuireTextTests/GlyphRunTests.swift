import QuireImageIO
import QuireText
import XCTest

/// Text laid out on the glyph atlas covers exactly the pixels the rasterizer's image does.
final class GlyphRunTests: XCTestCase {
    private func rasterizer(atlas: GlyphAtlas = GlyphAtlas()) throws -> TextRasterizer {
        do { return try TextRasterizer(fontPath: try FontLocator.file(forFamily: FontLocator.interfaceFamily), atlas: atlas) } catch {
            if ProcessInfo.processInfo.environment["QUIRE_REQUIRE_ALL"] == "1" { throw error }
            throw XCTSkip("the interface font is missing (\(error)); Packaging/setup-debian.sh installs it")
        }
    }

    /// The run's coverage put together from its atlas pages, the darker winning where glyphs overlap
    /// (as the rasterizer joins them).
    private func coverage(of run: GlyphRun) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: run.layout.width * run.layout.height)
        for glyph in run.glyphs {
            guard let page = run.pages.first(where: { $0.id == glyph.page }) else { continue }
            for row in 0..<glyph.source.height {
                for column in 0..<glyph.source.width {
                    let value = page.coverage[(glyph.source.y + row) * page.width + glyph.source.x + column]
                    let index = (glyph.y + row) * run.layout.width + glyph.x + column
                    pixels[index] = max(pixels[index], value)
                }
            }
        }
        return pixels
    }

    func testARunCoversThePixelsTheRasterizersImageDoes() throws {
        let text = try rasterizer()
        for (line, size) in [("Quire — AVATAR, Wavy “kerning” fjord ½ é", 15.0), ("Pen — P", 26.0), ("jQ|gy", 9.5)] {
            let run = try text.run(line, size: size)
            let image = try text.render(line, size: size, color: (255, 255, 255, 255))
            XCTAssertEqual(run.layout, try text.layout(of: line, size: size))
            XCTAssertEqual(run.layout.width, image.width)
            XCTAssertEqual(coverage(of: run), (0..<image.height).flatMap { y in (0..<image.width).map { image[$0, y].a } }, line)
        }
    }

    func testLayingOutTheSameTextAgainAddsNoGlyphs() throws {
        let text = try rasterizer()
        let first = try text.run("Page 3 of 12 · 150%", size: 13)
        let count = text.atlas.count, versions = text.atlas.pages.map(\.version)
        let second = try text.run("Page 3 of 12 · 150%", size: 13)
        XCTAssertEqual(text.atlas.count, count)
        XCTAssertEqual(text.atlas.pages.map(\.version), versions)
        XCTAssertEqual(first.glyphs, second.glyphs)
        // "Page 3 of 12 · 150%": 16 distinct glyphs with ink (the space has none).
        XCTAssertEqual(count, Set("Page3of12·150%".unicodeScalars).count)
        _ = try text.run("Page 3 of 12 · 150%", size: 26)
        XCTAssertEqual(text.atlas.count, 2 * count, "twice the size is another set of glyphs")
    }

    func testACutRunMatchesTheCutImageAndARunLargerThanTheAtlasKeepsWhatFits() throws {
        let text = try rasterizer()
        let long = String(repeating: "The notebook could not be saved. ", count: 8)
        let run = try text.run(long, size: 15, maximumWidth: 300)
        let image = try text.render(long, size: 15, color: (0, 0, 0, 255), maximumWidth: 300)
        XCTAssertLessThanOrEqual(run.layout.width, 300)
        XCTAssertEqual(run.layout.width, image.width)

        // An atlas of one small page cannot hold every glyph of a large line: the run keeps those on
        // the page it ends with, and nothing traps or loops.
        let tiny = try rasterizer(atlas: GlyphAtlas(pageWidth: 64, initialPageHeight: 16, maximumPageHeight: 64, maximumPages: 1))
        let big = try tiny.run("ABCDEFGHIJ", size: 40)
        XCTAssertLessThan(big.glyphs.count, 10)
        XCTAssertFalse(big.glyphs.isEmpty)
        XCTAssertEqual(big.pages.count, 1)
        XCTAssertTrue(big.glyphs.allSatisfy { $0.page == big.pages[0].id })
        XCTAssertGreaterThan(tiny.atlas.resets, 0)
    }
}
