import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
import QuireStorage
import XCTest
@testable import QuireApp

/// The page sorter's drop on another notebook, carried out by the session on real notebook files: a
/// page moved or copied to the end of that notebook with its ink, the notebook shown kept straight,
/// and nothing changed when the target cannot be written.
final class NotebookSessionSendPageTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "quire-send-page-\(UUID().uuidString)"

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func stroke(_ y: Double) -> Stroke {
        Stroke(samples: (0..<20).map { InputSample(position: Point(10 + Double($0) * 3, y), pressure: 0.5, time: Double($0) / 100, device: .pen) },
               style: .defaults(for: .pen))
    }

    /// A page telling itself apart by its number of strokes.
    private func page(strokes count: Int) -> Page {
        Page(strokes: (0..<count).map { stroke(20 + Double($0) * 10) })
    }

    /// Each page of the notebook at `path`, as its stroke count, in order.
    private func strokeCounts(_ path: String) throws -> [Int] {
        let store = try NotebookStore(openingAt: path, readOnly: true)
        defer { try? store.close() }
        return try store.pageIDs().map { try store.loadPage($0).strokes.count }
    }

    private func makeLibrary() throws -> (NotebookLibrary, alpha: String, beta: String) {
        let library = NotebookLibrary(directory: folder)
        let alpha = try library.create(title: "Alpha", pages: [page(strokes: 1), page(strokes: 2), page(strokes: 3)])
        let beta = try library.create(title: "Beta", pages: [page(strokes: 9)])
        try alpha.close(); try beta.close()
        return (library, alpha.path, beta.path)
    }

    func testAMovedPageLeavesForTheEndOfTheOtherNotebookAndTheShownPageStays() throws {
        let (library, alpha, beta) = try makeLibrary()
        let said = SaidLines()
        let session = try NotebookSession(library: library, notebook: "Alpha", say: said.append)
        XCTAssertTrue(try session.perform(.openPage(2)))
        let shown = session.currentPageID
        XCTAssertFalse(try session.perform(.sendPage(1, toNotebook: beta, move: true)), "the page shown did not change")
        XCTAssertEqual(session.currentPageID, shown)
        XCTAssertEqual(session.pageIndex, 1, "page 3 is page 2 now")
        XCTAssertEqual(session.pageIDs.count, 2)
        XCTAssertEqual(try strokeCounts(beta), [9, 2], "at the end of Beta, ink and all")
        session.close()
        XCTAssertEqual(try strokeCounts(alpha), [1, 3], "and gone from Alpha")
        XCTAssertTrue(said.lines.contains("Moved page 2 to the end of 'Beta'"), "\(said.lines)")
    }

    func testACopiedPageStaysAndTheCopyIsItsOwn() throws {
        let (library, alpha, beta) = try makeLibrary()
        let said = SaidLines()
        let session = try NotebookSession(library: library, notebook: "Alpha", say: said.append)
        XCTAssertFalse(try session.perform(.sendPage(2, toNotebook: beta, move: false)))
        XCTAssertFalse(try session.perform(.sendPage(2, toNotebook: beta, move: false)), "twice: two copies")
        XCTAssertEqual(session.pageIDs.count, 3)
        session.close()
        XCTAssertEqual(try strokeCounts(alpha), [1, 2, 3])
        XCTAssertEqual(try strokeCounts(beta), [9, 3, 3])
        let store = try NotebookStore(openingAt: beta, readOnly: true)
        defer { try? store.close() }
        let ids = try store.pageIDs()
        XCTAssertEqual(Set(ids).count, 3, "each copy is a page of its own")
        XCTAssertTrue(said.lines.contains("Copied page 3 to the end of 'Beta'"), "\(said.lines)")
    }

    func testMovingThePageShownShowsTheNextAndTheLastPageLeavesABlankOne() throws {
        let (library, alpha, beta) = try makeLibrary()
        let session = try NotebookSession(library: library, notebook: "Alpha", say: { _ in })
        XCTAssertTrue(try session.perform(.sendPage(0, toNotebook: beta, move: true)), "the page shown went: reload")
        XCTAssertEqual(try session.loadCurrentPage().strokes.count, 2)
        XCTAssertTrue(try session.perform(.sendPage(0, toNotebook: beta, move: true)))
        XCTAssertTrue(try session.perform(.sendPage(0, toNotebook: beta, move: true)))
        XCTAssertEqual(session.pageIDs.count, 1, "a notebook always has a page")
        XCTAssertEqual(try session.loadCurrentPage().strokes.count, 0)
        session.close()
        XCTAssertEqual(try strokeCounts(alpha), [0])
        XCTAssertEqual(try strokeCounts(beta), [9, 1, 2, 3])
    }

    func testATargetThatCannotBeWrittenOrIsThisNotebookChangesNothing() throws {
        let (library, alpha, beta) = try makeLibrary()
        let said = SaidLines()
        let session = try NotebookSession(library: library, notebook: "Alpha", say: said.append)
        let elsewhere = try NotebookStore(openingAt: beta)
        XCTAssertFalse(try session.perform(.sendPage(1, toNotebook: beta, move: true)))
        try elsewhere.close()
        XCTAssertTrue(said.lines.contains { $0.contains("is read-only") && $0.contains("another Quire process") && $0.contains("not sent") },
                      "\(said.lines)")
        XCTAssertFalse(try session.perform(.sendPage(1, toNotebook: alpha, move: true)))
        XCTAssertTrue(said.lines.contains("The page is in this notebook already"))
        XCTAssertFalse(try session.perform(.sendPage(7, toNotebook: beta, move: true)), "no such page")
        XCTAssertThrowsError(try session.perform(.sendPage(1, toNotebook: folder + "/missing.quire", move: true)))
        XCTAssertEqual(session.pageIDs.count, 3)
        session.close()
        XCTAssertEqual(try strokeCounts(alpha), [1, 2, 3])
        XCTAssertEqual(try strokeCounts(beta), [9])
    }

    /// A move to another notebook is one step of this notebook's history: undo brings the page back here
    /// (ink and own history) and takes it out of the other notebook, both; redo sends it again; after a
    /// restart too. A copy's undo takes only the copy back.
    func testUndoingASendRestoresBothNotebooks() throws {
        let (library, alpha, beta) = try makeLibrary()
        let said = SaidLines()
        var session = try NotebookSession(library: library, notebook: "Alpha", say: said.append)
        // Page 2 gets a stroke of its own history first.
        XCTAssertTrue(try session.perform(.openPage(1)))
        session.pageEdited(.insert([PlacedItem(.stroke(stroke(300)), at: 2)]), history: .record(label: nil, stamp: session.clock.next()),
                           on: session.currentPageID)
        XCTAssertTrue(try session.perform(.sendPage(1, toNotebook: beta, move: true)))
        XCTAssertFalse(try session.perform(.sendPage(0, toNotebook: beta, move: false)))
        session.flushSaves()
        XCTAssertEqual(try strokeCounts(alpha), [1, 3])
        XCTAssertEqual(try strokeCounts(beta), [9, 3, 1])
        XCTAssertEqual(session.notebookHistory.done.map(\.label), ["page moved to 'Beta'", "page copied to 'Beta'"])

        XCTAssertFalse(try session.perform(.undoPageChange))
        session.flushSaves()
        XCTAssertEqual(try strokeCounts(beta), [9, 3], "the copy taken back")
        XCTAssertEqual(try strokeCounts(alpha), [1, 3])
        XCTAssertTrue(said.lines.contains("quire: Undid: page copied to 'Beta'"), "\(said.lines)")
        session.close()

        session = try NotebookSession(library: library, notebook: "Alpha", say: said.append)
        XCTAssertTrue(try session.perform(.undoPageChange), "the page brought back is shown")
        session.flushSaves()
        XCTAssertEqual(try strokeCounts(alpha), [1, 3, 3], "back in Alpha with its ink")
        XCTAssertEqual(try strokeCounts(beta), [9], "and out of Beta")
        let back = try session.loadCurrentPage()
        XCTAssertEqual(back.strokes.count, 3)
        XCTAssertEqual(session.history(of: back).history.done.count, 1, "with its own history")
        XCTAssertTrue(try session.perform(.redoPageChange))
        session.flushSaves()
        XCTAssertEqual(try strokeCounts(alpha), [1, 3])
        XCTAssertEqual(try strokeCounts(beta), [9, 3])

        // Drawn on in Beta, the page is Beta's work now: undo here is refused and changes nothing.
        let betaStore = try NotebookStore(openingAt: beta)
        let arrived = try betaStore.pageIDs()[1]
        try betaStore.apply(try betaStore.loadPage(arrived).adding(stroke(400)), to: arrived)
        try betaStore.close()
        XCTAssertFalse(try session.perform(.undoPageChange))
        XCTAssertTrue(said.lines.contains { $0.contains("cannot undo page moved to 'Beta'") && $0.contains("changed here after it arrived") },
                      "\(said.lines)")
        session.close()
        XCTAssertEqual(try strokeCounts(alpha), [1, 3])
        XCTAssertEqual(try strokeCounts(beta), [9, 4])
    }
}
