import Foundation
import QuireImageIO
import QuirePDF
import XCTest

/// An imported PDF page exported again as PDF or SVG stays vectors: its shapes drawn by poppler onto
/// the export (no picture of it), under the ink, at its place and size.
final class PDFBackgroundExportTests: XCTestCase {
    private var library = ""

    override func setUpWithError() throws {
        library = NSTemporaryDirectory() + "quire-pdf-again-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: library)
    }

    func testAnImportedPDFPageIsExportedAsVectorsAtItsPlace() throws {
        let source = library + "/paper.pdf"
        try SamplePDF.write([SamplePDF.Page(width: 612, height: 792, box: (300, 400, 100, 100), color: (0.9, 0.1, 0.1)),
                             SamplePDF.Page(width: 842, height: 595, box: (72, 72, 144, 72), color: (0.1, 0.2, 0.9))], to: source)
        _ = try runQuire(["new", "Reading"], library: library)
        _ = try runQuire(["import", "Reading", source], library: library)
        let out = library + "/out.pdf"
        _ = try runQuire(["export", "Reading", "--pdf", out, "--pages", "2-3"], library: library)
        let exported = try PDFDocument(contentsOf: out)
        XCTAssertEqual(exported.pageCount, 2)
        XCTAssertEqual(exported.pageSizes[1].width, 842, accuracy: 0.5, "the landscape page keeps its size")
        // The red square of the PDF's first page, where it was: (300…400, 400…500) pt.
        let first = try exported.render(page: 0, scale: 1)
        XCTAssertGreaterThan(first[350, 450].r, 200)
        XCTAssertLessThan(first[350, 450].g, 60)
        XCTAssertEqual(first[250, 450], RGBAImage.Pixel(r: 255, g: 255, b: 255, a: 255), "paper beside it")
        let second = try exported.render(page: 1, scale: 1)
        XCTAssertGreaterThan(second[144, 108].b, 200, "the blue box of the landscape page")
        // Vectors, not a picture of the page: the file holds no image at all.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        XCTAssertNil(bytes.range(of: Data("/Subtype /Image".utf8)), "the PDF page was turned into pixels")

        let svg = library + "/svg"
        _ = try runQuire(["export", "Reading", "--svg", svg, "--pages", "2"], library: library)
        let text = try String(contentsOfFile: svg + "/page-002.svg", encoding: .utf8)
        XCTAssertFalse(text.contains("<image"), "the SVG holds a picture of the PDF page")
        // cairo writes the square's fill as a vector path in the PDF's own red (0.9, 0.1, 0.1).
        XCTAssertTrue(text.contains("fill:rgb(89.99"), "the red square is not a vector shape")
    }
}
