import Foundation
import QuireApp
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireStorage
import QuireTestSupport
import XCTest

/// `quire import`, `quire info --json`'s scraps and `quire scraps list|move|front|delete`, run as a user
/// would, on real notebook files with real PNG and JPEG files made here.
final class PictureImportCommandLineTests: XCTestCase {
    private var library = ""
    private var notebookPath: String { library + "/Album.quire" }

    override func setUpWithError() throws {
        library = NSTemporaryDirectory() + "quire-import-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: library)
    }

    @discardableResult
    private func quire(_ arguments: String..., status: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try quire(arguments, status: status, file: file, line: line)
    }

    /// Smooth gradients with a little deterministic grain: compresses as a photo does, not as a flat fill.
    private func photo(_ width: Int, _ height: Int, seed: UInt32 = 1) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var state = seed
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let grain = Int(state >> 28) - 8
                let i = (y * width + x) * 4
                pixels[i] = UInt8(clamping: x * 255 / width + grain)
                pixels[i + 1] = UInt8(clamping: y * 255 / height + grain)
                pixels[i + 2] = UInt8(clamping: 128 + Int(60 * sin(Double(x + y) / 40)) + grain)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private func write(_ bytes: [UInt8], _ name: String) -> String {
        let path = library + "/" + name
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    private func fileSize(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? -1
    }

    private func page(_ number: Int = 1) throws -> Page {
        let store = try NotebookStore(openingAt: notebookPath, readOnly: true)
        defer { try? store.close() }
        return try store.loadPage(try store.pageIDs()[number - 1])
    }

    private func scraps(_ page: Page) -> [(id: ItemID, scrap: Scrap)] {
        page.items.compactMap { item in
            if case let .scrap(scrap) = item.content { return (item.id, scrap) }
            return nil
        }
    }

    private func assertBounds(_ r: Rect, _ x: Double, _ y: Double, _ w: Double, _ h: Double, accuracy: Double = 1e-6,
                              file: StaticString = #filePath, line: UInt = #line) {
        for (got, want) in [(r.minX, x), (r.minY, y), (r.width, w), (r.height, h)] {
            XCTAssertEqual(got, want, accuracy: accuracy, "\(r)", file: file, line: line)
        }
    }

    func testPNGAndJPEGBecomeScrapsCentredAndFittedWithTheirOwnBytes() throws {
        try quire("new", "Album")
        try quire("pages", "add", "Album")
        let png = try PNG.encode(photo(300, 200))
        let jpeg = try JPEG.encode(photo(2000, 1000, seed: 7), quality: 90)
        let pngPath = write(png, "small.png"), jpegPath = write(jpeg, "wide.jpg")

        let said = try quire("import", "Album", pngPath, jpegPath, "--page", "2")
        XCTAssertTrue(said.contains("Imported 2 pictures onto page 2 of Album"), said)
        XCTAssertTrue(scraps(try page(1)).isEmpty)
        let placed = scraps(try page(2))
        XCTAssertEqual(placed.count, 2)
        // The cascade of two is centred on the Letter page (816×1056), half a step up and left of its
        // middle to half a step down and right. One image pixel per page pixel:
        let half = PictureImport.cascadeStep / 2
        assertBounds(placed[0].scrap.bounds, 408 - half - 150, 528 - half - 100, 300, 200)
        // scaled down to the page less its margins and the cascade's step (816 − 2·48 − 24 = 696 wide).
        assertBounds(placed[1].scrap.bounds, 408 + half - 348, 528 + half - 174, 696, 348)
        XCTAssertEqual(placed[1].scrap.outline.bounds, Rect(x: 0, y: 0, width: 2000, height: 1000), "outline in image pixels")

        let store = try NotebookStore(openingAt: notebookPath, readOnly: true)
        defer { try? store.close() }
        let references = placed.compactMap { $0.scrap.image?.reference }
        XCTAssertEqual(references.map(\.pixelWidth), [300, 2000])
        XCTAssertEqual(references.map(\.pixelHeight), [200, 1000])
        XCTAssertEqual(try store.blob(references[0].blob), png, "the PNG is stored as given")
        XCTAssertEqual(try store.blob(references[1].blob), jpeg, "the JPEG is stored as given, not re-encoded")
    }

    /// An imported JPEG shows on the page where it was placed: exported through headless GL, the
    /// scrap's area is the photo's colour and the page beside it is paper.
    func testImportedJPEGShowsInTheExport() throws {
        do { _ = try HeadlessGLContext() } catch { try Requirement.unmet("headless OpenGL: \(error)") }
        try quire("new", "Album")
        let red = try JPEG.encode(RGBAImage(width: 200, height: 100, fill: (220, 20, 20, 255)), quality: 90)
        try quire("import", "Album", write(red, "red.jpg"))
        try quire("export", "Album", "--png", library + "/png")
        let image = try PNG.read(from: library + "/png/page-001.png")
        // Centred: 308…508 × 478…578 on the Letter page.
        for (x, y) in [(408, 528), (312, 482), (504, 574)] {
            let p = image[x, y]
            XCTAssertTrue(p.r > 180 && p.g < 60 && p.b < 60, "the photo at \(x),\(y): \(p)")
        }
        for (x, y) in [(300, 528), (408, 470), (516, 528)] {
            let p = image[x, y]
            XCTAssertTrue(p.r > 240 && p.g > 240 && p.b > 240, "paper at \(x),\(y): \(p)")
        }
    }

    func testImportWithoutPageGoesToThePageLastViewed() throws {
        try quire("new", "Album")
        try quire("pages", "add", "Album")
        try quire("pages", "add", "Album")
        let picture = write(try PNG.encode(photo(40, 30)), "p.png")
        try quire("import", "Album", picture)
        XCTAssertEqual(scraps(try page(1)).count, 1, "no view recorded: page 1")
        do {
            let store = try NotebookStore(openingAt: notebookPath)
            try store.saveView(NotebookView(pageID: try store.pageIDs()[2]))
            try store.close()
        }
        XCTAssertTrue(try quire("import", "Album", picture).contains("onto page 3 of Album"))
        XCTAssertEqual(scraps(try page(3)).count, 1)
    }

    /// A JPEG adds its own size to the notebook and hardly more, however often it is imported.
    func testJPEGBytesAreStoredOnceWithoutBloat() throws {
        try quire("new", "Album")
        let jpeg = try JPEG.encode(photo(1600, 1200, seed: 3), quality: 90)
        let path = write(jpeg, "photo.jpg")
        // Each command closes the notebook, which checkpoints the WAL into the file measured here.
        let before = try fileSize(notebookPath)
        try quire("import", "Album", path, path)
        try quire("import", "Album", path)
        let added = try fileSize(notebookPath) - before
        XCTAssertEqual(scraps(try page()).count, 3)
        XCTAssertEqual(Set(scraps(try page()).compactMap { $0.scrap.image?.reference.blob }).count, 1, "one blob")
        let ratio = Double(added) / Double(jpeg.count)
        XCTAssertLessThanOrEqual(ratio, 1.05, "\(added) bytes added for a \(jpeg.count)-byte JPEG imported three times")
        XCTAssertGreaterThan(ratio, 0.9, "the JPEG's bytes are in the file")
    }

    /// Every bad file is an error naming it and why; nothing of the import reaches the notebook, whose
    /// file stays byte for byte as it was.
    func testBadFilesAreRefusedAndTheNotebookIsUnchanged() throws {
        try quire("new", "Album")
        let goodPNG = try PNG.encode(photo(64, 48))
        let good = write(goodPNG, "good.png")
        let jpeg = try JPEG.encode(photo(320, 240), quality: 90)

        // A 50,000 × 50,000 JPEG header: the frame header's height and width patched in.
        var huge = jpeg
        let sof = try XCTUnwrap((0..<huge.count - 9).first { huge[$0] == 0xFF && (0xC0...0xC2).contains(huge[$0 + 1]) })
        for (offset, byte) in [(5, 0xC3), (6, 0x50), (7, 0xC3), (8, 0x50)] { huge[sof + offset] = UInt8(byte) }
        // The same for a PNG, with the header chunk's CRC made right so only the size is wrong.
        var hugePNG = try PNG.encode(photo(8, 8))
        for (offset, byte) in [(16, 0), (17, 0), (18, 0xC3), (19, 0x50), (20, 0), (21, 0), (22, 0xC3), (23, 0x50)] {
            hugePNG[offset] = UInt8(byte)
        }
        let crc = Self.crc32(hugePNG[12..<29])
        for k in 0..<4 { hugePNG[29 + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }

        let folder = library + "/a-folder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let fifo = library + "/a-fifo"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        var corrupt = jpeg
        for i in 2..<min(400, corrupt.count) { corrupt[i] = 0x5A }
        // Garbage in the middle of the compressed data, past a header that reads.
        var damaged = jpeg
        var noise: UInt32 = 99
        for i in (jpeg.count / 2)..<(jpeg.count / 2 + 300) {
            noise = noise &* 1_664_525 &+ 1_013_904_223
            damaged[i] = UInt8(truncatingIfNeeded: noise >> 24)
        }

        let cases: [(path: String, reason: String)] = [
            (library + "/missing.png", "no such file"),
            (write(Array(jpeg.prefix(40)), "truncated.jpg"), "cut short"),
            // Cut short after a header that reads: only reading the data finds it.
            (write(Array(jpeg.prefix(jpeg.count * 6 / 10)), "cut-short.jpg"), "cut short"),
            (write(Array(goodPNG.prefix(goodPNG.count * 6 / 10)), "cut-short.png"), "cut short"),
            (write(corrupt, "corrupt.jpg"), "neither a PNG nor a JPEG"),
            (write(damaged, "damaged.jpg"), "damaged"),
            (write(huge, "huge.jpg"), "50000×50000"),
            (write(hugePNG, "huge.png"), "50000×50000"),
            (write(Array("just some words, not a picture\n".utf8), "notes.txt"), "neither a PNG nor a JPEG"),
            (write(Array("%PDF-1.4\n%âãÏÓ\n1 0 obj\n".utf8), "paper.pdf"), "PDF"),
            (write([], "empty.png"), "empty"),
            (folder, "folder"),
            (fifo, "FIFO"),
        ]
        let before = try XCTUnwrap(FileManager.default.contents(atPath: notebookPath))
        for (path, reason) in cases {
            // The good picture first: the command is all or nothing, so it must not be imported either.
            let said = try quire("import", "Album", good, path, status: 1)
            XCTAssertTrue(said.contains("cannot import \(path)"), said)
            XCTAssertTrue(said.contains(reason), "\(path): \(said)")
            XCTAssertEqual(FileManager.default.contents(atPath: notebookPath), before, "\(path) changed the notebook")
        }
        XCTAssertTrue(try page().items.isEmpty)
        XCTAssertTrue(try quire("import", "Album", good).contains("Imported 1 picture onto page 1"))
    }

    func testInfoJSONDescribesEachScrap() throws {
        try quire("new", "Album")
        let picture = write(try PNG.encode(photo(200, 100)), "p.png")
        try quire("import", "Album", picture)
        // A plain-paper scrap carrying two strokes, put on top directly through the store.
        do {
            let store = try NotebookStore(openingAt: notebookPath)
            let id = try store.pageIDs()[0]
            let page = try store.loadPage(id)
            let pen = StrokeStyle.defaults(for: .pen)
            let ink = (0..<2).map { k in
                PageItem.stroke(Stroke(samples: (0..<10).map {
                    InputSample(position: Point(Double($0) * 5, 10 + Double(k) * 10), pressure: 0.5, time: Double($0) / 100, device: .pen)
                }, style: pen))
            }
            let paper = Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 60, height: 40)),
                              transform: Homography(AffineTransform.translation(30, 50)), items: ink)
            try store.apply(page.adding([PageItem(.scrap(paper))]), to: id)
            try store.close()
        }

