import Foundation
import GRDB
import QuireDocument
import QuireGeometry
import QuireInk
import QuireStorage
import XCTest
@testable import QuireApp

/// The session between the window and the notebook files, on real SQLite files: a notebook that cannot
/// be opened never costs the one in use its saving.
final class NotebookSessionTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "quire-session-\(UUID().uuidString)"

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func stroke(_ y: Double) -> Stroke {
        Stroke(samples: (0..<20).map { InputSample(position: Point(10 + Double($0) * 3, y), pressure: 0.5, time: Double($0) / 100, device: .pen) },
               style: .defaults(for: .pen))
    }

    /// The edit that finishing `stroke` on a page of `existing` strokes makes.
    private func adding(_ stroke: Stroke, above existing: Int) -> PageEdit {
        .insert([PlacedItem(.stroke(stroke), at: existing)])
    }

    private func strokeCount(_ path: String) throws -> Int {
        let store = try NotebookStore(openingAt: path, readOnly: true)
        defer { try? store.close() }
        return try store.loadPage(try store.pageIDs()[0]).strokes.count
    }

    func testSwitchingToAnUnreadableNotebookKeepsTheCurrentOneSaving() throws {
        let library = NotebookLibrary(directory: folder)
        try library.ensureExists()
        try library.create(title: "Alpha", pages: [Page()]).close()
        // "Beta" sorts after Alpha: the next notebook, and not a notebook at all.
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/Beta.quire", contents: Data("garbage, not SQLite".utf8)))
        let session = try NotebookSession(library: library, notebook: "Alpha", say: { _ in })
        session.pageEdited(adding(stroke(50), above: 0), on: session.currentPageID)
        XCTAssertThrowsError(try session.perform(.nextNotebook)) { error in
            XCTAssertTrue("\(error)".contains("Beta.quire"), "\(error)")
        }
        XCTAssertEqual(try session.store.title, "Alpha", "the session left the notebook it could save to")
        session.pageEdited(adding(stroke(80), above: 1), on: session.currentPageID)
        session.close()
        XCTAssertEqual(try strokeCount(folder + "/Alpha.quire"), 2, "a stroke after the failed switch was lost")
    }

    func testTrashingANotebookPassesOverAnUnreadableOne() throws {
        let library = NotebookLibrary(directory: folder)
        try library.ensureExists()
        try library.create(title: "Alpha", pages: [Page()]).close()
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/Beta.quire", contents: Data("garbage, not SQLite".utf8)))
        try library.create(title: "Gamma", pages: [Page()]).close()
        let session = try NotebookSession(library: library, notebook: "Alpha", say: { _ in })
        XCTAssertTrue(try session.perform(.trashNotebook))
        XCTAssertEqual(try session.store.title, "Gamma")
        session.pageEdited(adding(stroke(50), above: 0), on: session.currentPageID)
        session.close()
        XCTAssertEqual(try strokeCount(folder + "/Gamma.quire"), 1)
    }

    /// A change the notebook refuses for good is left out with a message, later strokes are still saved,
    /// and the session says once that the page should be shown again as saved.
    func testARefusedChangeIsReportedAndDoesNotStopSaving() throws {
        let library = NotebookLibrary(directory: folder)
        try library.ensureExists()
        try library.create(title: "Alpha", pages: [Page()]).close()
        let said = SaidLines()
        let session = try NotebookSession(library: library, notebook: "Alpha", say: { said.append($0) })
        let stranger = PageItem.stroke(stroke(10))
        session.pageEdited(.remove([PlacedItem(stranger, at: 0)]), on: session.currentPageID)
        session.pageEdited(adding(stroke(50), above: 0), on: session.currentPageID)
        XCTAssertTrue(try session.perform(.nextPage), "saving is not stuck: pages can turn")
        XCTAssertTrue(session.takeRefusal())
        XCTAssertFalse(session.takeRefusal(), "told once")
        XCTAssertTrue(said.lines.contains { $0.contains("could not be saved and was left out") }, "\(said.lines)")
        session.close()
        XCTAssertEqual(try strokeCount(folder + "/Alpha.quire"), 1)
    }

    /// A notebook that cannot be opened never keeps the window from starting: the session says why and
    /// starts on a new notebook, leaving the file as it was.
    func testANotebookThatCannotBeOpenedStartsANewOneAndSaysWhy() throws {
        let library = NotebookLibrary(directory: folder)
        try library.ensureExists()
        let garbage = folder + "/Broken.quire"
        let bytes = Data("garbage, not SQLite".utf8)
        XCTAssertTrue(FileManager.default.createFile(atPath: garbage, contents: bytes))
        let said = SaidLines()
        let session = try NotebookSession(library: library, notebook: garbage, say: said.append)
        defer { session.close() }
        XCTAssertEqual(session.title, "Notebook 1")
        XCTAssertTrue(said.lines.contains { $0.contains(garbage) } && said.lines.contains { $0.contains("starting on a new notebook") },
                      "\(said.lines)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: garbage)), bytes, "the broken file is left as it was")
        XCTAssertNoThrow(try session.loadAReadablePage())
    }

    /// A page that cannot be read (a damaged row) is passed over for the first one that can; a notebook
    /// none of whose pages can be read gives way to a new one.
    func testADamagedPageIsPassedOverAndANotebookOfThemGivesWayToANewOne() throws {
        let library = NotebookLibrary(directory: folder)
        try library.ensureExists()
        let first = Page(), second = Page()
        let path = try library.create(title: "Damaged", pages: [first, second]).path
        func damage(_ pages: [PageID]) throws {
            let raw = try DatabaseQueue(path: path)
            try raw.writeWithoutTransaction { db in
                for page in pages { try db.execute(sql: "UPDATE page SET width = 'abc' WHERE id = ?", arguments: [page.rawValue]) }
            }
            try raw.close()
        }
        try damage([first.id])
        var said = SaidLines()
        var session = try NotebookSession(library: library, notebook: "Damaged", say: said.append)
        XCTAssertEqual(try session.loadAReadablePage().id, second.id)
        XCTAssertTrue(said.lines.contains { $0.contains("page 1 of Damaged cannot be shown") }
                      && said.lines.contains { $0.contains("showing page 2") }, "\(said.lines)")
        session.close()

        try damage([second.id])
        said = SaidLines()
        session = try NotebookSession(library: library, notebook: "Damaged", say: said.append)
        defer { session.close() }
        XCTAssertNoThrow(try session.loadAReadablePage())
        XCTAssertEqual(session.title, "Notebook 1")
        XCTAssertTrue(said.lines.contains { $0.contains("none of its pages can be read") }, "\(said.lines)")
    }

    func testThePapersKeysAreStepsThatUndoShowsAgain() throws {
        let library = NotebookLibrary(directory: folder)
        try library.ensureExists()
        try library.create(title: "Alpha", pages: [Page(), Page()]).close()
        let said = SaidLines()
        var session = try NotebookSession(library: library, notebook: "Alpha", say: said.append)
        session.pageEdited(adding(stroke(50), above: 0), history: .record(label: nil, stamp: session.clock.next()), on: session.currentPageID)
        XCTAssertTrue(try session.perform(.nextPaperPattern), "the page is shown again with its paper")
        XCTAssertEqual(try session.loadCurrentPage().background.pattern, .ruled)
        XCTAssertTrue(try session.perform(.nextPaperPattern))
        XCTAssertTrue(try session.perform(.turnPaper))
        var shown = try session.loadCurrentPage()
        XCTAssertEqual(shown.background.pattern, .grid)
        XCTAssertEqual(shown.orientation, .landscape)
        XCTAssertEqual(shown.strokes.count, 1)
        XCTAssertTrue(said.lines.contains { $0.hasPrefix("Paper turned landscape: Alpha — page 1 of 2") }, "\(said.lines)")
        XCTAssertEqual(try session.store.paper(of: try session.store.pageIDs()[1]).background.pattern, .blank, "page 2 untouched")
        session.close()

        // After a restart, undo takes the paper changes back one by one, then the stroke's own step is next.
        session = try NotebookSession(library: library, notebook: "Alpha", say: said.append)
        XCTAssertEqual(session.notebookHistory.done.map(\.label), ["paper: ruled", "paper: grid", "paper turned landscape"])
        XCTAssertTrue(try session.perform(.undoPageChange), "the shown page's paper changed: it is shown again")
        shown = try session.loadCurrentPage()
        XCTAssertEqual(shown.orientation, .portrait)
        XCTAssertEqual(shown.background.pattern, .grid)
        XCTAssertTrue(said.lines.contains("quire: Undid: paper turned landscape"), "\(said.lines)")
        XCTAssertTrue(try session.perform(.undoPageChange))
        XCTAssertTrue(try session.perform(.undoPageChange))
        XCTAssertEqual(try session.loadCurrentPage().paper, PagePaper(size: .letter, background: .blank))
        XCTAssertFalse(try session.perform(.undoPageChange), "no page change left")
        XCTAssertTrue(try session.perform(.redoPageChange))
        XCTAssertEqual(try session.loadCurrentPage().background.pattern, .ruled)
        // A new paper change ends the redo history.
        XCTAssertTrue(try session.perform(.turnPaper))
        XCTAssertFalse(try session.perform(.redoPageChange))
        session.close()
    }
}
