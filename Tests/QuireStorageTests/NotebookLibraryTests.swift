import Foundation
import QuireDocument
@testable import QuireStorage
import XCTest

final class NotebookLibraryTests: StorageTestCase {
    func testCreateListResolveRenameDuplicateAndTrash() throws {
        let library = NotebookLibrary(directory: folder + "/books")
        XCTAssertEqual(library.entries(), [])
        let a = try library.create(title: "Maths: week 1")
        let b = try library.create(title: "Maths: week 1")
        XCTAssertEqual((a.path as NSString).lastPathComponent, "Maths_ week 1.quire")
        XCTAssertEqual((b.path as NSString).lastPathComponent, "Maths_ week 1 2.quire")
        try b.rename(to: "Biology")
        try a.append(Ink.stroke(), to: try a.pageIDs()[0])
        try a.close(); try b.close()

        XCTAssertEqual(library.entries().map(\.title), ["Biology", "Maths: week 1"])
        XCTAssertEqual(try library.resolve("Biology"), b.path)
        XCTAssertEqual(try library.resolve("biology"), b.path)
        XCTAssertEqual(try library.resolve(a.path), a.path)
        XCTAssertThrowsError(try library.resolve("Chemistry")) { XCTAssertTrue("\($0)".contains("quire list")) }

        let copy = try library.duplicate(a.path, title: "Maths copy")
        XCTAssertEqual(try copy.title, "Maths copy")
        XCTAssertEqual(try copy.loadPage(try copy.pageIDs()[0]).strokes.count, 1)
        let original = try NotebookStore(openingAt: a.path, readOnly: true)
        XCTAssertNotEqual(try copy.notebookID, try original.notebookID)
        try original.close(); try copy.close()

        let trashed = try library.trash(b.path)
        XCTAssertFalse(FileManager.default.fileExists(atPath: b.path))
        XCTAssertTrue(trashed.hasPrefix(library.trashDirectory))
        XCTAssertEqual(library.entries().map(\.title), ["Maths copy", "Maths: week 1"])
        XCTAssertEqual(try NotebookStore(openingAt: trashed, readOnly: true).title, "Biology", "the trash keeps it whole")
    }

    func testTheLastOpenedNotebookIsTheOneToReturnTo() throws {
        let library = NotebookLibrary(directory: folder)
        let a = try library.create(title: "A"), b = try library.create(title: "B")
        try a.markOpened(at: Date(timeIntervalSince1970: 200))
        try b.markOpened(at: Date(timeIntervalSince1970: 100))
        try a.close(); try b.close()
        XCTAssertEqual(library.lastOpened(), a.path)
    }

    func testDefaultLibraryFollowsXDGDataHome() {
        let environment = ProcessInfo.processInfo.environment
        if let dataHome = environment["XDG_DATA_HOME"], !dataHome.isEmpty {
            XCTAssertEqual(NotebookLibrary.defaultDirectory, dataHome + "/quire/notebooks")
        } else {
            XCTAssertTrue(NotebookLibrary.defaultDirectory.hasSuffix("/.local/share/quire/notebooks"))
        }
    }
}
