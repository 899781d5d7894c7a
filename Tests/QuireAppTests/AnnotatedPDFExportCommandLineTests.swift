import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuirePDF
import QuireRender
import QuireStorage
import QuireTestSupport
import XCTest

/// `quire export --pdf` of an annotated PDF: the original's pages are kept as they are (their text,
/// links and the outline, at their sizes), the ink laid over them where it was drawn, pages moved or
/// left out with `--pages` renumbered in the outline and the links, and the file about the original's
/// size plus the ink's.
final class AnnotatedPDFExportCommandLineTests: XCTestCase {
    private var library = ""
    private var source = ""

    override func setUpWithError() throws {
        library = NSTemporaryDirectory() + "quire-annotated-pdf-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        source = library + "/lecture.pdf"
        StructuredTestPDF.write(to: source)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: library)
    }

    private func quire(_ arguments: [String]) throws -> QuireProcess {
        let process = try finishedQuire(arguments, library: library)
        XCTAssertEqual(process.exitStatus, 0, "quire \(arguments): \(process.text)")
        return process
    }

    /// The strokes drawn on the first and third PDF pages (notebook pages 2 and 4), in page pixels.
    private static let inkLines: [Int: [Point]] = [
        1: [Point(100, 300), Point(600, 420), Point(200, 700)],
        3: [Point(80, 500), Point(1000, 560)],
    ]

    private func inkStrokes(_ corners: [Point]) -> [PageItem] {
        var style = StrokeStyle.defaults(for: .pen, color: .rgb(InkColor(red: 0.85, green: 0.1, blue: 0.1)))
        style.minimumWidth = 6
        style.maximumWidth = 6
        var points: [Point] = [corners[0]]
        for (a, b) in zip(corners, corners.dropFirst()) {
            let steps = max(1, Int((a.distance(to: b) / 3).rounded(.up)))
            points += (1...steps).map { a + (b - a) * (Double($0) / Double(steps)) }
        }
        let samples = points.enumerated().map { index, point in
            InputSample(position: point, pressure: 1, time: Double(index) / 100, device: .pen)
        }
        return [.stroke(Stroke(samples: samples, style: style))]
    }

    /// "Paper": a blank first page, then the four pages of the PDF, ink on the first and third of them.
    private func makeNotebook() throws {
        _ = try quire(["new", "Paper"])
        _ = try quire(["import", "Paper", source])
        let store = try NotebookStore(openingAt: library + "/Paper.quire")
        let ids = try store.pageIDs()
        XCTAssertEqual(ids.count, 5)
        for (pdfPage, corners) in Self.inkLines {
            var page = try store.loadPage(ids[pdfPage + 1])
            let edit = page.adding(inkStrokes(corners))
            try page.apply(edit)
            try store.apply(edit, to: ids[pdfPage + 1])
        }
        try store.close()
    }

    func testPagesTextOutlineAndLinksAreKeptAndRenumbered() throws {
        try makeNotebook()
        let out = library + "/marked.pdf"
        // The third PDF page first, the blank page, the first PDF page, the fourth; the second is left out.
        _ = try quire(["export", "Paper", "--pdf", out, "--pages", "4,1,2,5"])
        let original = try PDFStructureReadBack(path: source)
        let exported = try PDFStructureReadBack(path: out)
        XCTAssertEqual(exported.pageCount, 4)
        XCTAssertEqual(exported.title, "Paper", "the notebook's title")

        let fromOriginal = [0: 2, 2: 0, 3: 3]
        for (page, originalPage) in fromOriginal {
            let size = exported.size(ofPage: page), originalSize = original.size(ofPage: originalPage)
            XCTAssertEqual(size.width, originalSize.width, accuracy: 0.001, "page \(page + 1)'s width")
            XCTAssertEqual(size.height, originalSize.height, accuracy: 0.001, "page \(page + 1)'s height")
            XCTAssertEqual(exported.words(ofPage: page), original.words(ofPage: originalPage), "page \(page + 1)'s text")
            XCTAssertFalse(exported.words(ofPage: page).isEmpty)
        }
        XCTAssertEqual(exported.words(ofPage: 1), [], "the blank page has no text")
        XCTAssertEqual(exported.size(ofPage: 1).width, 612, accuracy: 0.01, "the blank page is as Quire has it")

        XCTAssertEqual(exported.outline(), [
            .init(title: "Chapter 1", depth: 0, page: 3),
            .init(title: "Chapter 3", depth: 0, page: 1),
            .init(title: "Section 3.1", depth: 1, page: 4),
        ], "the outline, less the chapter whose pages were left out, renumbered: \(exported.outline())")

        XCTAssertEqual(Set(exported.links(onPage: 2)), [.page(1), .page(4)],
                       "the first PDF page's links lead to chapter three (now page 1) and to the named section (page 4)")
        XCTAssertEqual(exported.links(onPage: 0), [], "the link to the page left out is gone")
        XCTAssertEqual(Set(exported.links(onPage: 3)), [.uri("https://example.org/quire"), .page(3)],
                       "the last page's web link, and its link back to the first PDF page (now page 3)")
        XCTAssertEqual(original.links(onPage: 0).count, 2)
        XCTAssertEqual(original.links(onPage: 2), [.page(2)], "the original's link that the export drops")

        // The kept pages are the original's, not redrawn: the fonts are embedded once, not per page.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        XCTAssertEqual(bytes.ranges(of: Array("/FontFile".utf8)).count, [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
            .ranges(of: Array("/FontFile".utf8)).count)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: library).filter { $0.contains("partial") }, [],
                       "no temporary file is left")
    }

    func testInkLiesWhereThePNGExportHasItAndTheFileIsTheOriginalPlusInk() throws {
        do { _ = try HeadlessGLContext() } catch { try Requirement.unmet("headless OpenGL for the PNG export: \(error)") }
        try makeNotebook()
        let out = library + "/marked.pdf"
        _ = try quire(["export", "Paper", "--pdf", out])
        _ = try quire(["export", "Paper", "--png", library + "/png"])
        let document = try PDFDocument(contentsOf: out)
        XCTAssertEqual(document.pageCount, 5)
        for page in 1...4 {
            let png = try PNG.read(from: library + String(format: "/png/page-%03d.png", page + 1))
            let image = try document.render(page: page, scale: 1 / PDFExportWriter.pointsPerPixel)
            XCTAssertEqual(image.width, png.width)
            XCTAssertEqual(image.height, png.height)
            let comparison = PixelComparison(image, png)
            // The text is drawn by poppler in both, the ink by GL in one and cairo in the other: edges
            // differ by a pixel's coverage. Ink missing or shifted (thousands of pixels) is far beyond.
            XCTAssertLessThan(comparison.fractionDiffering(by: 60), 0.002, "page \(page + 1): \(comparison)")
            XCTAssertLessThan(comparison.meanDifference, 0.6, "page \(page + 1): \(comparison)")
            if let corners = Self.inkLines[page - 1] {
                let middle = corners[0] + (corners[1] - corners[0]) * 0.5
                let pixel = image[Int(middle.x.rounded()), Int(middle.y.rounded())]
                XCTAssertTrue(pixel.r > 180 && pixel.g < 80, "page \(page + 1): the red ink at \(middle): \(pixel)")
            }
        }

        // The same ink on blank pages of the same sizes: what the ink alone adds to a file.
        let store = try NotebookStore.create(at: library + "/Ink.quire", title: "Ink", pages: [
            Page(size: PageSize(width: 595 * 4 / 3, height: 842 * 4 / 3)),
            Page(size: PageSize(width: 842 * 4 / 3, height: 595 * 4 / 3)),
        ])
        for (index, id) in try store.pageIDs().enumerated() {
            var page = try store.loadPage(id)
            let edit = page.adding(inkStrokes(Self.inkLines[index * 2 + 1]!))
            try page.apply(edit)
            try store.apply(edit, to: id)
        }
        try store.close()
        let inkOnly = library + "/ink.pdf"
        _ = try quire(["export", "Ink", "--pdf", inkOnly])
        let size = { (path: String) in try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int }
        let (exportSize, originalSize, inkSize) = (try size(out), try size(source), try size(inkOnly))
        XCTAssertLessThanOrEqual(Double(exportSize), Double(originalSize + inkSize) * 1.1,
                                 "the export (\(exportSize) bytes) against the original (\(originalSize)) and its ink (\(inkSize))")
    }
}
