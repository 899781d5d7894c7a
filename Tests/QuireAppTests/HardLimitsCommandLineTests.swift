import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// `quire export` against notebooks and options no person makes but a damaged file or a typo can
/// (issue 14, items 1, 3 and 4): it exports promptly or refuses with a message stating the limit, never
/// traps, never eats memory, and writes nothing when it refuses.
final class HardLimitsCommandLineTests: XCTestCase {
    private var library = ""
    private var output = ""

    override func setUpWithError() throws {
        library = NSTemporaryDirectory() + "quire-limits-\(UUID().uuidString)"
        output = library + "/png"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: library)
    }

    private func quire(_ arguments: String..., status: Int32, timeout: TimeInterval = 60,
                       file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try runQuire(arguments, library: library, status: status, timeout: timeout, file: file, line: line)
    }

    private func notebook(_ title: String, size: PageSize = .letter, samples: [(Double, Double)]) throws {
        let style = InkEngineRegistry.standard.style(for: .pen)
        let stroke = Stroke(samples: samples.enumerated().map { i, p in
            InputSample(position: Point(p.0, p.1), pressure: 0.5, time: Double(i) * 0.01, device: .pen)
        }, style: style)
        let page = Page(size: size, strokes: [stroke])
        try NotebookLibrary(directory: library).create(title: title, pages: [page]).close()
    }

    private var written: [String] { (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? [] }

    /// The reproduction: a sample at y = 1e8 made export ask for 35 GB. It exports at once, the
    /// far sample dropped and the rest of the stroke drawn.
    func testAStrokeWithAnAbsurdSampleExportsPromptly() throws {
        try notebook("Far", samples: [(10, 10), (10, 1e8), (300, 300), (400, 1e30), (450, -3e7), (500, 300)])
        let started = Date()
        XCTAssertTrue(try quire("export", "Far", "--png", output, status: 0).contains("Wrote 1 page"))
        XCTAssertLessThan(Date().timeIntervalSince(started), 60)
        let image = try PNG.read(from: output + "/page-001.png")
        XCTAssertEqual(image.width, 816)
        XCTAssertGreaterThan(image.inkedCount(x0: 0, y0: 0, x1: 816, y1: 1056), 100, "the usable part is drawn")
    }

    /// Scales that are not numbers, not positive, or that make an image over the limits are usage errors
    /// (exit 64) stating the limits, before anything is written.
    func testScalesOutOfRangeAreRefusedBeforeAnythingIsWritten() throws {
        try notebook("Scale", samples: [(10, 10), (100, 100)])
        for bad in ["nan", "inf", "-inf", "0", "-1", "1e-300"] {
            let text = try quire("export", "Scale", "--png", output, "--scale", bad, status: 64)
            XCTAssertFalse(text.contains("Wrote"), "--scale \(bad): \(text)")
            XCTAssertTrue(text.contains("--scale"), "--scale \(bad): \(text)")
            XCTAssertEqual(written, [], "--scale \(bad) wrote something")
        }
        // Beyond the GL limits an export is tiled; the limits left are the tiled ones.
        for bad in ["1e20", "100"] {
            let text = try quire("export", "Scale", "--png", output, "--scale", bad, status: 64)
            XCTAssertTrue(text.contains("px a side") && text.contains("65536") && text.contains("4294967296"),
                          "--scale \(bad) does not state the limit: \(text)")
            XCTAssertTrue(text.contains("to 62.06"), "--scale \(bad) does not state the largest scale: \(text)")
            XCTAssertFalse(text.contains("framebuffer"), text)
            XCTAssertEqual(written, [], "--scale \(bad) wrote something")
        }
        XCTAssertTrue(try quire("export", "Scale", "--png", output, "--scale", "0.5", status: 0).contains("Wrote 1 page"))
        XCTAssertEqual(try PNG.read(from: output + "/page-001.png").width, 408)
    }

    /// `--png-compression` takes zlib's levels 0–9; anything else is a usage error (exit 64) naming the
    /// option, before anything is written. Level 0 stores, level 9 compresses: the files say so.
    func testPNGCompressionLevelsAreCheckedBeforeAnythingIsWritten() throws {
        try notebook("Level", samples: [(10, 10), (100, 100), (300, 120)])
        for bad in ["10", "-1", "fast", "1.5"] {
            let text = try quire("export", "Level", "--png", output, "--png-compression", bad, status: 64)
            XCTAssertTrue(text.contains("--png-compression") || text.contains("png-compression"), "\(bad): \(text)")
            XCTAssertEqual(written, [], "--png-compression \(bad) wrote something")
        }
        var sizes: [Int] = []
        for level in ["0", "9"] {
            XCTAssertTrue(try quire("export", "Level", "--png", output, "--png-compression", level, status: 0).contains("Wrote 1 page"))
            let path = output + "/page-001.png"
            sizes.append((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
            XCTAssertGreaterThan(try PNG.read(from: path).inkedCount(x0: 0, y0: 0, x1: 816, y1: 1056), 100)
        }
        // Black ink on white paper is stored gray, one byte a pixel.
        XCTAssertGreaterThan(sizes[0], 816 * 1056, "level 0 stores 816×1056 gray pixels uncompressed")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: output + "/page-001.png"))[25], 0, "colour type: gray")
        XCTAssertLessThan(sizes[1], sizes[0] / 20)
    }

    /// A folder that cannot be made is refused in the system's words, not Foundation's error codes.
    func testAnExportFolderThatCannotBeMadeSaysWhyInPlainWords() throws {
        try notebook("Folder", samples: [(10, 10), (100, 100)])
        let file = library + "/a-file"
        FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        let text = try quire("export", "Folder", "--png", file + "/pages", status: 1)
        XCTAssertTrue(text.contains("Not a directory"), text)
        XCTAssertFalse(text.contains("NSCocoaErrorDomain"), text)
    }

    /// A page too large to render is refused naming the file and the page, never a trap or a crash in GL.
    func testAnAbsurdPageSizeIsRefusedNamingThePage() throws {
        for (title, size) in [("Wide", PageSize(width: 1e9, height: 1056)), ("Huge", PageSize(width: 1e308, height: 1e308))] {
            try notebook(title, size: size, samples: [(10, 10), (100, 100)])
            let text = try quire("export", title, "--png", output, status: 1)
            XCTAssertTrue(text.contains("\(title).quire"), text)
            XCTAssertTrue(text.contains("page"), text)
            XCTAssertTrue(text.contains("16000"), text)
            XCTAssertEqual(written, [])
            _ = try quire("info", title, status: 1)
        }
    }
}
