import Foundation
import QuireApp
import QuireDocument
import QuireGeometry
import QuireInk
import QuirePDF
import QuireStorage
import QuireTestSupport
@testable import QuireXournal
import XCTest
import QuireText

/// `quire import-xopp`, run as a user would, on .xopp files written here as Xournal++ writes them:
/// pages, paper, strokes at their widths, highlighter, pictures, what is skipped; and every kind of
/// bad file refused with the library left exactly as it was.
final class XoppImportCommandLineTests: XCTestCase {
    private var library = ""

    override func setUpWithError() throws {
        library = NSTemporaryDirectory() + "quire-xopp-import-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: library)
    }

    @discardableResult
    private func quire(_ arguments: String..., status: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try runQuire(arguments, library: library, status: status, file: file, line: line)
    }

    private func pages(of title: String) throws -> [Page] {
        let store = try NotebookStore(openingAt: try NotebookLibrary(directory: library).resolve(title), readOnly: true)
        defer { try? store.close() }
        return try store.pageIDs().map { try store.loadPage($0) }
    }

    private var lecture: String {
        get throws {
            XoppFixture.document([
                XoppFixture.page(width: 595.27559100, height: 841.88976400,
                                 background: ##"<background type="solid" color="#ffffffff" style="lined"/>"##, layers: [
                    """
                    <stroke tool="pen" ts="0" fn="" color="#3333ccff" width="2 1 2 3 1.5">10 10 40 12 70 30 100 30 130 60</stroke>
                    <stroke tool="pen" color="red" width="1.41" fill="128" style="dash">10 100 50 100 90 110</stroke>
                    <text font="Sans" size="12" x="20" y="300" color="#000000ff">Hello &amp; welcome</text>
                    """,
                    """
                    <stroke tool="highlighter" color="#ffff007f" width="8.5">10 150 200 150</stroke>
                    <image left="100" top="200" right="180" bottom="240">\(try XoppFixture.pngBase64())</image>
                    <teximage text="x^2" left="1" top="1" right="20" bottom="10">iVBORw0KGgo=</teximage>
                    <stroke tool="eraser" color="#ffffffff" width="6 5 7">20 20 30 30 40 40</stroke>
                    """,
                ]),
                XoppFixture.page(background: ##"<background type="solid" color="pink" style="graph"/>"##),
                XoppFixture.page(width: 300, height: 200,
                                 background: ##"<background type="pdf" domain="absolute" filename="/tmp/lecture.pdf" pageno="2"/>"##),
                XoppFixture.page(width: 400, height: 300, background: ##"<background type="solid" color="#ffeeddff" style="dotted"/>"##),
            ])
        }
    }

    func testPagesPaperStrokesAtTheirWidthsHighlighterAndPicturesAreImported() throws {
        let path = library + "/Lecture.xopp"
        XoppFixture.writeGzip(try lecture, to: path)
        let output = try quire("import-xopp", path)
        XCTAssertTrue(output.contains("Imported Lecture.xopp into Lecture: 4 pages, 4 strokes, 1 picture, 1 text"), output)
        XCTAssertFalse(output.contains("text element"), output)
        for skipped in ["1 LaTeX image skipped", "1 PDF background not imported", "1 stroke fill not imported",
                        "1 dash pattern not imported"] {
            XCTAssertTrue(output.contains(skipped), output)
        }
        let pages = try pages(of: "Lecture")
        XCTAssertEqual(pages.count, 4)
        let k = 96.0 / 72.0
        for (page, (width, height)) in zip(pages, [(595.275591, 841.889764), (612, 792), (300, 200), (400, 300)]) {
            XCTAssertEqual(page.size.width, width * k, accuracy: 1e-3)
            XCTAssertEqual(page.size.height, height * k, accuracy: 1e-3)
        }
        XCTAssertEqual(pages.map(\.background.pattern), [.ruled, .grid, .blank, .dotted])
        XCTAssertEqual(pages[1].background.paperColor, InkColor(red: 1, green: 0xC0 / 255, blue: 0xD4 / 255))
        XCTAssertEqual(pages[3].background.paperColor, InkColor(red: 1, green: 0xEE / 255, blue: 0xDD / 255))
        XCTAssertEqual(pages[0].background.spacing, 24 * k, accuracy: 1e-6)

        let strokes = pages[0].strokes
        XCTAssertEqual(strokes.map(\.style.tool), [.pen, .pen, .highlighter, .eraser])
        // The pen: points scaled to page pixels; each point drawn at its segment's width (the last at the one before).
        let pen = strokes[0]
        let points = [(10.0, 10.0), (40, 12), (70, 30), (100, 30), (130, 60)]
        XCTAssertEqual(pen.samples.count, points.count)
        for (sample, (x, y)) in zip(pen.samples, points) {
            XCTAssertEqual(sample.position.x, x * k, accuracy: 1e-4)
            XCTAssertEqual(sample.position.y, y * k, accuracy: 1e-4)
        }
        assertDrawnWidths(pen, [1, 2, 3, 1.5, 1.5].map { $0 * k })
        XCTAssertEqual(pen.style.color, .rgb(InkColor(red: 0x33 / 255, green: 0x33 / 255, blue: 0xCC / 255, alpha: 1)))
        XCTAssertEqual(pen.style.smoothness, 0, "Xournal++ draws straight segments")
        // A named colour, one width throughout.
        XCTAssertEqual(strokes[1].style.color, .rgb(InkColor(red: 1, green: 0, blue: 0, alpha: 1)))
        assertDrawnWidths(strokes[1], [1.41, 1.41, 1.41].map { $0 * k })
        // The highlighter: translucent by its colour's alpha, at its width.
        let highlighter = strokes[2]
        XCTAssertEqual(highlighter.style.effectIDs, [HighlighterEffect.identifier])
        XCTAssertEqual(Double(highlighter.style.color.displayColor.alpha), 127.0 / 255, accuracy: 1e-6)
        var styling = InkStyling(style: highlighter.style, effects: InkEngineRegistry.standard.makeEffects(highlighter.style.effectIDs))
        XCTAssertEqual(styling.layerOpacity, 127.0 / 255, accuracy: 1e-6)
        XCTAssertEqual(styling.dab(for: highlighter.samples[0]).diameter, 8.5 * k, accuracy: 1e-6)
        assertDrawnWidths(strokes[3], [5, 7, 7].map { $0 * k })
        XCTAssertTrue(strokes[3].style.effectIDs.contains(EraserEffect.identifier))

        // The picture: a photo scrap over the rectangle it had, in the layer order (above the highlighter).
        let kinds = pages[0].items.map(\.kind)
        XCTAssertEqual(kinds, ["stroke", "stroke", "text", "stroke", "scrap", "stroke"], "layers merged in order")
        // The text: its entity read, its size in page pixels, its box's top at y 300 pt (the baseline an
        // ascender lower), black.
        guard case let .text(text) = pages[0].items[2].content else { return XCTFail("no text") }
        XCTAssertEqual(text.text, "Hello & welcome")
        XCTAssertEqual(text.fontFamily, "Sans")
        XCTAssertEqual(text.fontSize, 12 * k, accuracy: 1e-9)
        XCTAssertEqual(text.origin.x, 20 * k, accuracy: 1e-9)
        XCTAssertEqual(text.origin.y - 300 * k, 0.93 * 12 * k, accuracy: 2, "an ascender below the box's top")
        XCTAssertEqual(text.color, InkColor(red: 0, green: 0, blue: 0, alpha: 1))
        guard case let .scrap(scrap) = pages[0].items[4].content else { return XCTFail("no scrap") }
        XCTAssertEqual(scrap.image?.reference.pixelWidth, 40)
        XCTAssertEqual(scrap.image?.reference.pixelHeight, 20)
        let bounds = scrap.bounds
        for (got, want) in [(bounds.minX, 100.0), (bounds.minY, 200), (bounds.maxX, 180), (bounds.maxY, 240)] {
            XCTAssertEqual(got, want * k, accuracy: 1e-6)
        }
        XCTAssertTrue(pages[1].items.isEmpty && pages[2].items.isEmpty && pages[3].items.isEmpty)
    }

    /// The widths Quire's vector ink (what it draws, exports and cuts) gives at each sample, within 5%.
    private func assertDrawnWidths(_ stroke: Stroke, _ expected: [Double], file: StaticString = #filePath, line: UInt = #line) {
        let ink = InkEngineRegistry.standard.vectorInk(for: stroke.samples, style: stroke.style)
        XCTAssertEqual(ink.widths.count, expected.count, file: file, line: line)
        for (got, want) in zip(ink.widths, expected) {
            XCTAssertEqual(got, want, accuracy: want * 0.05, "\(ink.widths) ≠ \(expected)", file: file, line: line)
        }
    }

    func testPlainXMLIsReadAndAppendedWithTo() throws {
        try quire("new", "Physics")
        let path = library + "/notes.xopp"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(try lecture.utf8)))
        let output = try quire("import-xopp", path, "--to", "Physics")
        XCTAssertTrue(output.contains("into Physics: 4 pages"), output)
        let physics = try pages(of: "Physics")
        XCTAssertEqual(physics.count, 5)
        XCTAssertEqual(physics[1].strokes.count, 4)
        XCTAssertEqual(physics[1].size.width, 595.275591 * 96 / 72, accuracy: 1e-3)
        // A second import of a file of the same name makes a notebook of its own, numbered.
        try quire("import-xopp", path)
        try quire("import-xopp", path)
        XCTAssertNoThrow(try pages(of: "notes"))
        XCTAssertEqual(try pages(of: "notes 2").count, 4)
    }