        struct Info: Decodable {
            struct Page: Decodable { var items: [String: Int]; var scraps: [Scrap] }
            struct Scrap: Decodable {
                struct Picture: Decodable { var width, height: Int; var blob: String }
                var id: String; var index: Int; var outline: String?; var transform: [Double]
                var image: Picture?; var strokes: Int
            }
            var pages: [Page]
        }
        let text = try quire("info", "Album", "--json")
        XCTAssertTrue(text.contains("\"image\" : null"), "plain paper says so: \(text)")
        let info = try JSONDecoder().decode(Info.self, from: Data(text.utf8))
        let scraps = info.pages[0].scraps
        XCTAssertEqual(info.pages[0].items["scrap"], 2)
        XCTAssertEqual(scraps.map(\.index), [0, 1])
        XCTAssertEqual(scraps.map(\.id), self.scraps(try page()).map(\.id.rawValue))

        let photoScrap = scraps[0]
        XCTAssertEqual(photoScrap.image?.width, 200)
        XCTAssertEqual(photoScrap.image?.height, 100)
        XCTAssertEqual(photoScrap.image?.blob, self.scraps(try page())[0].scrap.image?.reference.blob.rawValue)
        XCTAssertEqual(photoScrap.image?.blob.count, 64)
        XCTAssertEqual(photoScrap.strokes, 0)
        XCTAssertEqual(photoScrap.transform.count, 9)
        // The outline is in page coordinates, and reads back through the SVG path parser.
        let outline = try BezierPath(svgPathData: try XCTUnwrap(photoScrap.outline))
        assertBounds(outline.bounds, 308, 478, 200, 100)

