import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// `quire export` picks pages with `--pages`, sizes PNGs with `--dpi` as well as `--scale`, and wants
/// exactly one destination; every mistake is a usage error (exit 64) that writes nothing.
final class ExportPageSelectionCommandLineTests: XCTestCase {
    private var library = ""
    private var output = ""

    override func setUpWithError() throws {
        library = NSTemporaryDirectory() + "quire-pages-\(UUID().uuidString)"
        output = library + "/png"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        // Three pages, each with one stroke at a different height, so a file shows which page it is.
        let style = InkEngineRegistry.standard.style(for: .pen)
        let pages = (0..<3).map { index in
            let y = 100.0 + Double(index) * 300
            let stroke = Stroke(samples: (0..<20).map { i in
                InputSample(position: Point(100 + Double(i) * 20, y), pressure: 0.8, time: Double(i) * 0.01, device: .pen)
            }, style: style)
            return Page(size: .letter, strokes: [stroke])
        }
        try NotebookLibrary(directory: library).create(title: "Three", pages: pages).close()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: library)
    }

    private func quire(_ arguments: String..., status: Int32, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try runQuire(arguments, library: library, status: status, timeout: 60, file: file, line: line)
    }

    private var written: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []).sorted() }

    func testPagesPicksThosePagesAndNamesFilesByPageNumber() throws {
        XCTAssertTrue(try quire("export", "Three", "--png", output, "--pages", "3,2-2", status: 0).contains("Wrote 2 pages"))
        XCTAssertEqual(written, ["page-002.png", "page-003.png"])
        // page-003 holds the third page's stroke (y = 700), not the first's (y = 100).
        let third = try PNG.read(from: output + "/page-003.png")
        XCTAssertGreaterThan(third.inkedCount(x0: 100, y0: 690, x1: 500, y1: 710), 200)
        XCTAssertEqual(third.inkedCount(x0: 100, y0: 90, x1: 500, y1: 110), 0)
    }

    func testAnOpenRangeRunsToTheLastPage() throws {
        XCTAssertTrue(try quire("export", "Three", "--png", output, "--pages", "2-", status: 0).contains("Wrote 2 pages"))
        XCTAssertEqual(written, ["page-002.png", "page-003.png"])
    }

    func testDPIGivesPixelsPerInchOfPaper() throws {
        XCTAssertTrue(try quire("export", "Three", "--png", output, "--pages", "1", "--dpi", "48", status: 0).contains("Wrote 1 page"))
        let image = try PNG.read(from: output + "/page-001.png")
        // Letter is 8.5 × 11 in.
        XCTAssertEqual(image.width, 408)
        XCTAssertEqual(image.height, 528)
    }

    func testMistakesAreUsageErrorsThatWriteNothing() throws {
        let cases: [([String], String)] = [
            (["--pages", "4"], "has pages 1 to 3"),
            (["--pages", "2-5"], "has pages 1 to 3"),
            (["--pages", "0"], "--pages wants page numbers"),
            (["--pages", "3-1"], "--pages wants page numbers"),
            (["--pages", "one"], "--pages wants page numbers"),
            (["--pages", "1,,2"], "--pages wants page numbers"),
            (["--pages", "99999999999999999999999"], "--pages wants page numbers"),
            (["--dpi", "0"], "--dpi wants"),
            (["--dpi", "nan"], "--dpi wants"),
            (["--dpi", "96", "--scale", "1"], "not both"),
        ]
        for (extra, message) in cases {
            let process = try QuireProcess(arguments: ["export", "Three", "--png", output] + extra + ["--library", library], display: "")
            XCTAssertTrue(process.waitForExit(timeout: 60))
            _ = eventually(timeout: 2) { process.text.hasSuffix("\n") }
            XCTAssertEqual(process.exitStatus, 64, "\(extra): \(process.text)")
            XCTAssertTrue(process.text.contains(message), "\(extra): \(process.text)")
            XCTAssertEqual(written, [], "\(extra) wrote something")
        }
        XCTAssertTrue(try quire("export", "Three", status: 64).contains("say where the pages go: one of --png"))
    }
}