    /// `quire import` takes Xournal++ files as it takes PDFs (the same `FileImporters` as a drop): their
    /// pages after `--page N`, all or nothing; given with a PDF, refused, the notebook unchanged.
    func testImportAddsAXournalFilesPagesAfterAPage() throws {
        try quire("new", "Physics")
        try quire("pages", "add", "Physics")
        let path = library + "/notes.xopp"
        XoppFixture.writeGzip(try lecture, to: path)
        let output = try quire("import", "Physics", path, "--page", "1")
        XCTAssertTrue(output.contains("Imported notes.xopp: 4 pages, 4 strokes"), output)
        XCTAssertTrue(output.contains("as pages 2–5 of Physics (now 6 pages)"), output)
        let physics = try pages(of: "Physics")
        XCTAssertEqual(physics.count, 6)
        XCTAssertEqual(physics[1].strokes.count, 4)
        XCTAssertTrue(physics[0].items.isEmpty && physics[5].items.isEmpty, "the pages there before stay first and last")
        let pdf = library + "/slides.pdf"
        try SamplePDF.write([SamplePDF.Page(width: 612, height: 792)], to: pdf)
        let before = XoppFixture.snapshot(library)
        let refused = try quire("import", "Physics", path, pdf, status: 1)
        XCTAssertTrue(refused.contains("cannot import \(pdf): one import takes files of one kind, not both"), refused)
        XCTAssertEqual(XoppFixture.snapshot(library), before, "nothing changed")
    }

