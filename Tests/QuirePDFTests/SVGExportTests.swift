import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuirePDF
import QuireTestSupport
import XCTest

/// Pages written as SVG by `SVGExportWriter`, parsed back with Foundation's XMLParser: the size and
/// view box in page pixels, one filled path per piece of ink, erasers taken out of the ink they cross, pictures as data.
final class SVGExportTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }

    /// What the tests read from an SVG: the root's attributes, and the drawn paths (not those inside
    /// clip paths or pattern definitions) with their fill.
    private final class SVGSummary: NSObject, XMLParserDelegate {
        var root: [String: String] = [:]
        var drawnPaths: [[String: String]] = []
        var clipPaths = 0
        var images: [[String: String]] = []
        /// Each `<text>`'s attributes and its lines (`<tspan>`s' text).
        var texts: [(attributes: [String: String], lines: [String])] = []
        private var definitionDepth = 0
        private var inSpan = false

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            switch name {
            case "svg": root = attributes
            case "clipPath": clipPaths += 1; definitionDepth += 1
            case "pattern", "mask", "symbol": definitionDepth += 1
            case "path" where definitionDepth == 0: drawnPaths.append(attributes)
            case "image": images.append(attributes)
            case "text": texts.append((attributes, []))
            case "tspan":
                texts[texts.count - 1].lines.append("")
                inSpan = true
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard inSpan else { return }
            texts[texts.count - 1].lines[texts[texts.count - 1].lines.count - 1] += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if ["clipPath", "pattern", "mask", "symbol"].contains(name) { definitionDepth -= 1 }
            if name == "tspan" { inSpan = false }
        }
    }

    private func write(_ page: Page, blobs: [BlobID: [UInt8]] = [:]) throws -> (SVGSummary, String) {
        let path = ExportPages.temporaryPath(".svg")
        paths.append(path)
        let writer = SVGExportWriter(pictures: { id in
            guard let bytes = blobs[id] else { throw CocoaError(.fileNoSuchFile) }
            return bytes
        }, report: { _ in })
        try writer.write(page, number: 1, to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let parser = XMLParser(data: data)
        let summary = SVGSummary()
        parser.delegate = summary
        XCTAssertTrue(parser.parse(), "well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        return (summary, String(decoding: data, as: UTF8.self))
    }

    func testTextBoxesAreTextElementsTurnedWrappedAndEscaped() throws {
        var page = Page(size: .letter)
        try page.apply(page.adding([
            PageItem(.text(TextItem(text: "Fish & <chips>\n\"quoted\"\u{1}", origin: Point(100, 150), fontSize: 24,
                                    color: InkColor(red: 1, green: 0, blue: 0, alpha: 0.5)))),
            PageItem(.text(TextItem(text: "turned a quarter", origin: Point(400, 300), fontFamily: "serif", angle: .pi / 2))),
            PageItem(.text(TextItem(text: "one two three four five six", origin: Point(100, 600), wrapWidth: 90))),
        ]))
        let (svg, file) = try write(page)
        XCTAssertEqual(svg.texts.count, 3, file)
        XCTAssertEqual(svg.texts[0].lines, ["Fish & <chips>", "\"quoted\""], "markup escaped, a control character left out")
        XCTAssertEqual(svg.texts[0].attributes["font-size"], "24")
        XCTAssertEqual(svg.texts[0].attributes["fill"], "rgb(255,0,0)")
        XCTAssertEqual(svg.texts[0].attributes["fill-opacity"], "0.5")
        XCTAssertEqual(svg.texts[0].attributes["transform"], "translate(100 150) rotate(0) scale(1)")
        XCTAssertEqual(svg.texts[1].attributes["transform"], "translate(400 300) rotate(90) scale(1)")
        XCTAssertEqual(svg.texts[1].attributes["font-family"], "serif")
        // Wrapped at 90 px: more than one line, every word kept in order.
        XCTAssertGreaterThan(svg.texts[2].lines.count, 2, "\(svg.texts[2].lines)")
        XCTAssertEqual(svg.texts[2].lines.joined().split(separator: " "), ["one", "two", "three", "four", "five", "six"])
        // No glyph outlines from cairo: the text is drawn once, as text.
        XCTAssertFalse(file.contains("<symbol"), "cairo drew glyphs too")
    }

    func testSizeAndViewBoxAreThePageInPixelsIncludingLandscape() throws {
        let (portrait, _) = try write(Page(size: .letter))
        XCTAssertEqual(portrait.root["width"], "816px")
        XCTAssertEqual(portrait.root["height"], "1056px")
        XCTAssertEqual(portrait.root["viewBox"], "0 0 816 1056")
        let (landscape, _) = try write(Page(size: PageSize.letter.turned(to: .landscape)))
        XCTAssertEqual(landscape.root["width"], "1056px")
        XCTAssertEqual(landscape.root["height"], "816px")
        XCTAssertEqual(landscape.root["viewBox"], "0 0 1056 816")
    }

    func testEachStrokeIsOneFilledPathAndAnEraserIsOneClipRoundTheInkUnderIt() throws {
        let red = InkColor(red: 1, green: 0, blue: 0)
        let strokes = (0..<5).map { k in
            ExportPages.stroke(ExportPages.line(Point(50, 40 + 30 * Double(k)), Point(350, 60 + 30 * Double(k))),
                               style: ExportPages.pen(red, width: 6))
        }
        let (plain, _) = try write(Page(size: PageSize(width: 400, height: 200), strokes: strokes))
        // Nothing else is drawn as a path (cairo writes the paper as a rect).
        let inked = plain.drawnPaths.filter { ($0["style"] ?? $0["fill"] ?? "").contains("rgb(100%,0%,0%)") }
        XCTAssertEqual(inked.count, 5, "one path per stroke: \(plain.drawnPaths)")
        XCTAssertEqual(plain.drawnPaths.count, 5)
        XCTAssertEqual(plain.clipPaths, 0)

        let erasing = ExportPages.stroke(ExportPages.line(Point(200, 20), Point(200, 180)), style: ExportPages.eraser(width: 20))
        let (erased, text) = try write(Page(size: PageSize(width: 400, height: 200), strokes: strokes + [erasing]))
        XCTAssertEqual(erased.drawnPaths.filter { ($0["style"] ?? $0["fill"] ?? "").contains("rgb(100%,0%,0%)") }.count, 5,
                       "the eraser draws nothing of its own, and each stroke it crosses is still one path")
        XCTAssertEqual(erased.drawnPaths.count, 5)
        // The eraser's clip round the group of what lies under it, written once, and cairo's rectangle
        // round the group's surface.
        XCTAssertEqual(erased.clipPaths, 2, "the eraser is one clip round what lies under it")
        XCTAssertFalse(text.contains("<image"), "no pictures for ink or erasers")
    }

    /// Issue 37: a page erased as one goes — every line crossed by an eraser, every eraser crossed by
    /// the next line, so no two erasers share a group — writes as SVG with each eraser's clip once: the
    /// file grows with the lines and erasers, not their product (which ran cairo out of memory).
    func testAPageErasedAsOneGoesGrowsWithItsInkAndErasers() throws {
        func page(_ count: Int) -> Page {
            var strokes: [Stroke] = []
            for k in 0..<count {
                let y = 15 + Double(k % 95) * 4
                strokes.append(ExportPages.stroke(ExportPages.line(Point(10, y), Point(390, y)), style: ExportPages.pen(.black, width: 2)))
                let x = 20 + Double(k % 180) * 2
                strokes.append(ExportPages.stroke(ExportPages.line(Point(x, 5), Point(x, 395)), style: ExportPages.eraser(width: 1.5)))
            }
            return Page(size: PageSize(width: 400, height: 400), strokes: strokes)
        }
        let (summary, text) = try write(page(150))
        // cairo writes a group's clip as a clip path of its own and the clip it is painted through.
        XCTAssertTrue((150...300).contains(summary.clipPaths), "a clip or two an eraser: \(summary.clipPaths)")
        let (_, doubled) = try write(page(300))
        XCTAssertLessThan(Double(doubled.utf8.count) / Double(text.utf8.count), 2.3, "\(doubled.utf8.count) against \(text.utf8.count) bytes")
        // About 640 bytes a line and its eraser, path, clip and group together.
        XCTAssertLessThan(text.utf8.count, 150 * 1_000)
    }

    func testAJPEGIsEmbeddedAsItsOwnBytes() throws {
        let jpeg = try JPEG.encode(RGBAImage(width: 16, height: 12, fill: (200, 100, 50, 255)), quality: 90)
        let id = ExportPages.blobID(7)
        let page = Page(size: PageSize(width: 300, height: 200), items: [
            PageItem(.scrap(ExportPages.scrap(ImageReference(blob: id, pixelWidth: 16, pixelHeight: 12),
                                              at: Rect(x: 10, y: 10, width: 160, height: 120)))),
        ])
        let (summary, text) = try write(page, blobs: [id: jpeg])
        XCTAssertTrue(text.contains(Data(jpeg).base64EncodedString()), "the JPEG's bytes as a data URI, not re-encoded")
        XCTAssertEqual(text.components(separatedBy: "data:image/jpeg;base64,").count - 1, 1)
        XCTAssertFalse(summary.images.isEmpty)
    }

    /// Issue 40: a text box is in its place among the rest of the page, as the window draws it: under
    /// a photo laid over it, cut by the outline of the scrap holding it, taken by an eraser drawn over
    /// it — drawn back by librsvg.
    func testTextLiesUnderWhatCoversItAndInsideItsScrapsOutline() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert") else {
            try Requirement.unmet("rsvg-convert (librsvg2-bin) to draw the SVG back")
        }
        let red = ExportPages.blobID(8), green = ExportPages.blobID(9)
        let blobs = [red: try PNG.encode(RGBAImage(width: 16, height: 12, fill: (220, 30, 30, 255))),
                     green: try PNG.encode(RGBAImage(width: 16, height: 12, fill: (40, 200, 60, 255)))]
        let words = "Hidden words here"
        let inScrap = TextItem(text: "clipped clipped clipped", origin: Point(1, 6), fontSize: 3)
        let page = Page(size: PageSize(width: 600, height: 500), items: [
            PageItem(.text(TextItem(text: words, origin: Point(40, 100), fontSize: 40))),
            PageItem(.scrap(ExportPages.scrap(ImageReference(blob: red, pixelWidth: 16, pixelHeight: 12),
                                              at: Rect(x: 150, y: 40, width: 300, height: 120)))),
            PageItem(.scrap(ExportPages.scrap(ImageReference(blob: green, pixelWidth: 16, pixelHeight: 12),
                                              at: Rect(x: 40, y: 250, width: 160, height: 120), items: [PageItem(.text(inScrap))]))),
            .stroke(ExportPages.stroke(ExportPages.line(Point(90, 40), Point(90, 130)), style: ExportPages.eraser(width: 24))),
        ])
        let (summary, file) = try write(page, blobs: blobs)
        XCTAssertEqual(summary.texts.map { $0.lines.joined() }, [words, "clipped clipped clipped"])
        XCTAssertFalse(file.contains("3.14159%"), "a marker was left in the SVG")
        // The photo's picture is defined first; where it is drawn is the path filled with it.
        let textAt = try XCTUnwrap(file.range(of: words)).lowerBound, photoAt = try XCTUnwrap(file.range(of: "url(#pattern")).lowerBound
        XCTAssertLessThan(textAt, photoAt, "the words come before the photo laid over them")
        // In the scrap's own units, turned into the page's by the scrap's scale.
        XCTAssertTrue(summary.texts[1].attributes["transform"]?.hasSuffix("scale(10)") == true, "\(summary.texts[1].attributes)")

        let drawnPath = paths[paths.count - 1] + ".png"
        paths.append(drawnPath)
        let drawn = Process()
        drawn.executableURL = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
        drawn.arguments = ["--background-color", "white", "-o", drawnPath, paths[paths.count - 2]]
        try drawn.run()
        drawn.waitUntilExit()
        XCTAssertEqual(drawn.terminationStatus, 0)
        let image = try PNG.read(from: drawnPath)
        func darkPixels(_ area: Rect) -> Int {
            var count = 0
            for y in Int(area.minY)..<Int(area.maxY) {
                for x in Int(area.minX)..<Int(area.maxX) where max(image[x, y].r, image[x, y].g, image[x, y].b) < 90 { count += 1 }
            }
            return count
        }
        XCTAssertGreaterThan(darkPixels(Rect(x: 40, y: 60, width: 35, height: 55)), 100, "the words before the eraser show")
        XCTAssertGreaterThan(darkPixels(Rect(x: 105, y: 60, width: 40, height: 55)), 100, "the words after the eraser show")
        XCTAssertEqual(darkPixels(Rect(x: 82, y: 45, width: 16, height: 80)), 0, "the eraser takes the words under it")
        XCTAssertEqual(darkPixels(Rect(x: 152, y: 42, width: 296, height: 116)), 0, "the photo hides the words under it")
        XCTAssertGreaterThan(darkPixels(Rect(x: 42, y: 252, width: 156, height: 116)), 200, "the scrap's words show on it")
        XCTAssertEqual(darkPixels(Rect(x: 202, y: 240, width: 390, height: 140)), 0, "the scrap's outline cuts its words")
    }
}
