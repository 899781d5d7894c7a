import Foundation
@testable import QuireApp
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuirePDF
import XCTest

/// `PDFExportWriter` keeping imported PDF pages as they are: a turned, cropped page keeps its boxes with
/// the ink upright on it as on screen; of two PDFs the one most pages come from gives the outline, the
/// other's pages keep only their web links; a PDF qpdf cannot read is redrawn, and the user is told.
final class OriginalPDFPagesExportTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "quire-original-pages-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private let first = BlobID(hex: String(repeating: "a1", count: 32))!
    private let second = BlobID(hex: String(repeating: "b2", count: 32))!

    private func ink(from a: Point, to b: Point) -> PageItem {
        var style = StrokeStyle.defaults(for: .pen, color: .rgb(InkColor(red: 0.85, green: 0.1, blue: 0.1)))
        style.minimumWidth = 8
        style.maximumWidth = 8
        let steps = Int((a.distance(to: b) / 3).rounded(.up))
        let samples = (0...steps).map { step in
            InputSample(position: a + (b - a) * (Double(step) / Double(steps)), pressure: 1, time: Double(step) / 100, device: .pen)
        }
        return .stroke(Stroke(samples: samples, style: style))
    }

    /// A page as `quire import` makes it: the PDF page's shown size at 96 dpi, the PDF page filling it.
    private func importedPage(_ blob: BlobID, page: Int, width: Double, height: Double, ink: [PageItem] = []) -> Page {
        let size = PDFImport.pageSize(width: width, height: height)
        let item = PDFPageItem(document: blob, pageIndex: page, rect: Rect(x: 0, y: 0, width: size.width, height: size.height))
        return Page(size: size, items: [PageItem(.pdfPage(item))] + ink)
    }

    private func export(_ pages: [Page], to path: String, keepingOriginals: Bool = true,
                        blobs: [BlobID: [UInt8]]) throws -> [String] {
        var said: [String] = []
        let writer = try PDFExportWriter(path: path, title: "Marked", keepOriginalPages: keepingOriginals,
                                         pictures: { blobs[$0]! }, report: { said.append($0) })
        for (index, page) in pages.enumerated() { try writer.add(page, number: index + 1) }
        try writer.finish()
        return said
    }

    func testATurnedCroppedPageKeepsItsBoxesAndShowsTheInkUprightAsRedrawingDoes() throws {
        // A 600 × 800 page cropped to 500 × 600 and turned a quarter: shown 600 wide, 500 high. A blue box
        // near the crop's lower left corner, which the turn shows at the top left.
        let content = "0 0 1 rg 80 120 100 60 re f"
        let pdf = HandWrittenPDF.build([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /CropBox [50 100 550 700] /Rotate 90 /Contents 4 0 R >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
        ])
        let page = importedPage(first, page: 0, width: 600, height: 500,
                                ink: [ink(from: Point(100, 500), to: Point(700, 560)), ink(from: Point(700, 80), to: Point(760, 600))])
        let kept = folder + "/kept.pdf", redrawn = folder + "/redrawn.pdf"
        XCTAssertEqual(try export([page], to: kept, blobs: [first: pdf]), [])
        XCTAssertEqual(try export([page], to: redrawn, keepingOriginals: false, blobs: [first: pdf]), [])

        let keptBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: kept)))
        XCTAssertNotNil(keptBytes.firstRange(of: Array("/Rotate 90".utf8)), "the page keeps its turn")
        XCTAssertNotNil(keptBytes.firstRange(of: Array("/CropBox [ 50 100 550 700 ]".utf8)), "and its crop box")
        let keptDocument = try PDFDocument(contentsOf: kept), redrawnDocument = try PDFDocument(contentsOf: redrawn)
        XCTAssertEqual(keptDocument.pageSizes[0].width, 600, accuracy: 0.001)
        XCTAssertEqual(keptDocument.pageSizes[0].height, 500, accuracy: 0.001)
        let scale = 1 / PDFExportWriter.pointsPerPixel
        let keptImage = try keptDocument.render(page: 0, scale: scale), redrawnImage = try redrawnDocument.render(page: 0, scale: scale)
        let comparison = PixelComparison(keptImage, redrawnImage)
        // The same drawing both ways, but for antialiasing: a quarter turn the wrong way, or the ink on
        // the uncropped page, moves thousands of pixels.
        XCTAssertLessThan(comparison.fractionDiffering(by: 60), 0.001, "\(comparison)")
        // The box: crop-space (30…130, 20…80) pt turned a quarter clockwise is shown at (20…80, 30…130) pt
        // from the top left.
        let box = keptImage[Int(50 * scale), Int(80 * scale)]
        XCTAssertTrue(box.b > 200 && box.r < 60, "the blue box at the top left: \(box)")
        let line = keptImage[400, 530]
        XCTAssertTrue(line.r > 180 && line.g < 80, "the ink where it was drawn: \(line)")
    }

    func testOfTwoPDFsTheOneMostPagesComeFromGivesTheOutlineAndTheOthersPagesKeepOnlyWebLinks() throws {
        let source = folder + "/lecture.pdf"
        StructuredTestPDF.write(to: source)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
        let sizes = StructuredTestPDF.pages
        // The second PDF's last page, then the first PDF's first and third pages.
        let pages = [
            importedPage(second, page: 3, width: sizes[3].width, height: sizes[3].height),
            importedPage(first, page: 0, width: sizes[0].width, height: sizes[0].height, ink: [ink(from: Point(60, 400), to: Point(600, 420))]),
            importedPage(first, page: 2, width: sizes[2].width, height: sizes[2].height),
        ]
        let out = folder + "/out.pdf"
        XCTAssertEqual(try export(pages, to: out, blobs: [first: bytes, second: bytes]), [])
        let exported = try PDFStructureReadBack(path: out)
        XCTAssertEqual(exported.pageCount, 3)
        XCTAssertEqual(exported.title, "Marked")
        XCTAssertEqual(exported.outline(), [
            .init(title: "Chapter 1", depth: 0, page: 2),
            .init(title: "Chapter 3", depth: 0, page: 3),
        ], "\(exported.outline())")
        XCTAssertEqual(exported.links(onPage: 0), [.uri("https://example.org/quire")],
                       "the second PDF's page keeps its web link, not its link into its own first page")
        XCTAssertEqual(exported.links(onPage: 1), [.page(3)], "chapter three by name; the section left out is gone")
        XCTAssertEqual(exported.links(onPage: 2), [], "the link to the second page, left out")
        let original = try PDFStructureReadBack(path: source)
        for (page, originalPage) in [(0, 3), (1, 0), (2, 2)] {
            XCTAssertEqual(exported.words(ofPage: page), original.words(ofPage: originalPage))
        }
    }

    func testWhenQpdfCannotPutTheOriginalsTogetherTheExportIsMadeAgainRedrawnAndSaidSo() throws {
        var runs: [Bool] = [], said: [String] = []
        try PDFNotebookExporter.keepingOriginalsOrRedrawing(warn: { said.append($0) }) { keeping in
            runs.append(keeping)
            if keeping { throw VectorExportError.cannotKeepOriginals(path: "out.pdf", reason: "a broken page tree") }
        }
        XCTAssertEqual(runs, [true, false], "kept first, then redrawn")
        XCTAssertEqual(said, ["the original PDF pages could not be kept (qpdf: a broken page tree); they are redrawn"])

        // Any other failure ends the export: no second run, the error as it was.
        runs = []
        XCTAssertThrowsError(try PDFNotebookExporter.keepingOriginalsOrRedrawing(warn: { said.append($0) }) { keeping in
            runs.append(keeping)
            throw VectorExportError.cannotWrite(path: "out.pdf", reason: "the disk is full")
        }) { error in
            XCTAssertEqual(error as? VectorExportError, .cannotWrite(path: "out.pdf", reason: "the disk is full"))
        }
        XCTAssertEqual(runs, [true])
    }

    func testAPDFQpdfCannotReadIsRedrawnAndSaidOnce() throws {
        let goodPath = folder + "/good.pdf"
        try SamplePDF.write([SamplePDF.Page(width: 612, height: 792)], to: goodPath)
        let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: goodPath)))
        // Damaged past repair: a PDF header and nothing of a PDF after it.
        let damaged = Array("%PDF-1.7\n".utf8) + [UInt8](repeating: 0x41, count: 4096)
        let pages = [
            importedPage(second, page: 0, width: 612, height: 792, ink: [ink(from: Point(100, 100), to: Point(600, 100))]),
            importedPage(first, page: 0, width: 612, height: 792),
            importedPage(second, page: 0, width: 612, height: 792),
        ]
        let out = folder + "/out.pdf"
        let said = try export(pages, to: out, blobs: [first: good, second: damaged])
        XCTAssertEqual(said.filter { $0.contains("cannot be copied as it is (qpdf:") && $0.contains("b2b2b2b2") }.count, 1,
                       "the damaged PDF is named once: \(said)")
        let document = try PDFDocument(contentsOf: out)
        XCTAssertEqual(document.pageCount, 3, "the export is whole")
        let image = try document.render(page: 0, scale: 1 / PDFExportWriter.pointsPerPixel)
        let line = image[350, 100]
        XCTAssertTrue(line.r > 180 && line.g < 80, "the redrawn page's ink: \(line)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["good.pdf", "out.pdf"],
                       "no temporary file is left")
    }
}