    // MARK: Bad files

    /// Imports `bytes` as a new notebook and into an existing one: both refused with exit 1 and a
    /// message naming the file and `reason`, and the library byte for byte as it was.
    private func assertRefused(_ bytes: [UInt8], _ reason: String, gzip: Bool = true, file: StaticString = #filePath, line: UInt = #line) throws {
        if !FileManager.default.fileExists(atPath: library + "/Physics.quire") { try quire("new", "Physics") }
        let path = NSTemporaryDirectory() + "bad-\(UUID().uuidString).xopp"
        defer { try? FileManager.default.removeItem(atPath: path) }
        if gzip { XoppFixture.writeGzip(bytes, to: path) } else { FileManager.default.createFile(atPath: path, contents: Data(bytes)) }
        let before = XoppFixture.snapshot(library)
        for extra in [[], ["--to", "Physics"]] {
            let output = try runQuire(["import-xopp", path] + extra, library: library, status: 1, file: file, line: line)
            XCTAssertTrue(output.contains("quire: error: \(path)"), output, file: file, line: line)
            XCTAssertTrue(output.contains(reason), "\(output) does not say \(reason)", file: file, line: line)
            XCTAssertEqual(XoppFixture.snapshot(library), before, "the library changed", file: file, line: line)
        }
    }

