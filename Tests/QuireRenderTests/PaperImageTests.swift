import QuireGeometry
import QuireImageIO
import QuireInk
@testable import QuireRender
import QuireTestSupport
import XCTest

/// A picture printed on the paper (a PDF page): under every item, kept by erasers, in every way a page
/// is drawn — the window at 1:1 and zoomed (scaled while tiles sharpen, and sharp), exports whole and
/// in tiles, with and without an eraser on the page.
final class PaperImageTests: HeadlessGLTestCase {
    private typealias F = ItemFixtures

    /// A 200 × 200 page printed blue over (40, 40)–(160, 160), with black ink across it at y = 100
    /// and an eraser over the ink from x = 60 to 140.
    private let items: [RenderItem] = [.stroke(F.line(Point(20, 100), Point(180, 100), diameter: 8)),
                                       .stroke(F.line(Point(60, 100), Point(140, 100), diameter: 16, style: F.eraser))]

    private let print = SceneImage(imageKey: "pdf-page", image: F.solid(30, 50, 230),
                                   corners: Quadrilateral(Rect(x: 40, y: 40, width: 120, height: 120)))

    private func renderer() throws -> PageRenderer {
        let renderer = try PageRenderer(pageWidth: 200, pageHeight: 200)
        renderer.load(items)
        renderer.paperImage = print
        return renderer
    }

    private func assertPage(_ image: RGBAImage, scale: Int, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        func at(_ x: Int, _ y: Int) -> RGBAImage.Pixel { image[x * scale, y * scale] }
        let blue: (RGBAImage.Pixel) -> Bool = { $0.b > 200 && $0.r < 60 && $0.g < 80 }
        XCTAssertTrue(blue(at(100, 100)), "\(what): printed blue where ink was erased: \(at(100, 100)) \(image.saveForInspection(named: what))",
                      file: file, line: line)
        XCTAssertTrue(blue(at(50, 60)), "\(what): printed blue: \(at(50, 60))", file: file, line: line)
        XCTAssertTrue(at(150, 100).luma < 60, "\(what): ink over the print: \(at(150, 100))", file: file, line: line)
        XCTAssertTrue(at(25, 100).luma < 60, "\(what): ink on plain paper: \(at(25, 100))", file: file, line: line)
        XCTAssertTrue(at(20, 20).luma > 245, "\(what): paper: \(at(20, 20))", file: file, line: line)
    }

    func testThePrintShowsUnderInkAndErasersNeverTakeItInTheWindow() throws {
        let renderer = try renderer()
        let window = try RenderTarget(width: 200, height: 200)
        renderer.drawView(width: 200, height: 200, pageToWindow: .identity, into: window)
        renderer.finishSharpening()
        renderer.drawView(width: 200, height: 200, pageToWindow: .identity, into: window)
        assertPage(window.readPixels(), scale: 1, "view-1x")

        let zoomed = try RenderTarget(width: 400, height: 400)
        renderer.sharpenBudget = 0
        renderer.drawView(width: 400, height: 400, pageToWindow: .scale(2, 2), into: zoomed)
        assertPage(zoomed.readPixels(), scale: 2, "view-2x-scaled")
        renderer.finishSharpening()
        renderer.drawView(width: 400, height: 400, pageToWindow: .scale(2, 2), into: zoomed)
        assertPage(zoomed.readPixels(), scale: 2, "view-2x-sharp")
        assertPage(try renderer.renderPageImage(scale: 1), scale: 1, "page-image-1x")
        assertPage(try renderer.renderPageImage(scale: 2), scale: 2, "page-image-2x")
    }

    func testExportsPrintItWholeAndInTiles() throws {
        let renderer = try PageBandRenderer(pageWidth: 200, pageHeight: 200)
        renderer.load(items)
        renderer.paperImage = print
        for tileLimit in [512, 90] {
            let tiling = ExportTiling(width: 400, height: 400, tileLimit: tileLimit)
            let ring = PixelBufferRing(count: 1, usesPixelBuffers: false)
            var rows = [UInt8](repeating: 0, count: 400 * 400 * 4)
            for band in tiling.bands {
                let slot = ring.acquire(bytes: band.count * 400 * 4)
                try renderer.readBand(band, of: tiling, scale: 2, into: slot, ring: ring)
                try ring.map(slot)
                // Bottom row first: band row r is image row band.upperBound − 1 − r.
                let bytes = UnsafeRawBufferPointer(start: slot.bytes, count: slot.count)
                for r in 0..<band.count {
                    let y = band.upperBound - 1 - r
                    for i in 0..<(400 * 4) { rows[y * 400 * 4 + i] = bytes[r * 400 * 4 + i] }
                }
                ring.release(slot)
            }
            ring.drain()
            assertPage(RGBAImage(width: 400, height: 400, pixels: rows), scale: 2, "export-tiles-\(tileLimit)")
        }
    }

    func testChangingThePrintRedrawsTheView() throws {
        let renderer = try renderer()
        let window = try RenderTarget(width: 200, height: 200)
        renderer.drawView(width: 200, height: 200, pageToWindow: .identity, into: window)
        renderer.finishSharpening()
        renderer.paperImage = nil
        renderer.finishSharpening()
        renderer.drawView(width: 200, height: 200, pageToWindow: .identity, into: window)
        let plain = window.readPixels()
        XCTAssertTrue(plain[100, 100].luma > 245, "the print is gone: \(plain[100, 100])")
        XCTAssertTrue(plain[150, 100].luma < 60, "the ink stays")
    }
}
