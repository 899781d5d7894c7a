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
}
