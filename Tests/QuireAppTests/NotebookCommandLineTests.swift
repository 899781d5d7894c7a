import Foundation
import QuireDocument
import QuireImageIO
import QuireStorage
import QuireTestSupport
import XCTest

/// `quire list`, `new`, `info --json`, `export --png`, `pages move|copy`, `rename`, `duplicate`,
/// `delete`, run as a user would, against real notebook files.
final class NotebookCommandLineTests: XCTestCase {
    private var library = ""

    override func setUpWithError() throws {
        library = NSTemporaryDirectory() + "quire-cli-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: library)
    }

    @discardableResult
    private func quire(_ arguments: String..., status: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try runQuire(arguments, library: library, status: status, timeout: 30, file: file, line: line)
    }

    private func drawStrokes(_ count: Int, into title: String) throws {
        let process = try QuireProcess(arguments: ["autosave-drill", library + "/\(title).quire", "--count", "\(count)",
                                                   "--pause-milliseconds", "0"], display: "")
        XCTAssertTrue(process.waitForExit(timeout: 30))
    }

    func testNewListInfoPagesAndExport() throws {
        XCTAssertTrue(try quire("list").contains("No notebooks"))
        XCTAssertTrue(try quire("new", "Physics", "--background", "grid").contains("Created \(library)/Physics.quire"))
        try quire("new", "Maths", "--paper", "a4", "--landscape")
        XCTAssertEqual(try quire("list").split(separator: "\n").map { $0.split(separator: "\t").first! }, ["Maths", "Physics"])
        try drawStrokes(7, into: "Physics")
        try quire("pages", "add", "Physics")

        struct Info: Decodable {
            struct Page: Decodable {
                struct Bounds: Decodable { var x, y, width, height: Double }
                var number: Int; var strokes: Int; var orientation: String; var bounds: Bounds?
                var background: PageBackground
            }
            var title: String; var strokes: Int; var pages: [Page]
        }
        var info = try JSONDecoder().decode(Info.self, from: Data(try quire("info", "Physics", "--json").utf8))
        XCTAssertEqual(info.title, "Physics")
        XCTAssertEqual(info.pages.map(\.strokes), [7, 0])
        XCTAssertEqual(info.pages[0].background.pattern, .grid)
        XCTAssertNotNil(info.pages[0].bounds)
        XCTAssertNil(info.pages[1].bounds)

        XCTAssertTrue(try quire("pages", "copy", "Physics", "1", "--to", "Maths", "--at", "1").contains("to page 1 of Maths"))
        try quire("pages", "move", library + "/Physics.quire", "1", "--at", "2")
        info = try JSONDecoder().decode(Info.self, from: Data(try quire("info", "Physics", "--json").utf8))
        XCTAssertEqual(info.pages.map(\.strokes), [0, 7])
        let maths = try JSONDecoder().decode(Info.self, from: Data(try quire("info", "Maths", "--json").utf8))
        XCTAssertEqual(maths.pages.map(\.strokes), [7, 0])
        XCTAssertEqual(maths.pages.map(\.orientation), ["portrait", "landscape"])
        XCTAssertTrue(try quire("pages", "move", "Physics", "9", "--to", "Maths", status: 1).contains("pages 1 to 2"))

        let exportFolder = library + "/png"
        XCTAssertTrue(try quire("export", "Physics", "--png", exportFolder).contains("Wrote 2 pages"))
        let page2 = try PNG.read(from: exportFolder + "/page-002.png")
        XCTAssertEqual(page2.width, 816)
        XCTAssertGreaterThan(page2.inkedCount(x0: 0, y0: 0, x1: 816, y1: 1056, threshold: 120), 100)
        // Physics is grid paper: its vertical lines run down the page every 32 px (a 1 px line on a pixel
        // boundary lands half in each neighbouring column).
        let gridColumn = (0..<1056).filter { let p = page2[32, $0]; return Int(p.b) > Int(p.r) + 20 }
        XCTAssertGreaterThan(gridColumn.count, 900, "no grid on the exported page")
        XCTAssertEqual(try PNG.read(from: exportFolder + "/page-001.png").inkedCount(x0: 0, y0: 0, x1: 816, y1: 1056), 0)
    }

    /// Counts agree with their nouns, and a name that is no notebook points at the commands too (it may
    /// be a command misspelt).
    func testMessagesCountRightlyAndAnUnknownNameNamesTheCommands() throws {
        _ = try quire("new", "Single")
        let info = try quire("info", "Single")
        XCTAssertTrue(info.contains("1 page,") && !info.contains("1 pages"), info)
        XCTAssertTrue(try quire("pages", "add", "Single").contains("has 2 pages"))
        let unknown = try quire("info", "lsit", status: 1)
        XCTAssertTrue(unknown.contains("no notebook titled 'lsit'") && unknown.contains("quire --help"), unknown)
    }

    func testRenameDuplicateDeleteToTrash() throws {
        try quire("new", "Draft")
        try quire("rename", "Draft", "Final")
        try quire("duplicate", "Final")
        XCTAssertEqual(try quire("list").split(separator: "\n").map { $0.split(separator: "\t").first! }, ["Final", "Final copy"])
        XCTAssertTrue(try quire("delete", "Final copy").contains("/.trash/"))
        XCTAssertEqual(try quire("list").split(separator: "\n").map { $0.split(separator: "\t").first! }, ["Final"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: library + "/.trash").count, 1)
    }

    func testBadNotebooksAreClearErrorsAndUntouched() throws {
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        let bogus = library + "/bogus.quire"
        XCTAssertTrue(FileManager.default.createFile(atPath: bogus, contents: Data("not a notebook at all, just text".utf8)))
        XCTAssertTrue(try quire("info", bogus, status: 1).contains("\(bogus) is not a Quire notebook"))
        XCTAssertEqual(FileManager.default.contents(atPath: bogus), Data("not a notebook at all, just text".utf8))
        XCTAssertTrue(try quire("info", "Nothing", status: 1).contains("no notebook titled 'Nothing'"))
        XCTAssertTrue(try quire("list").contains("unreadable"))
    }
}