    private func stroke(_ body: String, width: String = "1") -> [UInt8] {
        Array(XoppFixture.document([XoppFixture.page(layers: [##"<stroke tool="pen" color="#000000ff" width="\##(width)">\##(body)</stroke>"##])]).utf8)
    }

    func testBadNumbersAreRefusedNamingTheFileAndTheProblem() throws {
        try assertRefused(stroke("10 10 nan 20"), "\"nan\" is not a finite number")
        try assertRefused(stroke("10 10 20 20", width: "inf"), "\"inf\" is not a finite number")
        try assertRefused(stroke("10 10 20 20", width: "1 -2"), "width -2.0 pt")
        try assertRefused(stroke("10 10 1e12 20"), "coordinate 1000000000000.0 pt")
        try assertRefused(stroke("10 10 20"), "3 coordinates")
        try assertRefused(stroke("10 10 20 2x0"), "\"2x0\" is not a finite number")
        try assertRefused(Array(XoppFixture.document([XoppFixture.page(width: -5)]).utf8), "page 1: the page's width is -5.0 pt")
        try assertRefused(Array(XoppFixture.document([XoppFixture.page(height: 20000)]).utf8), "page 1: its height is")
        try assertRefused(Array(XoppFixture.document([XoppFixture.page(layers: [##"<image left="0" top="0" right="10" bottom="10">aGVsbG8gd29ybGQ=</image>"##])]).utf8),
                          "page 1, picture 1")
    }

    private func text(_ body: [UInt8], size: String = "12", font: String = "Sans") -> [UInt8] {
        let head = Array(XoppFixture.document([XoppFixture.page(layers: [##"<text font="\##(font)" size="\##(size)" x="10" y="10" color="#000000ff">@@</text>"##])]).utf8)
        let at = head.indices.first { head[$0] == UInt8(ascii: "@") && head[$0 + 1] == UInt8(ascii: "@") }!
        return Array(head[..<at]) + body + Array(head[(at + 2)...])
    }

    /// Text as Xournal++'s own test files have it (test/files/load/text-fileversion-4.xopp, whose
    /// expectations its LoadHandler test states; this file is written here to the same pattern): colours
    /// by name and by hex, a line break, whitespace and tabs kept as they are (trailing line breaks too),
    /// and a Pango font name with its style after a comma at a fractional size. A round trip through
    /// Quire's export gives the same texts back.
    func testXournalsOwnTextCasesAreReadAsXournalReadsThemAndRoundTrip() throws {
        func text(_ body: String, color: String, font: String = "Sans", size: String = "12", y: Int) -> String {
            ##"<text font="\##(font)" size="\##(size)" x="72" y="\##(y)" color="\##(color)">\##(body)</text>"##
        }
        let elements = [
            text("red", color: "red", y: 50), text("blue", color: "blue", y: 80), text("green", color: "#00f000ff", y: 110),
            text("multiline\ntext", color: "black", y: 140), text(" \n odd  whitespace\ttext\n\n", color: "black", y: 200),
            text("Other font", color: "black", font: "Times New Roman, Bold", size: "12.34", y: 300),
        ]
        let xml = XoppFixture.document([XoppFixture.page(layers: [elements.joined()])])
        let path = library + "/XournalText.xopp"
        XoppFixture.writeGzip(xml, to: path)
        let output = try quire("import-xopp", path)
        XCTAssertTrue(output.contains("6 texts"), output)
        func texts(_ title: String) throws -> [TextItem] {
            try pages(of: title).first?.items.compactMap { if case let .text(t) = $0.content { t } else { nil } } ?? []
        }
        let read = try texts("XournalText")
        XCTAssertEqual(read.map(\.text), ["red", "blue", "green", "multiline\ntext", " \n odd  whitespace\ttext\n\n", "Other font"])
        let colours = read.map { [InkColor.level($0.color.red), InkColor.level($0.color.green), InkColor.level($0.color.blue)] }
        XCTAssertEqual(Array(colours.prefix(3)), [[0xFF, 0, 0], [0x33, 0x33, 0xCC], [0, 0xF0, 0]], "red, Xournal++'s royal blue, #00f000")
        XCTAssertEqual(read[5].fontFamily, "Times New Roman, Bold", "Pango's name kept")
        XCTAssertEqual(read[5].fontSize, 12.34 * 4 / 3, accuracy: 1e-9, "12.34 pt in page pixels")
        XCTAssertNotNil(PageTextFonts.shared.image(of: read[5], detail: 1), "drawn in what fontconfig finds for it")
        // Out through Quire's export and in again: the same words, colours and sizes.
        let out = library + "/XournalText-again.xopp"
        try quire("export", "XournalText", "--xopp", out)
        try quire("import-xopp", out)
        let again = try texts("XournalText-again")
        XCTAssertEqual(again.map(\.text), read.map(\.text))
        XCTAssertEqual(again.map(\.fontFamily), read.map(\.fontFamily))
        for (a, b) in zip(again, read) {
            XCTAssertEqual(a.fontSize, b.fontSize, accuracy: 1e-3)
            XCTAssertEqual(a.color.red, b.color.red, accuracy: 1 / 255)
            XCTAssertEqual(a.origin.x, b.origin.x, accuracy: 1e-3)
            XCTAssertEqual(a.origin.y, b.origin.y, accuracy: 1e-3)
        }
    }

    /// Text past what a text box holds, sizes that are no size, and bytes that are not UTF-8 are refused,
    /// naming the line; a font that does not exist is drawn in another (fontconfig's nearest).
    func testBadTextIsRefusedAndAMissingFontFallsBack() throws {
        for size in ["0", "nan", "1e6", "-3"] { try assertRefused(text(Array("hi".utf8), size: size), "size") }
        try assertRefused(text(Array(String(repeating: "x", count: XournalLimits.maximumTextCharacters + 1).utf8)),
                          "has 100001 characters, more than the 100000 a Quire text box holds")
        try assertRefused(text([0x68, 0xC3, 0x28, 0x69]), "the XML is malformed")
        let path = library + "/Fonts.xopp"
        XoppFixture.writeGzip(text(Array("Ünïcödé".utf8), font: "No Such Font 1234"), to: path)
        let output = try quire("import-xopp", path)
        XCTAssertTrue(output.contains("1 text"), output)
        guard case let .text(item)? = try pages(of: "Fonts").first?.items.first?.content else { return XCTFail("no text") }
        XCTAssertEqual(item.text, "Ünïcödé")
        XCTAssertEqual(item.fontFamily, "No Such Font 1234", "kept as named")
        XCTAssertNotNil(PageTextFonts.shared.image(of: item, detail: 1), "drawn in the nearest font fontconfig has")
    }

    func testDamagedTruncatedAndMalformedFilesAreRefused() throws {
        let xml = Array(try lecture.utf8)
        let gzipped = NSTemporaryDirectory() + "good-\(UUID().uuidString).xopp"
        defer { try? FileManager.default.removeItem(atPath: gzipped) }
        XoppFixture.writeGzip(xml, to: gzipped)
        let packed = [UInt8](FileManager.default.contents(atPath: gzipped)!)
        try assertRefused(Array(packed.prefix(packed.count / 2)), "cut short", gzip: false)
        var damaged = packed
        for i in 40..<60 { damaged[i] ^= 0x5A }
        try assertRefused(damaged, "the gzip data is damaged", gzip: false)
        try assertRefused(Array(xml.prefix(xml.count / 2)), "the XML is malformed")
        try assertRefused(Array("<xournal><page width=\"10\" height=\"10\"><layer></page></xournal>".utf8), "the XML is malformed at line 1")
        try assertRefused(Array("<svg width=\"10\"/>".utf8), "not a Xournal++ file")
        try assertRefused(Array("<xournal></xournal>".utf8), "it has no pages")
        try assertRefused([], "the file is empty", gzip: false)
        try assertRefused(Array("<!DOCTYPE x [<!ENTITY a \"aaaa\">]><xournal/>".utf8), "DOCTYPE")
    }

    func testCountsPastTheLimitsAreRefusedBeforeTheyAreRead() throws {
        let tooMany = XoppFixture.document(Array(repeating: XoppFixture.page(width: 10, height: 10), count: XournalLimits.maximumPages + 1))
        try assertRefused(Array(tooMany.utf8), "10001 pages, more than the 10000")
        let points = String(repeating: "1 2 ", count: XournalLimits.maximumPointsPerStroke + 1)
        try assertRefused(stroke(points), "1000001 points, more than the 1000000")
    }

    /// A gzip stream that unpacks to far more than the limit stops as soon as it passes it, with the
    /// limit named: checked here with a 1 MiB limit on 16 MiB of spaces (the command's limit is 1 GiB).
    func testAZipBombStopsAtTheLimit() throws {
        let path = NSTemporaryDirectory() + "bomb-\(UUID().uuidString).xopp"
        defer { try? FileManager.default.removeItem(atPath: path) }
        XoppFixture.writeGzip([UInt8](repeating: 0x20, count: 16 << 20), to: path, level: 1)
        let packed = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        XCTAssertLessThan(packed, 1 << 17)
        XCTAssertThrowsError(try unpackedBytes(path, limit: 1 << 20)) { error in
            XCTAssertTrue("\(error)".contains("more than 1 MiB"), "\(error)")
        }
        XCTAssertEqual(try unpackedBytes(path, limit: 16 << 20), 16 << 20)
    }

    /// How many bytes the file unpacks to, read through `GzipStream` a chunk at a time as the reader's
    /// two passes read it.
    private func unpackedBytes(_ path: String, limit: Int) throws -> Int {
        let stream = try GzipStream(path: path, limit: limit)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 1)
        defer { chunk.deallocate() }
        var total = 0
        while case let got = try stream.read(into: chunk), got > 0 { total += got }
        return total
    }
}

/// `quire open FILE.xopp`: the file becomes a new notebook, and the window opens on it.
final class XoppOpenWindowTests: XCTestCase {
    func testOpeningAXoppFileImportsItAndOpensTheNewNotebook() throws {
        let server: XvfbServer
        do { server = try XvfbServer() } catch { try Requirement.unmet("a real X server: \(error)") }
        defer { server.stop() }
        let library = NSTemporaryDirectory() + "quire-xopp-open-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: library) }
        try runQuire(["new", "Other"], library: library)
        let path = library + "/Seminar.xopp"
        XoppFixture.writeGzip(XoppFixture.document([XoppFixture.page(layers: [
            ##"<stroke tool="pen" color="#000000ff" width="2">10 10 200 200</stroke>"##,
        ]), XoppFixture.page()]), to: path)
        let quire = try QuireProcess(arguments: ["open", path, "--library", library], display: server.display)
        defer { quire.terminate() }
        XCTAssertTrue(quire.waitForOutput(containing: "Quire is ready"), quire.text)
        XCTAssertTrue(quire.text.contains("Imported Seminar.xopp into Seminar: 2 pages, 1 stroke, 0 pictures"), quire.text)
        let notebooks = NotebookLibrary(directory: library)
        XCTAssertTrue(eventually { notebooks.lastOpened() == library + "/Seminar.quire" }, "the window opened \(notebooks.lastOpened() ?? "nothing")")
        let store = try NotebookStore(openingAt: library + "/Seminar.quire", readOnly: true)
        defer { try? store.close() }
        XCTAssertEqual(try store.summary().pages.map(\.strokeCount), [1, 0])
    }
}
