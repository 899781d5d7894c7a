import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
@testable import QuirePDF
import XCTest

/// Pages written as PDF by `PDFExportWriter`, read back by poppler: sizes in points, vector ink with
/// erasers applied as geometry (no pictures in the file), highlighters that do not darken themselves,
/// pictures embedded once and JPEGs as their own bytes.
final class PDFExportTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }

    private func write(_ pages: [Page], blobs: [BlobID: [UInt8]] = [:]) throws -> (PDFDocument, [UInt8]) {
        let path = try ExportPages.writePDF(pages, blobs: blobs)
        paths.append(path)
        return (try PDFDocument(contentsOf: path), [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// Rendered at one pixel a page pixel (96 dpi).
    private func render(_ document: PDFDocument, page: Int = 0) throws -> RGBAImage {
        try document.render(page: page, scale: 1 / PDFExportWriter.pointsPerPixel)
    }

    private func assertColor(_ pixel: RGBAImage.Pixel, _ expected: (Double, Double, Double), within tolerance: Double = 3,
                             _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let got = [Double(pixel.r), Double(pixel.g), Double(pixel.b)]
        let want = [expected.0, expected.1, expected.2].map { $0 * 255 }
        XCTAssertTrue(zip(got, want).allSatisfy { abs($0 - $1) <= tolerance }, "\(what): \(pixel), wanted \(want)",
                      file: file, line: line)
    }

    func testPageSizesAreKeptInPointsIncludingLandscape() throws {
        let (document, _) = try write([Page(size: .letter), Page(size: PageSize.letter.turned(to: .landscape)),
                                       Page(size: .a4)])
        XCTAssertEqual(document.pageCount, 3)
        XCTAssertEqual(document.pageSizes[0].width, 612, accuracy: 0.01)
        XCTAssertEqual(document.pageSizes[0].height, 792, accuracy: 0.01)
        XCTAssertEqual(document.pageSizes[1].width, 792, accuracy: 0.01)
        XCTAssertEqual(document.pageSizes[1].height, 612, accuracy: 0.01)
        XCTAssertEqual(document.pageSizes[2].width, 595.3, accuracy: 0.1)
        XCTAssertEqual(document.pageSizes[2].height, 841.9, accuracy: 0.1)
    }

    func testEraserRemovesInkAsGeometryLeavingThePaperColourAndNoPicture() throws {
        let paper = InkColor(red: 1, green: 0.9, blue: 0.6)
        let page = Page(size: PageSize(width: 400, height: 200), background: PageBackground(paperColor: paper), strokes: [
            ExportPages.stroke(ExportPages.line(Point(50, 100), Point(350, 100)), style: ExportPages.pen(.black, width: 10)),
            ExportPages.stroke(ExportPages.line(Point(200, 40), Point(200, 160)), style: ExportPages.eraser(width: 30)),
            // Drawn after the eraser: not erased.
            ExportPages.stroke(ExportPages.line(Point(200, 60), Point(350, 60)), style: ExportPages.pen(.black, width: 10)),
        ])
        let (document, bytes) = try write([page])
        XCTAssertEqual(ExportPages.count(Array("/Subtype /Image".utf8), in: bytes), 0, "ink and erasers stay vectors")
        let image = try render(document)
        assertColor(image[100, 100], (0, 0, 0), "ink left of the eraser")
        assertColor(image[300, 100], (0, 0, 0), "ink right of the eraser")
        assertColor(image[200, 100], (1, 0.9, 0.6), "erased: the paper shows, not white paint")
        assertColor(image[192, 100], (1, 0.9, 0.6), "erased near the eraser's edge")
        assertColor(image[200, 60], (0, 0, 0), "ink drawn after the eraser stays")
        assertColor(image[200, 140], (1, 0.9, 0.6), "the eraser paints nothing of its own")
    }

    /// Issue 37: what lies under an eraser is written once, into a group painted under the eraser's
    /// clip, so a page grows with its ink and its erasers, never with their product. Twenty erasers
    /// across twenty strokes (a page erased as one goes) came out at 1.9 MB with a clip per eraser round
    /// each stroke (each stroke written again for every clip round it).
    func testAnErasedPageGrowsWithItsInkAndErasersNotTheirProduct() throws {
        func page(_ count: Int) -> (strokes: [Stroke], erasers: [Stroke], size: PageSize) {
            let size = PageSize(width: 400, height: 200)
            let strokes = (0..<count).map { k in
                ExportPages.stroke(ExportPages.line(Point(20, 15 + 170 * Double(k) / Double(count)),
                                                    Point(380, 15 + 170 * Double(k) / Double(count))),
                                   style: ExportPages.pen(.black, width: 4))
            }
            let erasers = (0..<count).map { j in
                ExportPages.stroke(ExportPages.line(Point(35 + 350 * Double(j) / Double(count), 5),
                                                    Point(35 + 350 * Double(j) / Double(count), 195)),
                                   style: ExportPages.eraser(width: 6))
            }
            return (strokes, erasers, size)
        }
        let twenty = page(20)
        // The same page with its erasers drawn as pen strokes: what the ink and the erasers' shapes cost.
        let asInk = twenty.erasers.map { Stroke(samples: $0.samples, style: ExportPages.pen(.black, width: 6)) }
        let (_, inked) = try write([Page(size: twenty.size, strokes: twenty.strokes + asInk)])
        let (document, erased) = try write([Page(size: twenty.size, strokes: twenty.strokes + twenty.erasers)])
        // Each eraser adds a group (a form XObject and its resources, about 500 bytes) and its clip, the
        // page's frame less it.
        XCTAssertLessThan(erased.count, 2 * inked.count + 600 * twenty.erasers.count,
                          "erased \(erased.count) bytes, with the erasers as ink \(inked.count)")
        // Twice the strokes and twice the erasers: about twice the file, where the product would be four.
        let forty = page(40)
        let (_, erasedForty) = try write([Page(size: forty.size, strokes: forty.strokes + forty.erasers)])
        XCTAssertLessThan(Double(erasedForty.count) / Double(erased.count), 2.5, "\(erasedForty.count) against \(erased.count)")
        let image = try render(document)
        for j in [0, 7, 19] {
            let x = Int(35 + 17.5 * Double(j))
            assertColor(image[x, 100], (1, 1, 1), "erased where eraser \(j) crosses a stroke")
            assertColor(image[x + 9, Int(15 + 8.5 * 10)], (0, 0, 0), "ink left between erasers")
        }
    }

    /// Erasing is often several strokes in a row: they share one group, clipped to outside each of them.
    func testErasersOneAfterAnotherShareOneGroup() throws {
        let strokes = (0..<5).map { k in
            ExportPages.stroke(ExportPages.line(Point(20, 30 + 30 * Double(k)), Point(380, 30 + 30 * Double(k))),
                               style: ExportPages.pen(.black, width: 4))
        }
        let erasers = [100.0, 200, 300].map { x in
            ExportPages.stroke(ExportPages.line(Point(x, 5), Point(x, 195)), style: ExportPages.eraser(width: 10))
        }
        let (document, bytes) = try write([Page(size: PageSize(width: 400, height: 200), strokes: strokes + erasers)])
        XCTAssertEqual(ExportPages.count(Array("/Subtype /Form".utf8), in: bytes), 1, "one group for the three")
        let image = try render(document)
        for x in [100, 200, 300] { assertColor(image[x, 90], (1, 1, 1), "erased at \(x)") }
        assertColor(image[150, 90], (0, 0, 0), "ink between the erasers")
    }

    /// Erasers in different places, with ink written between them elsewhere, share one group: that ink
    /// lies outside the earlier eraser, so clipping it to outside that eraser too changes nothing. Ink
    /// written across an earlier eraser's place ends its group there, so that eraser never takes it.
    func testErasersApartShareAGroupUnlessLaterInkCrossesThem() throws {
        let size = PageSize(width: 400, height: 200)
        func line(_ y: Double, from x0: Double = 20, to x1: Double = 380) -> Stroke {
            ExportPages.stroke(ExportPages.line(Point(x0, y), Point(x1, y)), style: ExportPages.pen(.black, width: 4))
        }
        func eraser(at x: Double) -> Stroke {
            ExportPages.stroke(ExportPages.line(Point(x, 5), Point(x, 195)), style: ExportPages.eraser(width: 10))
        }
        // Ink between the erasers lies right of the first one.
        let apart = [line(40), line(80), eraser(at: 60), line(120, from: 150), eraser(at: 300)]
        let (apartDocument, apartBytes) = try write([Page(size: size, strokes: apart)])
        XCTAssertEqual(ExportPages.count(Array("/Subtype /Form".utf8), in: apartBytes), 1, "one group for both erasers")
        let image = try render(apartDocument)
        assertColor(image[60, 40], (1, 1, 1), "the first eraser takes the ink under it")
        assertColor(image[300, 80], (1, 1, 1), "the second eraser takes the ink under it")
        assertColor(image[300, 120], (1, 1, 1), "and the ink written between them")
        assertColor(image[200, 120], (0, 0, 0), "ink between the erasers, away from both")
        // Ink written across the first eraser's place after it: not erased by it.
        let crossing = [line(40), eraser(at: 60), line(120), eraser(at: 300)]
        let (crossingDocument, crossingBytes) = try write([Page(size: size, strokes: crossing)])
        XCTAssertEqual(ExportPages.count(Array("/Subtype /Form".utf8), in: crossingBytes), 2)
        let crossed = try render(crossingDocument)
        assertColor(crossed[60, 120], (0, 0, 0), "ink drawn over the first eraser's place after it stays")
        assertColor(crossed[60, 40], (1, 1, 1), "ink under the first eraser goes")
        assertColor(crossed[300, 120], (1, 1, 1), "the second eraser takes the later ink")
    }

    /// A marker's dabs change their alpha with every change of pressure, but a dozen overlap at every
    /// point and the stroke shows solid: it is one fill, not a fill (and an opacity state) per step as
    /// when runs were cut by the dabs' own alpha (25 such strokes came to 63 KB; now about 21 KB).
    func testAMarkerThatShowsSolidIsOneFillWhateverItsPressure() throws {
        let strokes = (0..<25).map { n -> Stroke in
            let samples = (0..<(30 + 2 * n)).map { i -> InputSample in
                let t = Double(i)
                return InputSample(position: Point(20 + Double(n % 5) * 75 + t * 1.5, 30 + Double(n / 5) * 35 + 8 * sin(t / 4 + Double(n))),
                                   pressure: 0.2 + Double((n + i) % 7) / 10, tiltX: Double(n % 5), tiltY: -3,
                                   time: t / 200, device: .pen)
            }
            return Stroke(samples: samples, style: .defaults(for: .marker))
        }
        let page = Page(size: PageSize(width: 500, height: 220), strokes: strokes)
        let fills = PageVectorPlan(page, registry: .standard).steps.filter {
            if case .fill = $0 { return true } else { return false }
        }
        XCTAssertEqual(fills.count, strokes.count, "one fill a stroke")
        let (document, bytes) = try write([page])
        XCTAssertLessThan(bytes.count, 30_000)
        let image = try render(document)
        // Stroke 0's sample 4, at (26, 36.7).
        assertColor(image[26, 37], (0, 0, 0), within: 8, "the marker is solid")
    }

    func testHighlighterCrossingItselfIsNoDarkerWhereItCrosses() throws {
        let yellow = InkColor(red: 1, green: 0.85, blue: 0)
        let corners = [Point(40, 100), Point(300, 100), Point(300, 160), Point(200, 160), Point(200, 40)]
        var points: [Point] = []
        for leg in 0..<(corners.count - 1) { points += ExportPages.line(corners[leg], corners[leg + 1]) }
        let style = StrokeStyle.defaults(for: .highlighter, color: .rgb(yellow))
        let (document, _) = try write([Page(size: PageSize(width: 400, height: 200), strokes: [
            ExportPages.stroke(points, style: style),
        ])])
        let image = try render(document)
        let opacity = style.maximumOpacity
        let expected = (1.0, 1 - opacity + 0.85 * opacity, 1 - opacity)
        assertColor(image[100, 100], expected, "one pass")
        assertColor(image[200, 100], expected, "where it crosses itself: no darker")
        assertColor(image[250, 160], expected, "the last leg")
    }

    func testPicturesAreEmbeddedOnceAndJPEGsAsTheirOwnBytes() throws {
        var pixels: [UInt8] = []
        for y in 0..<48 {
            for x in 0..<64 { pixels += [UInt8(x * 4), UInt8(y * 5), 120, 255] }
        }
        let photo = RGBAImage(width: 64, height: 48, pixels: pixels)
        let jpeg = try JPEG.encode(photo, quality: 85)
        let png = try PNG.encode(RGBAImage(width: 10, height: 10, fill: (0, 200, 0, 255)))
        let jpegID = ExportPages.blobID(1), pngID = ExportPages.blobID(2)
        let jpegRef = ImageReference(blob: jpegID, pixelWidth: 64, pixelHeight: 48)
        let pngRef = ImageReference(blob: pngID, pixelWidth: 10, pixelHeight: 10)
        let first = Page(size: PageSize(width: 400, height: 300), items: [
            PageItem(.scrap(ExportPages.scrap(jpegRef, at: Rect(x: 20, y: 20, width: 128, height: 96)))),
            PageItem(.scrap(ExportPages.scrap(jpegRef, at: Rect(x: 200, y: 20, width: 64, height: 48)))),
            PageItem(.scrap(ExportPages.scrap(pngRef, at: Rect(x: 20, y: 200, width: 50, height: 50)))),
        ])
        let second = Page(size: PageSize(width: 400, height: 300), items: [
            PageItem(.scrap(ExportPages.scrap(jpegRef, at: Rect(x: 100, y: 100, width: 64, height: 48)))),
        ])
        let (document, bytes) = try write([first, second], blobs: [jpegID: jpeg, pngID: png])
        XCTAssertEqual(ExportPages.count(jpeg, in: bytes), 1, "the JPEG's bytes, verbatim, once for three scraps on two pages")
        XCTAssertEqual(ExportPages.count(Array("/Subtype /Image".utf8), in: bytes), 2, "one image object per picture")
        let image = try render(document)
        assertColor(image[35, 210], (0, 200.0 / 255, 0), within: 2, "the PNG scrap")
        let sample = image[20 + 2 * 40 + 1, 20 + 2 * 20 + 1]   // the photo's pixel (40, 20), drawn 2×
        XCTAssertEqual(Double(sample.r), 160, accuracy: 12, "the JPEG scrap, its own colours: \(sample)")
        XCTAssertEqual(Double(sample.g), 100, accuracy: 12, "\(sample)")
        assertColor(image[300, 150], (1, 1, 1), "no picture outside the scraps")
    }

    func testVaryingOpacityIsDrawnInRunsOfOneColour() throws {
        var style = StrokeStyle.defaults(for: .marker, color: .rgb(.black))
        style.minimumOpacity = 0.02   // the dabs overlap a dozen deep: 0.02 shows as about 0.2
        style.maximumOpacity = 1
        let stroke = Stroke(samples: ExportPages.line(Point(20, 50), Point(380, 50)).enumerated().map { index, point in
            InputSample(position: point, pressure: min(1, Double(index) / 150), time: Double(index) / 100, device: .pen)
        }, style: style)
        let ink = InkEngineRegistry.standard.vectorInk(for: stroke.samples, style: style)
        let runs = InkRun.runs(of: ink)
        XCTAssertGreaterThan(runs.count, 5, "a fade is drawn in many tones, not one average")
        for run in runs {
            let alphas = run.ink.nodes.map(\.color.alpha)
            XCTAssertLessThanOrEqual((alphas.max() ?? 0) - (alphas.min() ?? 0), 2 * InkRun.tolerance + 1e-6)
        }
        let (document, _) = try write([Page(size: PageSize(width: 400, height: 100), strokes: [stroke])])
        let image = try render(document)
        XCTAssertGreaterThan(image[24, 50].luma, image[370, 50].luma + 100, "light where pressed lightly, dark where firm")
    }

    func testAnUnwritablePlaceIsAnErrorNamingItAndLeavesNothing() throws {
        let folder = ExportPages.temporaryPath("-missing")
        let path = folder + "/out.pdf"
        XCTAssertThrowsError(try PDFExportWriter(path: path, pictures: { _ in [] }, report: { _ in })) { error in
            XCTAssertTrue("\(error)".contains(path), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder))
    }

    func testAWriterNotFinishedLeavesNoFile() throws {
        let folder = ExportPages.temporaryPath("-folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        paths.append(folder)
        do {
            let writer = try PDFExportWriter(path: folder + "/out.pdf", pictures: { _ in [] }, report: { _ in })
            try writer.add(Page(), number: 1)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
    }
}
