import Foundation
import QuireDocument
@testable import QuireStorage
import XCTest

/// The trash read back and restored, with real notebook files: a restored notebook is whole, takes its
/// old name when free and a numbered one when not, and nothing in the library is ever overwritten.
final class NotebookLibraryTrashTests: StorageTestCase {
    private func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    func testATrashedNotebookIsListedAndRestoredWholeUnderItsOldName() throws {
        let library = NotebookLibrary(directory: folder + "/books")
        let store = try library.create(title: "Physics")
        try store.append(Ink.stroke(), to: try store.pageIDs()[0])
        let id = try store.notebookID
        try store.close()
        let trashed = try library.trash(store.path)
        XCTAssertEqual(library.trashedNotebooks().map(\.title), ["Physics"])
        XCTAssertEqual(library.trashedNotebooks().map(\.path), [trashed])
        XCTAssertEqual(library.trashedNotebooks().first?.originalName, "Physics.quire")

        let restored = try library.restore(trashed)
        XCTAssertEqual(restored, store.path)
        XCTAssertFalse(FileManager.default.fileExists(atPath: trashed))
        XCTAssertEqual(library.trashedNotebooks(), [])
        XCTAssertEqual(files(in: library.trashDirectory), [], "nothing is left behind in the trash")
        let back = try NotebookStore(openingAt: restored, readOnly: true)
        defer { try? back.close() }
        XCTAssertEqual(try back.title, "Physics")
        XCTAssertEqual(try back.notebookID, id)
        XCTAssertEqual(try back.loadPage(try back.pageIDs()[0]).strokes.count, 1)
    }

    func testANameTakenMeanwhileGivesTheRestoredNotebookANumberAndOverwritesNothing() throws {
        let library = NotebookLibrary(directory: folder + "/books")
        let first = try library.create(title: "Physics")
        try first.close()
        let trashed = try library.trash(first.path)
        // A new notebook now has the name the trashed one had.
        let second = try library.create(title: "Physics")
        try second.rename(to: "Physics (new)")
        let secondID = try second.notebookID
        try second.close()
        XCTAssertEqual(second.path, first.path)
        // And the numbered name after it too, as a file that is no notebook at all.
        let squatter = library.directory + "/Physics 2.quire"
        try Data("not a notebook".utf8).write(to: URL(fileURLWithPath: squatter))

        let restored = try library.restore(trashed)
        XCTAssertEqual((restored as NSString).lastPathComponent, "Physics 3.quire")
        XCTAssertEqual(try String(contentsOfFile: squatter, encoding: .utf8), "not a notebook", "the other file is untouched")
        let kept = try NotebookStore(openingAt: second.path, readOnly: true)
        XCTAssertEqual(try kept.notebookID, secondID)
        XCTAssertEqual(try kept.title, "Physics (new)")
        try kept.close()
        let back = try NotebookStore(openingAt: restored, readOnly: true)
        XCTAssertEqual(try back.title, "Physics")
        try back.close()
        XCTAssertEqual(Set(library.entries().map(\.path)), Set([second.path, restored, squatter]))
    }

    func testTwoTrashedNotebooksOfOneNameBothComeBack() throws {
        let library = NotebookLibrary(directory: folder + "/books")
        let a = try library.create(title: "Notes")
        try a.close()
        let firstTrashed = try library.trash(a.path)
        let b = try library.create(title: "Notes")
        try b.rename(to: "Notes again")
        try b.close()
        // The same second as the first trashing would give the same stamp: the second file is moved
        // aside by hand under another stamp, as a later trashing would name it.
        let secondTrashed = library.trashDirectory + "/Notes 2030-01-01T000000Z.quire"
        try FileManager.default.moveItem(atPath: b.path, toPath: secondTrashed)
        XCTAssertEqual(library.trashedNotebooks().map(\.title), ["Notes again", "Notes"], "the most recently trashed first")

        let one = try library.restore(firstTrashed), two = try library.restore(secondTrashed)
        XCTAssertEqual([one, two].map { ($0 as NSString).lastPathComponent }, ["Notes.quire", "Notes 2.quire"])
        XCTAssertEqual(library.entries().map(\.title), ["Notes", "Notes again"])
        XCTAssertEqual(library.trashedNotebooks(), [])
    }

    func testOnlyNotebooksInTheTrashAreRestored() throws {
        let library = NotebookLibrary(directory: folder + "/books")
        let store = try library.create(title: "Shelf")
        try store.close()
        XCTAssertThrowsError(try library.restore(store.path)) { error in
            XCTAssertEqual(error as? TrashError, .notInTrash(path: store.path, trash: library.trashDirectory))
        }
        XCTAssertThrowsError(try library.restore(library.trashDirectory + "/Gone 2026-01-01T000000Z.quire"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: store.path))
    }

    func testTheOriginalNameDropsOnlyTheTrashStamp() {
        XCTAssertEqual(NotebookLibrary.originalName(ofTrashed: "Maths_ week 1 2026-11-26T164243Z.quire"), "Maths_ week 1.quire")
        XCTAssertEqual(NotebookLibrary.originalName(ofTrashed: "Dropped by hand.quire"), "Dropped by hand.quire")
        XCTAssertEqual(NotebookLibrary.originalName(ofTrashed: " 2026-11-26T164243Z.quire"), "Notebook.quire")
        XCTAssertEqual(NotebookLibrary.trashTime(ofTrashed: "Maths 2026-11-26T164243Z.quire"),
                       ISO8601DateFormatter().date(from: "2026-11-26T16:42:43Z")?.timeIntervalSince1970)
        XCTAssertNil(NotebookLibrary.trashTime(ofTrashed: "Dropped by hand.quire"))
    }
}
