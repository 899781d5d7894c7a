import QuireText
import XCTest

final class GlyphAtlasTests: XCTestCase {
    private func key(_ glyph: UInt32, size: Double = 13) -> GlyphAtlas.Key {
        GlyphAtlas.Key(font: "/fonts/Test.ttf", size: size, glyph: glyph)
    }

    /// A glyph whose every pixel says where it is, so a copy in the wrong place shows.
    private func coverage(_ width: Int, _ rows: Int, seed: Int) -> [UInt8] {
        (0..<width * rows).map { UInt8(truncatingIfNeeded: $0 * 7 + seed * 31 + 1) | 1 }
    }

    func testAGlyphIsCopiedOnceAndItsPixelsLieInItsSlot() throws {
        let atlas = GlyphAtlas(pageWidth: 64, initialPageHeight: 16, maximumPageHeight: 64, maximumPages: 2)
        let pixels = coverage(9, 12, seed: 3)
        let entry = try XCTUnwrap(atlas.add(key(36), width: 9, rows: 12, coverage: pixels))
        let page = try XCTUnwrap(atlas.page(id: entry.page))
        XCTAssertEqual(page.coverage.count, page.width * page.height)
        for row in 0..<12 {
            for column in 0..<9 {
                XCTAssertEqual(page.coverage[(entry.slot.y + row) * page.width + entry.slot.x + column], pixels[row * 9 + column])
            }
        }
        let version = page.version
        XCTAssertEqual(atlas.add(key(36), width: 9, rows: 12, coverage: pixels), entry, "held: not added again")
        XCTAssertEqual(atlas.entry(for: key(36)), entry)
        XCTAssertEqual(atlas.page(id: entry.page)?.version, version, "the page did not change")
        XCTAssertEqual(atlas.count, 1)
        XCTAssertNil(atlas.entry(for: key(36, size: 26)), "another size is another glyph")
        XCTAssertNotEqual(atlas.add(key(36, size: 26), width: 9, rows: 12, coverage: pixels), entry)
        XCTAssertEqual(atlas.count, 2)
    }

    func testAFullPageOpensAnotherAndAFullAtlasStartsAgainOnNewPages() throws {
        let atlas = GlyphAtlas(pageWidth: 32, initialPageHeight: 16, maximumPageHeight: 32, maximumPages: 2)
        // 15×15 glyphs (16×16 with padding): four to a page.
        var entries: [GlyphAtlas.Entry] = []
        for glyph in 0..<8 {
            entries.append(try XCTUnwrap(atlas.add(key(UInt32(glyph)), width: 15, rows: 15, coverage: coverage(15, 15, seed: glyph))))
        }
        XCTAssertEqual(Set(entries.map(\.page)).count, 2)
        XCTAssertEqual(atlas.pages.count, 2)
        XCTAssertEqual(atlas.pages.map(\.height), [32, 32], "each page grew to its largest")
        XCTAssertEqual(atlas.resets, 0)
        let oldIDs = Set(atlas.pages.map(\.id))
        let ninth = try XCTUnwrap(atlas.add(key(8), width: 15, rows: 15, coverage: coverage(15, 15, seed: 8)))
        XCTAssertEqual(atlas.resets, 1)
        XCTAssertEqual(atlas.pages.count, 1, "everything was dropped for the new glyph")
        XCTAssertFalse(oldIDs.contains(ninth.page), "a new page never takes an old one's id")
        XCTAssertEqual(atlas.count, 1)
        XCTAssertNil(atlas.entry(for: key(0)))
        XCTAssertLessThanOrEqual(atlas.pages.reduce(0) { $0 + $1.coverage.count }, 2 * 32 * 32)
    }

    func testGlyphsLargerThanAPageOrEmptyOrWithWrongPixelsAreRefused() {
        let atlas = GlyphAtlas(pageWidth: 32, initialPageHeight: 16, maximumPageHeight: 32, maximumPages: 2)
        XCTAssertNil(atlas.add(key(1), width: 40, rows: 5, coverage: coverage(40, 5, seed: 1)))
        XCTAssertNil(atlas.add(key(2), width: 0, rows: 0, coverage: []))
        XCTAssertNil(atlas.add(key(3), width: 4, rows: 4, coverage: coverage(4, 3, seed: 1)))
        XCTAssertEqual(atlas.count, 0)
        XCTAssertTrue(atlas.pages.isEmpty)
    }
}
