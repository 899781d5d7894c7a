import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
@testable import QuirePDF
import XCTest

/// Text boxes written as PDF text: poppler reads the words back (what a viewer selects and finds), the
/// font is embedded, and the glyphs are drawn where the box is, in its colour.
final class PDFTextExportTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }

    func testTextBoxesAreRealTextWithTheFontEmbeddedDrawnWhereTheBoxIs() throws {
        var page = Page(size: .letter)
        try page.apply(page.adding([
            PageItem(.text(TextItem(text: "Thermodynamics, lecture 3\nEntropy always grows — ΔS ≥ 0", origin: Point(100, 150),
                                    fontSize: 24, color: InkColor(red: 0.8, green: 0.1, blue: 0.1)))),
            PageItem(.text(TextItem(text: "", origin: Point(100, 400)))),
        ]))
        let path = try ExportPages.writePDF([page], blobs: [:])
        paths.append(path)
        let document = try PDFDocument(contentsOf: path)
        let text = document.text(ofPage: 0)
        XCTAssertTrue(text.contains("Thermodynamics, lecture 3"), "read back: \(text)")
        XCTAssertTrue(text.contains("Entropy always grows — ΔS ≥ 0"), "the second line, its symbols too: \(text)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let file = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(file.contains("/FontFile"), "the font is embedded")
        // Red glyphs below and to the right of the origin's baseline start, none above the first line.
        let image = try document.render(page: 0, scale: 1 / PDFExportWriter.pointsPerPixel)
        var red = 0, above = 0
        for y in 100..<230 {
            for x in 95..<500 {
                let p = image[x, y]
                guard p.r > 150, p.g < 120 else { continue }
                if y < 125 { above += 1 } else { red += 1 }
            }
        }
        XCTAssertGreaterThan(red, 400, "the words are drawn in red")
        XCTAssertEqual(above, 0, "nothing above the first line's ascender")
    }

    func testTurnedAndWrappedBoxesAreTextWhereTheyAreDrawn() throws {
        var page = Page(size: .letter)
        try page.apply(page.adding([
            PageItem(.text(TextItem(text: "Downward heading", origin: Point(600, 100), fontSize: 30,
                                    color: InkColor(red: 0.1, green: 0.1, blue: 0.9), angle: .pi / 2))),
            PageItem(.text(TextItem(text: "alpha beta gamma delta epsilon zeta", origin: Point(100, 150), fontSize: 20, wrapWidth: 130))),
        ]))
        let path = try ExportPages.writePDF([page], blobs: [:])
        paths.append(path)
        let document = try PDFDocument(contentsOf: path)
        let text = document.text(ofPage: 0)
        XCTAssertTrue(text.contains("Downward heading"), "turned text is text: \(text)")
        // The wrapped box's words, on lines of their own as the window breaks them.
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertFalse(lines.contains { $0.contains("alpha beta gamma delta") }, "wrapped: \(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("alpha") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasSuffix("zeta") }, "\(lines)")
        // Blue glyphs run down the page below the turned box's origin (their tops to the right of the
        // baseline, which runs down the page at x = 600; descenders a little left of it), and none run
        // across from it.
        let image = try document.render(page: 0, scale: 1 / PDFExportWriter.pointsPerPixel)
        var down = 0, across = 0
        for y in 80..<450 {
            for x in 560..<816 where image[x, y].b > 150 && image[x, y].r < 100 {
                if x >= 588 && x < 640 && y > 98 { down += 1 } else { across += 1 }
            }
        }
        XCTAssertGreaterThan(down, 300, "drawn turned")
        XCTAssertEqual(across, 0, "nothing drawn level")
    }
}
