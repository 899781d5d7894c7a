import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
import QuireStorage
import XCTest
@testable import QuireApp

/// What the notebook list asks of the session, on real notebook files: open, rename, duplicate, trash
/// and restore any notebook of the library, the current one saved first and never the last one trashed.
final class NotebookSessionLibraryTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "quire-session-library-\(UUID().uuidString)"

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func stroke() -> Stroke {
        Stroke(samples: (0..<20).map { InputSample(position: Point(10 + Double($0) * 3, 40), pressure: 0.5, time: Double($0) / 100, device: .pen) },
               style: .defaults(for: .pen))
    }

    private func title(_ path: String) throws -> String {
        let store = try NotebookStore(openingAt: path, readOnly: true)
        defer { try? store.close() }
        return try store.title
    }

    private func strokes(_ path: String) throws -> Int {
        let store = try NotebookStore(openingAt: path, readOnly: true)
        defer { try? store.close() }
        return try store.loadPage(try store.pageIDs()[0]).strokes.count
    }

    private func makeLibrary() throws -> (NotebookLibrary, alpha: String, beta: String) {
        let library = NotebookLibrary(directory: folder)
        let alpha = try library.create(title: "Alpha"), beta = try library.create(title: "Beta")
        try alpha.close(); try beta.close()
        return (library, alpha.path, beta.path)
    }

    func testOpenRenameAndDuplicateActOnAnyNotebookAndSaveTheCurrentOneFirst() throws {
        let (library, alpha, beta) = try makeLibrary()
        let said = SaidLines()
        let session = try NotebookSession(library: library, notebook: "Alpha", say: said.append)
        session.pageEdited(.insert([PlacedItem(.stroke(stroke()), at: 0)]), on: session.currentPageID)
        XCTAssertFalse(try session.open(alpha), "the notebook shown is not opened again")
        XCTAssertTrue(try session.open(beta))
        XCTAssertEqual(session.store.path, beta)
        XCTAssertEqual(try strokes(alpha), 1, "the stroke was saved before switching")

        try session.rename(alpha, to: "Algebra")
        try session.rename(beta, to: "Biologie été")
        XCTAssertEqual(try title(alpha), "Algebra")
        XCTAssertEqual(try title(beta), "Biologie été")
        XCTAssertEqual(session.title, "Biologie été", "the current notebook's title follows")
        XCTAssertThrowsError(try session.rename(alpha, to: "a/b"))
        XCTAssertEqual(try title(alpha), "Algebra", "a refused title changes nothing")

        let copy = try XCTUnwrap(try session.duplicate(alpha))
        XCTAssertEqual(try title(copy), "Algebra copy")
        XCTAssertEqual(try strokes(copy), 1)
        XCTAssertEqual(session.store.path, beta, "duplicating another notebook stays where it is")
        XCTAssertEqual(session.libraryEntries().notebooks.map(\.title), ["Algebra", "Algebra copy", "Biologie été"])
        session.close()
        XCTAssertTrue(said.lines.contains("Renamed Alpha.quire to 'Algebra'"), "\(said.lines)")
    }

    func testTrashingTheCurrentNotebookSwitchesAwayAnotherStaysAndTheLastIsRefused() throws {
        let (library, alpha, beta) = try makeLibrary()
        let said = SaidLines()
        let session = try NotebookSession(library: library, notebook: "Alpha", say: said.append)
        XCTAssertTrue(try session.trash(alpha), "the page shown changed")
        XCTAssertEqual(session.store.path, beta)
        XCTAssertFalse(FileManager.default.fileExists(atPath: alpha))
        XCTAssertEqual(library.trashedNotebooks().map(\.title), ["Alpha"])

        XCTAssertFalse(try session.trash(beta))
        XCTAssertTrue(FileManager.default.fileExists(atPath: beta), "the last notebook was trashed")
        XCTAssertTrue(said.lines.contains("quire: the last notebook cannot go to the trash; make another first"))

        let restored = try session.restore(try XCTUnwrap(library.trashedNotebooks().first).path)
        XCTAssertEqual(restored, alpha)
        XCTAssertEqual(session.libraryEntries().trashed, [])
        XCTAssertFalse(try session.trash(alpha), "another notebook goes without the page changing")
        XCTAssertEqual(session.store.path, beta)
        XCTAssertFalse(FileManager.default.fileExists(atPath: alpha))
        session.close()
    }

    func testANotebookOpenElsewhereIsNeitherRenamedNorTrashed() throws {
        let (library, alpha, beta) = try makeLibrary()
        let session = try NotebookSession(library: library, notebook: "Alpha", say: { _ in })
        // Another window has Beta open (and locked).
        let elsewhere = try NotebookStore(openingAt: beta)
        defer { try? elsewhere.close() }
        XCTAssertThrowsError(try session.rename(beta, to: "Mine"))
        XCTAssertThrowsError(try session.trash(beta))
        XCTAssertTrue(FileManager.default.fileExists(atPath: beta))
        XCTAssertEqual(try title(beta), "Beta")
        XCTAssertEqual(session.store.path, alpha)
        session.close()
    }
}
