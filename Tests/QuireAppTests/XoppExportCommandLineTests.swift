import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuirePDF
import QuireStorage
import QuireTestSupport
import XCTest

/// `quire export --xopp`, run as a user would on a real notebook: the file Xournal++ itself opens (its
/// own `--create-pdf` under Xvfb makes a PDF of the right pages), and Quire → .xopp → Quire keeping
/// every stroke's points and widths.
final class XoppExportCommandLineTests: XCTestCase {
    private var library = ""

    override func setUpWithError() throws {
        library = NSTemporaryDirectory() + "quire-xopp-export-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: library)
    }

    @discardableResult
    private func quire(_ arguments: String..., status: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try runQuire(arguments, library: library, status: status, file: file, line: line)
    }

    private func picture(_ width: Int, _ height: Int, jpeg: Bool) throws -> BlobBytes {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = UInt8(i / 4 % width * 255 / width)
            pixels[i + 1] = UInt8(i / 4 / width * 255 / height)
        }
        let image = RGBAImage(width: width, height: height, pixels: pixels)
        return jpeg ? BlobBytes(try JPEG.encode(image), kind: .jpeg) : BlobBytes(try PNG.encode(image), kind: .png)
    }

    /// A pressure stroke along a wave, pressure rising and falling.
    private func stroke(_ tool: InkTool, from start: Point, count: Int = 30, color: InkColor = .black) -> Stroke {
        let samples = (0..<count).map { i in
            let t = count > 1 ? Double(i) / Double(count - 1) : 0
            return InputSample(position: Point(start.x + t * 300, start.y + 40 * sin(t * 6)), pressure: 0.1 + 0.9 * sin(t * .pi),
                               time: Double(i) * 0.01, device: .pen)
        }
        return Stroke(samples: samples, style: StrokeStyle.defaults(for: tool, color: .rgb(color)))
    }

    /// "Sketches": three pages, pen, marker, highlighter and eraser strokes, a moved and scaled PNG
    /// scrap, a turned JPEG scrap with ink on it, and text.
    private func makeNotebook() throws -> [Page] {
        let png = try picture(64, 48, jpeg: false), jpeg = try picture(50, 40, jpeg: true)
        let pngScrap = Scrap.photo(ImageReference(blob: png.id, pixelWidth: 64, pixelHeight: 48), centredAt: Point(400, 600),
                                   fitting: Rect(x: 0, y: 0, width: 816, height: 1056))!
        var scaled = pngScrap
        scaled.transform = Homography(AffineTransform.scale(2, 1.5).concatenating(.translation(300, 500)))
        var turned = Scrap.photo(ImageReference(blob: jpeg.id, pixelWidth: 50, pixelHeight: 40), centredAt: Point(200, 800),
                                 fitting: Rect(x: 0, y: 0, width: 816, height: 1056))!
        turned.transform = Homography(AffineTransform.rotation(0.3).concatenating(.translation(150, 750)))
        turned.items = [PageItem(.stroke(stroke(.pen, from: Point(5, 5), count: 8, color: InkColor(red: 0.8, green: 0.1, blue: 0.1))))]
        let pages = [
            Page(size: .letter, background: PageBackground(pattern: .ruled, paperColor: InkColor(red: 1, green: 1, blue: 0.8)), items: [
                PageItem(.stroke(stroke(.pen, from: Point(50, 100), color: InkColor(red: 0.1, green: 0.2, blue: 0.7)))),
                PageItem(.stroke(stroke(.marker, from: Point(50, 250)))),
                PageItem(.stroke(stroke(.highlighter, from: Point(50, 400), color: InkColor(red: 1, green: 0.9, blue: 0)))),
                PageItem(.scrap(scaled)),
                PageItem(.scrap(turned)),
                PageItem(.stroke(stroke(.eraser, from: Point(60, 110), count: 5))),
            ]),
            Page(size: PageSize.a4.turned(to: .landscape), background: PageBackground(pattern: .grid)),
            Page(size: PageSize(width: 600, height: 400), background: PageBackground(pattern: .dotted),
                 items: [PageItem(.text(TextItem(text: "Notes", origin: Point(20, 40)))),
                         // Wrapped at 70 px: written broken where Quire breaks it. Turned: Xournal++
                         // has no turned text, so it is left out and counted.
                         PageItem(.text(TextItem(text: "alpha beta gamma", origin: Point(300, 40), fontSize: 16, wrapWidth: 70))),
                         PageItem(.text(TextItem(text: "Sideways", origin: Point(500, 100), angle: .pi / 2))),
                         // A dot: one sample, which Xournal++ (two points at least) must still open.
                         PageItem(.stroke(stroke(.pen, from: Point(100, 100), count: 1)))]),
        ]
        try NotebookStore.create(at: library + "/Sketches.quire", title: "Sketches", pages: pages, blobs: [png, jpeg]).close()
        return try loadPages("Sketches")
    }

    private func loadPages(_ title: String) throws -> [Page] {
        let store = try NotebookStore(openingAt: try NotebookLibrary(directory: library).resolve(title), readOnly: true)
        defer { try? store.close() }
        return try store.pageIDs().map { try store.loadPage($0) }
    }

    private func drawnWidths(_ stroke: Stroke) -> [Double] {
        var styling = InkStyling(style: stroke.style, effects: InkEngineRegistry.standard.makeEffects(stroke.style.effectIDs))
        return stroke.samples.map { styling.dab(for: $0).diameter }
    }

    func testRoundTripKeepsEveryStrokesPointsAndWidths() throws {
        let original = try makeNotebook()
        let out = library + "/Sketches.xopp"
        let output = try quire("export", "Sketches", "--xopp", out)
        XCTAssertTrue(output.contains("Wrote 3 pages of Sketches to \(out): 6 strokes, 1 picture, 2 texts; "), output)
        XCTAssertTrue(output.contains("1 turned or warped picture skipped") && output.contains("1 turned text skipped"), output)
        XCTAssertEqual([UInt8](FileManager.default.contents(atPath: out)!.prefix(2)), [0x1F, 0x8B], "gzip'ed")
        try quire("import-xopp", out, "--to", "Sketches")
        let pages = try loadPages("Sketches")
        XCTAssertEqual(pages.count, 6)
        let back = Array(pages[3...])
        for (a, b) in zip(original, back) {
            XCTAssertEqual(a.size.width, b.size.width, accuracy: 1e-6)
            XCTAssertEqual(a.size.height, b.size.height, accuracy: 1e-6)
            XCTAssertEqual(a.background.pattern, b.background.pattern)
            XCTAssertEqual(a.background.paperColor.blue, b.background.paperColor.blue, accuracy: 0.5 / 255)
        }
        // Page strokes in order, then the turned scrap's ink carried onto the page.
        var expected = original[0].strokes
        guard case let .scrap(turned) = original[0].items[4].content, let onScrap = turned.items.first?.stroke else {
            return XCTFail("no ink on the turned scrap")
        }
        var carried = onScrap
        carried.samples = onScrap.samples.map { var s = $0; s.position = turned.transform.apply(s.position)!; return s }
        expected.insert(carried, at: 3)
        let strokes = back[0].strokes
        XCTAssertEqual(strokes.count, expected.count)
        XCTAssertEqual(strokes.map(\.style.tool), [.pen, .pen, .highlighter, .pen, .eraser], "a marker comes back as a pen")
        for (index, (before, after)) in zip(expected, strokes).enumerated() {
            XCTAssertEqual(before.samples.count, after.samples.count, "stroke \(index)")
            for (p, q) in zip(before.samples, after.samples) {
                XCTAssertEqual(p.position.x, q.position.x, accuracy: 1e-3, "stroke \(index)")
                XCTAssertEqual(p.position.y, q.position.y, accuracy: 1e-3, "stroke \(index)")
            }
            for (w, v) in zip(drawnWidths(before), drawnWidths(after)) {
                XCTAssertEqual(w, v, accuracy: w * 1e-4 + 1e-6, "stroke \(index): \(drawnWidths(before)) → \(drawnWidths(after))")
            }
            // The vector ink (what Quire draws) agrees too, node by node.
            let inkAfter = InkEngineRegistry.standard.vectorInk(for: after.samples, style: after.style).widths
            for (w, v) in zip(drawnWidths(before), inkAfter) { XCTAssertEqual(w, v, accuracy: w * 0.05, "stroke \(index)") }
        }
        XCTAssertEqual(back[2].strokes.map { $0.samples.map(\.position) }, [[Point(100, 100), Point(100, 100)]], "the dot")
        // The text box: its words, font, size and place as they were.
        let texts = back[2].items.compactMap { item -> TextItem? in if case let .text(t) = item.content { t } else { nil } }
        XCTAssertEqual(texts.map(\.text), ["Notes", "alpha \nbeta \ngamma"], "the wrapped box's lines as Quire showed them")
        XCTAssertEqual(texts.first?.fontSize ?? 0, 16, accuracy: 1e-4)
        XCTAssertEqual(texts.first?.origin.x ?? 0, 20, accuracy: 1e-3)
        XCTAssertEqual(texts.first?.origin.y ?? 0, 40, accuracy: 1e-3)
        XCTAssertEqual(strokes[0].style.color.displayColor.blue, 0.7, accuracy: 1 / 255)
        XCTAssertEqual(Double(strokes[2].style.color.displayColor.alpha), 0.35, accuracy: 1 / 255, "the highlighter's opacity")
        // The PNG scrap: its whole picture where it lay.
        let scraps = back[0].items.compactMap { item -> Scrap? in if case let .scrap(s) = item.content { return s } else { return nil } }
        XCTAssertEqual(scraps.count, 1)
        guard case let .scrap(scaled) = original[0].items[3].content else { return XCTFail("no scrap") }
        for (got, want) in [(scraps[0].bounds.minX, scaled.bounds.minX), (scraps[0].bounds.maxY, scaled.bounds.maxY)] {
            XCTAssertEqual(got, want, accuracy: 1e-3)
        }
    }

    func testXournalOpensTheExportedFileAndPrintsItsPages() throws {
        guard let xournal = Requirement.which("xournalpp") else { try Requirement.unmet("xournalpp is not installed") }
        guard let xvfbRun = Requirement.which("xvfb-run") else { try Requirement.unmet("xvfb-run (package xvfb) is not installed") }
        let original = try makeNotebook()
        let out = library + "/Sketches.xopp", pdf = library + "/Sketches.pdf"
        try quire("export", "Sketches", "--xopp", out)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xvfbRun)
        process.arguments = ["-a", xournal, "--create-pdf=\(pdf)", out]
        let log = Pipe()
        process.standardOutput = log
        process.standardError = log
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = library  // Xournal++ writes its settings there
        process.environment = environment
        try process.run()
        let finished = eventually(timeout: 120) { !process.isRunning }
        if !finished { process.terminate() }
        XCTAssertTrue(finished, "xournalpp --create-pdf did not finish")
        let text = String(decoding: log.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertFalse(text.contains("invalid pressure") || text.contains("rror"), "Xournal++ complained: \(text)")
        let document = try PDFDocument(contentsOf: pdf)
        XCTAssertEqual(document.pageSizes.count, 3)
        XCTAssertTrue(document.text(ofPage: 2).contains("Notes"), "Xournal++ shows Quire's text: \(document.text(ofPage: 2))")
        XCTAssertTrue(document.text(ofPage: 2).contains("gamma"), "and the wrapped box's: \(document.text(ofPage: 2))")
        for (size, page) in zip(document.pageSizes, original) {
            XCTAssertEqual(size.width, page.size.width * 0.75, accuracy: 0.5)
            XCTAssertEqual(size.height, page.size.height * 0.75, accuracy: 0.5)
        }
    }

    func testPagesPicksThePagesAndAFailedWriteLeavesNoFile() throws {
        _ = try makeNotebook()
        let out = library + "/two.xopp"
        let output = try quire("export", "Sketches", "--xopp", out, "--pages", "2-3")
        XCTAssertTrue(output.contains("Wrote 2 pages of Sketches"), output)
        try quire("import-xopp", out)
        XCTAssertEqual(try loadPages("two").map(\.background.pattern), [.grid, .dotted])
        let missing = library + "/no-such-folder/out.xopp"
        let failed = try quire("export", "Sketches", "--xopp", missing, status: 1)
        XCTAssertTrue(failed.contains("quire: error: \(missing)"), failed)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: library).filter { $0.contains(".writing") }, [])
    }
}
