import Foundation
import QuireApp
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuirePDF
import QuireStorage
import QuireTestSupport
import XCTest

/// The file manager's thumbnails: `Packaging/desktop/quire.thumbnailer` run as a file manager runs it
/// (its Exec line with `%i %o %s` substituted) on notebooks of ink, a photo and a PDF page, on damaged
/// files, and on a notebook a running Quire has open; and `NotebookThumbnail`'s choice between the
/// stored thumbnail and drawing the page.
final class ThumbnailerCommandLineTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "quire-thumbnailer-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func thumbnail(_ notebook: String, _ output: String, size: Int = 128, status: Int32 = 0,
                           file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try ThumbnailerEntry.run(notebook, output, size: size, status: status, file: file, line: line)
    }

    private func state(of notebook: String) -> ([String], Data?) { ThumbnailerEntry.state(of: notebook) }

    private func quire(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws {
        try runQuire(arguments, library: nil, timeout: 60, file: file, line: line)
    }

    func testTheEntryRunsQuireThumbnailForTheNotebookType() throws {
        let keys = try ThumbnailerEntry.entry()
        XCTAssertEqual(keys["TryExec"], "quire")
        XCTAssertEqual(keys["Exec"], "quire thumbnail %i %o --size %s")
        let mime = try String(contentsOf: ThumbnailerEntry.packaging.appendingPathComponent("io.github.quire.Quire.xml"), encoding: .utf8)
        let type = try XCTUnwrap(mime.range(of: #"mime-type type="([^"]+)""#, options: .regularExpression).map { String(mime[$0]) })
        XCTAssertEqual(keys["MimeType"], type.dropFirst("mime-type type=\"".count).dropLast() + ";")
    }

    // MARK: Three kinds of notebook

    private func inkNotebook(_ name: String = "Ink") throws -> String {
        try ThumbnailerEntry.inkNotebook(in: folder, name: name)
    }

    func testAnInkNotebookShowsItsStrokeAtTheSizeAskedAndIsNotTouched() throws {
        let notebook = try inkNotebook()
        let before = state(of: notebook)
        for size in [128, 256, 512] {
            let output = folder + "/ink-\(size).png"
            try thumbnail(notebook, output, size: size)
            let image = try PNG.read(from: output)
            // A Letter page, 816 × 1056: its longer side is the size asked.
            XCTAssertEqual(image.height, size)
            XCTAssertEqual(image.width, Int((Double(size) * 816 / 1056).rounded()), accuracy: 1)
            // The stroke runs corner to corner: ink at its middle and along it, none in the empty corners.
            let s = Double(size) / 1056
            let middle = (Int(405 * s), Int(525 * s))
            XCTAssertGreaterThan(image.inkedCount(x0: middle.0 - 2, y0: middle.1 - 2, x1: middle.0 + 3, y1: middle.1 + 3), 10,
                                 "no ink at the stroke's middle at size \(size)")
            XCTAssertEqual(image.inkedCount(x0: Int(600 * s), y0: 0, x1: image.width, y1: Int(300 * s)), 0, "ink in the top right")
            XCTAssertEqual(image.inkedCount(x0: 0, y0: Int(800 * s), x1: Int(250 * s), y1: image.height), 0, "ink in the bottom left")
        }
        let after = state(of: notebook)
        XCTAssertEqual(after.0, before.0, "files appeared or went beside the notebook")
        XCTAssertEqual(after.1, before.1, "the notebook's bytes changed")
    }

    /// Counts pixels near `color` (0…255 each), in the rows `rows` (all when nil).
    private func count(_ image: RGBAImage, near color: (Int, Int, Int), rows: Range<Int>? = nil, columns: Range<Int>? = nil,
                       within tolerance: Int = 40) -> Int {
        var n = 0
        for y in (rows ?? 0..<image.height).clamped(to: 0..<image.height) {
            for x in (columns ?? 0..<image.width).clamped(to: 0..<image.width) {
                let p = image[x, y]
                if abs(Int(p.r) - color.0) <= tolerance, abs(Int(p.g) - color.1) <= tolerance, abs(Int(p.b) - color.2) <= tolerance { n += 1 }
            }
        }
        return n
    }

    func testAPhotoScrapAndAPDFPageShowInTheirColours() throws {
        // A 400 × 300 pure green photo, imported as a scrap centred on the page.
        let photo = folder + "/photo.png"
        try PNG.write(RGBAImage(width: 400, height: 300, pixels: [UInt8]((0..<400 * 300).flatMap { _ in [20, 200, 40, 255] as [UInt8] })),
                      to: photo)
        try quire("new", "Album", "--library", folder)
        try quire("import", "Album", photo, "--library", folder)
        let album = folder + "/Album.quire"
        try thumbnail(album, folder + "/album.png", size: 256)
        let albumImage = try PNG.read(from: folder + "/album.png")
        // 400 × 300 of 816 × 1056 at 256/1056: about 97 × 73 pixels of green, in the middle.
        let green = count(albumImage, near: (20, 200, 40))
        XCTAssertGreaterThan(green, 90 * 66, "the photo does not show")
        XCTAssertLessThan(green, 100 * 76, "more green than the photo")
        // Centred: (816 - 400) / 2 = 208 page pixels from the left, (1056 - 300) / 2 = 378 from the top.
        let s = 256.0 / 1056
        XCTAssertEqual(count(albumImage, near: (20, 200, 40), rows: Int(376 * s)..<Int(680 * s) + 2, columns: Int(206 * s)..<Int(610 * s) + 2),
                       green, "the photo is not in the middle of the page")

        // A PDF page with a blue box filling its top half; its notebook's blank first page deleted.
        let pdf = folder + "/paper.pdf"
        try SamplePDF.write([SamplePDF.Page(width: 612, height: 792, box: (0, 0, 612, 396), color: (0.1, 0.2, 0.9))], to: pdf)
        try quire("new", "Paper", "--library", folder)
        try quire("import", "Paper", pdf, "--library", folder)
        try quire("pages", "delete", "Paper", "1", "--library", folder)
        let paper = folder + "/Paper.quire"
        let before = state(of: paper)
        try thumbnail(paper, folder + "/paper.png", size: 128)
        let paperImage = try PNG.read(from: folder + "/paper.png")
        XCTAssertEqual(paperImage.height, 128)
        let blue = count(paperImage, near: (26, 51, 230), rows: 0..<62)
        XCTAssertGreaterThan(blue, paperImage.width * 58, "the PDF page's blue half does not show")
        XCTAssertEqual(count(paperImage, near: (26, 51, 230), rows: 66..<128), 0, "blue in the PDF page's white half")
        let after = state(of: paper)
        XCTAssertEqual(after.0, before.0, "files appeared or went beside the PDF notebook")
        XCTAssertEqual(after.1, before.1, "the thumbnailer changed the PDF notebook")
    }

    // MARK: What is refused

    func testADamagedFileOrAWrongSizeIsRefusedAndWritesNoFile() throws {
        let notebook = try inkNotebook()
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: notebook))
        // Every page after the header page overwritten: the tables' pages are no b-tree pages.
        let damaged = folder + "/Damaged.quire"
        XCTAssertTrue(FileManager.default.createFile(atPath: damaged, contents: bytes.prefix(4096) + Data(repeating: 0x5A, count: bytes.count - 4096)))
        // Cut short after its header page.
        let cut = folder + "/Cut.quire"
        XCTAssertTrue(FileManager.default.createFile(atPath: cut, contents: bytes.prefix(4096)))
        // Not a notebook at all.
        let text = folder + "/Notes.quire"
        XCTAssertTrue(FileManager.default.createFile(atPath: text, contents: Data("just some notes\n".utf8)))
        for (file, says) in [(damaged, "Damaged.quire"), (cut, "Cut.quire"), (text, "is not a Quire notebook")] {
            let output = folder + "/refused.png"
            let before = FileManager.default.contents(atPath: file)
            let said = try thumbnail(file, output, status: 1)
            XCTAssertTrue(said.contains("quire: error:") && said.contains(says), "\(file): \(said)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: output), "\(file) left a thumbnail")
            XCTAssertEqual(FileManager.default.contents(atPath: file), before, "\(file) was changed")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }, [],
                       "a temporary file was left behind")
        for size in [0, 15, 4097] {
            let said = try thumbnail(notebook, folder + "/sized.png", size: size, status: 64)
            XCTAssertTrue(said.contains("--size takes 16 to 4096 pixels"), said)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/sized.png"))
        }
    }

    // MARK: The stored thumbnail

    func testTheStoredThumbnailIsUsedWhileCurrentAndLargeEnough() throws {
        let notebook = try inkNotebook()
        // A stored thumbnail unlike the page (all magenta), for its current ink.
        let store = try NotebookStore(openingAt: notebook)
        let page = try XCTUnwrap(try store.pageIDs().first)
        let magenta = RGBAImage(width: 163, height: 211, pixels: [UInt8]((0..<163 * 211).flatMap { _ in [230, 0, 230, 255] as [UInt8] }))
        try store.saveThumbnail(png: try PNG.encode(magenta), of: page, inkVersion: try store.inkVersion(of: page))
        try store.close()

        let small = try NotebookThumbnail.image(ofNotebookAt: notebook, size: 128)
        XCTAssertEqual(small.source, .stored)
        XCTAssertEqual(max(small.image.width, small.image.height), 128)
        XCTAssertEqual(count(small.image, near: (230, 0, 230)), small.image.width * small.image.height, "not the stored picture")
        // Larger than stored: the page is drawn, with its stroke and no magenta.
        let large = try NotebookThumbnail.image(ofNotebookAt: notebook, size: 512)
        XCTAssertEqual(large.source, .drawn)
        XCTAssertEqual(count(large.image, near: (230, 0, 230)), 0)
        XCTAssertGreaterThan(large.image.inkedCount(x0: 0, y0: 0, x1: large.image.width, y1: large.image.height), 1000)

        // A stroke added since: the stored one is behind the ink, and the page is drawn at any size.
        let writer = try NotebookStore(openingAt: notebook)
        let samples = (0...10).map { InputSample(position: Point(100 + Double($0) * 20, 700), pressure: 1, time: Double($0), device: .pen) }
        try writer.append(Stroke(samples: samples, style: .defaults(for: .pen, color: .rgb(.black))), to: page)
        try writer.close()
        let stale = try NotebookThumbnail.image(ofNotebookAt: notebook, size: 128)
        XCTAssertEqual(stale.source, .drawn)
        XCTAssertEqual(count(stale.image, near: (230, 0, 230)), 0, "the thumbnail behind the ink was shown")
    }

    func testAStoredThumbnailThatIsNotAPNGIsPassedOverForThePage() throws {
        let notebook = try inkNotebook()
        let store = try NotebookStore(openingAt: notebook)
        let page = try XCTUnwrap(try store.pageIDs().first)
        try store.saveThumbnail(png: [0x89, 0x50, 0x4E, 0x47, 1, 2, 3], of: page, inkVersion: try store.inkVersion(of: page))
        try store.close()
        var warnings: [String] = []
        let made = try NotebookThumbnail.image(ofNotebookAt: notebook, size: 128) { warnings.append($0) }
        XCTAssertEqual(made.source, .drawn)
        XCTAssertGreaterThan(made.image.inkedCount(x0: 0, y0: 0, x1: made.image.width, y1: made.image.height), 100)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings.first?.contains("not a PNG Quire reads") == true, "\(warnings)")
    }
}
