import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuirePDF
import XCTest

/// Pages prepared on another thread (`PreparedAhead` of `PreparedVectorPage`, as `quire export --pdf`
/// writes them) make the same PDF as pages prepared and drawn one at a time: as many pages, the same
/// sizes, the same pixels when poppler renders them; and an error in a later page stops the export
/// with nothing left behind.
final class OverlappedPDFExportTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Every kind of drawing step: pressure ink (stroked curves), a highlighter crossing itself and a
    /// fading marker (filled outlines, cut runs), an eraser (its shape taken out of the ink), a scrap with a picture and ink of
    /// its own; a landscape page and an empty one between.
    private func pages() throws -> (pages: [Page], blobs: [BlobID: [UInt8]]) {
        var pen = ExportPages.pen(InkColor(red: 0.1, green: 0.2, blue: 0.6), width: 8)
        pen.minimumWidth = 1
        let wave = (0...150).map { Point(40 + Double($0) * 4, 120 + 40 * sin(Double($0) / 9)) }
        let pressed = Stroke(samples: wave.enumerated().map { index, point in
            InputSample(position: point, pressure: Double(index % 50) / 50, time: Double(index) / 100, device: .pen)
        }, style: pen)
        let highlighter = ExportPages.stroke(ExportPages.line(Point(60, 300), Point(400, 300))
            + ExportPages.line(Point(400, 300), Point(200, 380)) + ExportPages.line(Point(200, 380), Point(200, 250)),
            style: StrokeStyle.defaults(for: .highlighter, color: .rgb(InkColor(red: 1, green: 0.8, blue: 0))))
        var marker = StrokeStyle.defaults(for: .marker, color: .rgb(.black))
        marker.minimumOpacity = 0.02
        marker.maximumOpacity = 1
        let fading = Stroke(samples: ExportPages.line(Point(40, 450), Point(700, 450)).enumerated().map { index, point in
            InputSample(position: point, pressure: min(1, Double(index) / 200), time: Double(index) / 100, device: .pen)
        }, style: marker)
        let thick = ExportPages.stroke(ExportPages.line(Point(50, 550), Point(700, 550)), style: ExportPages.pen(.black, width: 14))
        let eraser = ExportPages.stroke(ExportPages.line(Point(300, 500), Point(320, 600)), style: ExportPages.eraser(width: 30))
        let png = try PNG.encode(RGBAImage(width: 40, height: 30, fill: (30, 160, 60, 255)))
        let pngID = ExportPages.blobID(7)
        let scrapInk = ExportPages.stroke(ExportPages.line(Point(5, 15), Point(35, 15)), style: ExportPages.pen(.black, width: 3))
        let scrap = ExportPages.scrap(ImageReference(blob: pngID, pixelWidth: 40, pixelHeight: 30),
                                      at: Rect(x: 100, y: 700, width: 200, height: 150), items: [.stroke(scrapInk)])
        let first = Page(size: .letter, background: PageBackground(pattern: .ruled),
                         items: [.stroke(pressed), .stroke(highlighter), .stroke(fading), .stroke(thick), .stroke(eraser),
                                 PageItem(.scrap(scrap))])
        let landscape = Page(size: PageSize.letter.turned(to: .landscape), strokes: [pressed, thick])
        return ([first, Page(size: .a4), landscape, first], [pngID: png])
    }

    private func writer(_ blobs: [BlobID: [UInt8]]) throws -> PDFExportWriter {
        let path = ExportPages.temporaryPath(".pdf")
        paths.append(path)
        return try PDFExportWriter(path: path, pictures: { id in
            guard let bytes = blobs[id] else { throw CocoaError(.fileNoSuchFile) }
            return bytes
        }, report: { XCTFail("nothing to report: \($0)") })
    }

    func testPagesPreparedAheadMakeTheSamePDFAsPagesDrawnOneAtATime() throws {
        let (pages, blobs) = try pages()
        let oneAtATime = try writer(blobs)
        for (index, page) in pages.enumerated() { try oneAtATime.add(page, number: index + 1) }
        try oneAtATime.finish()
        let overlapped = try writer(blobs)
        let prepared = PreparedAhead(count: pages.count) { try PreparedVectorPage(pages[$0], number: $0 + 1) }
        while let page = try prepared.next() { try overlapped.add(page) }
        try overlapped.finish()

        let expected = try PDFDocument(contentsOf: oneAtATime.path), got = try PDFDocument(contentsOf: overlapped.path)
        XCTAssertEqual(got.pageCount, pages.count)
        XCTAssertEqual(got.pageCount, expected.pageCount)
        for index in 0..<pages.count {
            XCTAssertEqual(got.pageSizes[index].width, expected.pageSizes[index].width)
            XCTAssertEqual(got.pageSizes[index].height, expected.pageSizes[index].height)
            let want = try expected.render(page: index, scale: 1 / PDFExportWriter.pointsPerPixel)
            let image = try got.render(page: index, scale: 1 / PDFExportWriter.pointsPerPixel)
            XCTAssertEqual(image.width, want.width)
            XCTAssertEqual(image.height, want.height)
            XCTAssertTrue(image.pixels == want.pixels, "page \(index + 1) differs")
            // Not a blank page matching a blank page: the first page shows its ink.
            if index == 0 { XCTAssertLessThan(image[100, 550].luma, 60, "the thick line is drawn") }
        }
    }

    func testAnErrorInALaterPageStopsTheExportAndLeavesNoFile() throws {
        let (pages, blobs) = try pages()
        let folder = ExportPages.temporaryPath("-folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        paths.append(folder)
        let broken = pages + [Page(size: PageSize(width: -5, height: 100))] + pages
        var written: [Int] = []
        XCTAssertThrowsError(try {
            let writer = try PDFExportWriter(path: folder + "/out.pdf", pictures: { blobs[$0] ?? [] }, report: { _ in })
            let prepared = PreparedAhead(count: broken.count) { try PreparedVectorPage(broken[$0], number: $0 + 1) }
            while let page = try prepared.next() {
                try writer.add(page)
                written.append(page.number)
            }
            try writer.finish()
        }()) { error in
            XCTAssertTrue("\(error)".contains("page 5"), "the error names the page: \(error)")
        }
        XCTAssertEqual(written, [1, 2, 3, 4], "the pages before the broken one were written, none after")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [], "no PDF, no temporary file")
    }
}
