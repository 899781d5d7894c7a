import Foundation
import GRDB
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireStorage
import QuireTestSupport
import XCTest

/// `quire info`, `export` and `pages add` on notebooks whose rows hold values of the wrong kind (issue 14:
/// `page.width = 'abc'` made GRDB trap with SIGILL): each exits with status 1 and a message naming the
/// file and the damaged column, never with a signal, and the file is not changed.
final class DamagedNotebookCommandLineTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "quire-damaged-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A two-page notebook with ink, whose `sql` was then run on it as a hand edit would.
    private func damagedNotebook(_ name: String, _ sql: String) throws -> String {
        let path = folder + "/\(name).quire"
        let stroke = Stroke(samples: (0..<20).map { InputSample(position: Point(Double(10 + $0 * 5), 40), pressure: 0.5, time: Double($0) / 100) },
                            style: .defaults(for: .pen))
        try NotebookStore.create(at: path, title: name, pages: [Page(strokes: [stroke]), Page()]).close()
        let raw = try DatabaseQueue(path: path)
        try raw.writeWithoutTransaction { try $0.execute(sql: sql) }
        try raw.close()
        return path
    }

    /// Runs `quire arguments`, which must exit with status 1 (not a signal) saying `expected`.
    private func assertFails(_ arguments: [String], saying expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        do {
            let process = try QuireProcess(arguments: arguments + ["--library", folder + "/library"], display: "")
            XCTAssertTrue(process.waitForExit(timeout: 30), file: file, line: line)
            _ = eventually(timeout: 2) { process.text.hasSuffix("\n") }
            XCTAssertEqual(process.exitStatus, 1, "\(arguments): \(process.text)", file: file, line: line)
            // Exporting first needs OpenGL without a window; where there is none, that is what it says.
            if arguments.first == "export", process.text.contains("needs OpenGL") {
                print("DamagedNotebookCommandLineTests: no headless OpenGL here, so `export` stopped before reading pages")
                return
            }
            for needle in expected {
                XCTAssertTrue(process.text.contains(needle), "\(arguments) does not say '\(needle)': \(process.text)", file: file, line: line)
            }
        } catch {
            XCTFail("could not run quire: \(error)", file: file, line: line)
        }
    }

    func testAPageWidthThatIsText() throws {
        let path = try damagedNotebook("Width", "UPDATE page SET width = 'abc' WHERE position = (SELECT min(position) FROM page)")
        let before = FileManager.default.contents(atPath: path)
        let says = [path, "page.width = the text 'abc', which is not a finite number"]
        assertFails(["info", path], saying: says)
        assertFails(["export", path, "--png", folder + "/out"], saying: says)
        XCTAssertEqual(FileManager.default.contents(atPath: path), before, "reading changed the file")
    }

    func testAStyleThatIsABlob() throws {
        let path = try damagedNotebook("Style", "UPDATE style SET json = x'00ff'")
        let says = [path, "style.json = a blob of 2 bytes, which is not text"]
        assertFails(["export", path, "--png", folder + "/out"], saying: says)
    }

    /// Issue 38: a pen 10⁹ px wide made `export --png` abort allocating 32 TB; 10⁶ px took minutes and
    /// gigabytes. Refused where the row is read, before anything is sized from it.
    func testAPenWiderThanAnyInkIsAClearErrorNotAnAllocation() throws {
        for width in ["1e9", "1e6"] {
            let path = try damagedNotebook("Wide\(width)", "UPDATE style SET json = json_set(json, '$.maximumWidth', \(width))")
            let before = FileManager.default.contents(atPath: path)
            // (assertFails waits 30 s for the exit: the 10⁶ px pen took minutes.)
            assertFails(["export", path, "--png", folder + "/out-\(width)"],
                        saying: [path, "cannot be used: its largest width is", "a stroke's width must be from 0 to 2000 px"])
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/out-\(width)/page-001.png"), "no page written")
            XCTAssertEqual(FileManager.default.contents(atPath: path), before, "reading changed the file")
        }
    }

    /// Issue 38: a scrap scaled 10⁹ times made `export --png` abort allocating 8 TB (the renderer's grid
    /// of the page listed it in 10¹² cells). It is drawn, covering the page, and the export finishes.
    func testAScrapScaledBeyondAnyPageIsDrawnNotAnAllocation() throws {
        let path = folder + "/Huge.quire"
        let store = try NotebookStore.create(at: path, title: "Huge", pages: [Page()])
        let blob = try store.storeBlob(PNG.encode(RGBAImage(width: 20, height: 10, fill: (220, 0, 0, 255))), kind: .png)
        let scrap = Scrap(outline: BezierPath(rect: Rect(x: 0, y: 0, width: 20, height: 10)), transform: Homography(.translation(100, 100)),
                          image: ScrapImage(reference: ImageReference(blob: blob, pixelWidth: 20, pixelHeight: 10),
                                            rect: Rect(x: 0, y: 0, width: 20, height: 10)))
        let page = try store.pageIDs()[0]
        try store.apply(Page().adding([PageItem(.scrap(scrap))]), to: page)
        try store.close()
        let raw = try DatabaseQueue(path: path)
        try raw.writeWithoutTransaction {
            try $0.execute(sql: "UPDATE item SET data = json_set(data, '$.transform', json('[1e9,0,0,0,1e9,0,0,0,1]')) WHERE kind = 'scrap'")
        }
        try raw.close()
        let process = try QuireProcess(arguments: ["export", path, "--png", folder + "/out", "--library", folder + "/library"], display: "")
        XCTAssertTrue(process.waitForExit(timeout: 60), process.text)
        if process.text.contains("needs OpenGL") { return print("no headless OpenGL here: export stopped before drawing") }
        XCTAssertEqual(process.exitStatus, 0, process.text)
        XCTAssertFalse(process.exitedBySignal, process.text)
        let image = try PNG.read(from: folder + "/out/page-001.png")
        XCTAssertGreaterThan(Int(image[400, 500].r), 180, "the scrap covers the page: \(image[400, 500])")
        XCTAssertLessThan(Int(image[400, 500].g), 60)
    }

    func testAPageHeightThatIsABlobAndAddingAPage() throws {
        let path = try damagedNotebook("ID", "UPDATE page SET height = x'01'")
        assertFails(["info", path], saying: [path, "page.height = a blob of 1 bytes"])
        assertFails(["pages", "add", path], saying: [path])
    }

    /// Issue 14, item 11: committed changes past a damaged WAL frame are dropped by SQLite; `info` says so.
    func testADamagedWriteAheadLogIsSaid() throws {
        let original = folder + "/W.quire", copy = folder + "/Copy.quire"
        let store = try NotebookStore.create(at: original, title: "W", pages: [Page()])
        let page = try store.pageIDs()[0]
        for x in 0..<5 {
            let samples = (0..<10).map { InputSample(position: Point(Double(10 * x + $0), 40), time: Double($0) / 100) }
            _ = try store.append(Stroke(samples: samples, style: .defaults(for: .pen)), to: page)
        }
        // Copied while open: the strokes are in the WAL, not yet in the file.
        try FileManager.default.copyItem(atPath: original, toPath: copy)
        try FileManager.default.copyItem(atPath: original + "-wal", toPath: copy + "-wal")
        try store.close()
        let wal = try XCTUnwrap(FileHandle(forUpdatingAtPath: copy + "-wal"))
        let pageSize = 512, offset = UInt64(32 + (24 + pageSize) + 24 + 100) // in the second frame's page
        try wal.seek(toOffset: offset)
        let byte = try XCTUnwrap(wal.read(upToCount: 1))
        try wal.seek(toOffset: offset)
        try wal.write(contentsOf: Data([byte[0] ^ 0x5A]))
        try wal.close()

        let process = try QuireProcess(arguments: ["info", copy, "--library", folder + "/library"], display: "")
        XCTAssertTrue(process.waitForExit(timeout: 30))
        XCTAssertTrue(eventually(timeout: 5) { process.text.contains("is damaged at frame 2") }, process.text)
        XCTAssertEqual(process.exitStatus, 0, process.text)
    }
}
