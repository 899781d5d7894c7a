import Foundation
import GRDB
import QuireStorage
import QuireTestSupport
import XCTest

/// The command line on files that are not plain notebooks, and readers that must leave nothing behind:
/// `info`, `export` and `pages add` run as a user would, against real files.
final class NotebookOpeningCommandLineTests: XCTestCase {
    private var library = ""

    override func setUpWithError() throws {
        library = NSTemporaryDirectory() + "quire-opening-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: library)
    }

    /// Runs `quire ARGUMENTS --library LIBRARY`; a run that does not end within 20 s fails (and is killed).
    @discardableResult
    private func quire(_ arguments: [String], status: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try runQuire(arguments, library: library, status: status, timeout: 20, file: file, line: line)
    }

    private func listing() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: library)) ?? []).sorted()
    }

    func testAFIFOOrAFolderIsRefusedAtOnceSayingWhatItIs() throws {
        let pipe = library + "/pipe.quire"
        XCTAssertEqual(mkfifo(pipe, 0o644), 0)
        for command in [["info", pipe], ["export", pipe, "--png", library + "/png"], ["pages", "add", pipe]] {
            XCTAssertTrue(try quire(command, status: 1).contains("\(pipe) is not a Quire notebook (it is a named pipe (FIFO), not a file)"))
        }
        let folder = library + "/folder.quire"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        XCTAssertTrue(try quire(["info", folder], status: 1).contains("(it is a folder, not a file)"))
    }

    func testInfoAndExportLeaveNoFilesBehindAndTheNotebookUnchanged() throws {
        try quire(["new", "Shared"])
        let path = library + "/Shared.quire"
        let before = (listing(), FileManager.default.contents(atPath: path))
        let exports = NSTemporaryDirectory() + "quire-opening-png-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: exports) }
        try quire(["info", "Shared"])
        try quire(["info", path, "--json"])
        try quire(["list"])
        XCTAssertTrue(try quire(["export", "Shared", "--png", exports]).contains("Wrote"))
        XCTAssertEqual(listing(), before.0, "a reader left files behind")
        XCTAssertEqual(FileManager.default.contents(atPath: path), before.1, "a reader changed the notebook")
    }

    func testTitlesThatWouldReadAsPathsAreRefused() throws {
        XCTAssertTrue(try quire(["new", "a/b"], status: 1).contains("a notebook cannot be titled 'a/b'"))
        try quire(["new", "Plain"])
        XCTAssertTrue(try quire(["rename", "Plain", "x/y"], status: 1).contains("cannot be titled 'x/y'"))
        XCTAssertEqual(listing().filter { $0.hasSuffix(".quire") }, ["Plain.quire"])
    }

    func testPagesAddOnANotebookWithoutItsNotebookTableChangesNothing() throws {
        try quire(["new", "Broken"])
        let path = library + "/Broken.quire"
        let editor = try DatabaseQueue(path: path)
        try editor.write { try $0.execute(sql: "DROP TABLE notebook") }
        try editor.close()
        let before = FileManager.default.contents(atPath: path)
        XCTAssertTrue(try quire(["pages", "add", path], status: 1).contains("its table `notebook` is missing"))
        XCTAssertEqual(FileManager.default.contents(atPath: path), before)
    }

    func testNoDisplayCreatesNoNotebook() throws {
        // A display number no server listens on.
        let number = (900...999).first { !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)") } ?? 999
        try quire(["--display", ":\(number)"], status: 1)
        XCTAssertEqual(listing().filter { $0.hasSuffix(".quire") }, [], "a notebook was made for a window that never opened")
    }
}