        let paper = scraps[1]
        XCTAssertNil(paper.image)
        XCTAssertEqual(paper.strokes, 2)
        XCTAssertEqual(paper.transform, [1, 0, 30, 0, 1, 50, 0, 0, 1])
        assertBounds(try BezierPath(svgPathData: try XCTUnwrap(paper.outline)).bounds, 30, 50, 60, 40)

        let plain = try quire("info", "Album")
        XCTAssertTrue(plain.contains("2 scraps"), plain)
        XCTAssertTrue(plain.contains("2 strokes on scraps"), plain)
    }

    func testScrapsMoveTurnScaleFrontAndDelete() throws {
        try quire("new", "Album")
        let a = write(try PNG.encode(photo(200, 100)), "a.png"), b = write(try PNG.encode(photo(50, 50, seed: 9)), "b.png")
        try quire("import", "Album", a, b)
        let ids = scraps(try page()).map(\.id.rawValue)
        let first = ids[0], short = String(ids[0].prefix(8))
        XCTAssertTrue(try quire("scraps", "list", "Album").contains(first))
        XCTAssertTrue(try quire("scraps", "list", "Album", "--page", "1").contains("page 1: 2 scraps"))

        func bounds() throws -> Rect { try XCTUnwrap(scraps(try page()).first { $0.id.rawValue == first }).scrap.bounds }
        // The first of a cascade of two: half a step up and left of the page's middle.
        assertBounds(try bounds(), 296, 466, 200, 100)
        try quire("scraps", "move", "Album", short, "--by", "-20,15")
        assertBounds(try bounds(), 276, 481, 200, 100)
        try quire("scraps", "move", "Album", first, "--scale", "0.5")
        assertBounds(try bounds(), 326, 506, 100, 50)
        try quire("scraps", "move", "Album", first, "--rotate=90")
        assertBounds(try bounds(), 351, 481, 50, 100, accuracy: 1e-6)
        // A quarter turn clockwise (page y runs down): the image's top-left corner goes to the top right.
        let turned = try XCTUnwrap(scraps(try page()).first { $0.id.rawValue == first }).scrap
        let corner = try XCTUnwrap(turned.transform.apply(Point(0, 0)))
        XCTAssertEqual(corner.x, 401, accuracy: 1e-6)
        XCTAssertEqual(corner.y, 481, accuracy: 1e-6)

        XCTAssertEqual(scraps(try page()).map(\.id.rawValue), ids)
        XCTAssertTrue(try quire("scraps", "front", "Album", first).contains("to the top of page 1"))
        XCTAssertEqual(scraps(try page()).map(\.id.rawValue), [ids[1], ids[0]])
        XCTAssertTrue(try quire("scraps", "front", "Album", first).contains("already on top"))

        // Numbers out of range or not numbers at all are refused before anything changes.
        let before = try page()
        for bad in [["--scale", "1000"], ["--scale", "0"], ["--scale", "nan"], ["--rotate", "inf"], ["--rotate", "720"],
                    ["--by", "1e300,0"], ["--by", "3"], ["--by", "x,y"], []] {
            let said = try quire(["scraps", "move", "Album", first] + bad, status: 64)
            XCTAssertTrue(said.lowercased().contains("error:"), said)
        }
        XCTAssertEqual(try page(), before)
        XCTAssertTrue(try quire("scraps", "move", "Album", "ffffffff", "--by", "1,1", status: 1).contains("no scrap"))

        try quire("scraps", "delete", "Album", first)
        XCTAssertEqual(scraps(try page()).map(\.id.rawValue), [ids[1]])
        XCTAssertTrue(try quire("scraps", "delete", "Album", first, status: 1).contains("no scrap"))
    }

    /// Runs the built `quire` against this test's library and checks its exit status (64: the
    /// argument parser refused the command line before it ran).
    @discardableResult
    private func quire(_ arguments: [String], status: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try runQuire(arguments, library: library, status: status, timeout: 60, file: file, line: line)
    }

    /// PNG's CRC-32 (ISO 3309), for patching a chunk.
    private static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
