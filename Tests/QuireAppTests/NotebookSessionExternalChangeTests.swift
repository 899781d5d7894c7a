import Foundation
import QuireDocument
import QuireGeometry
import QuireInk
import QuireStorage
import XCTest
@testable import QuireApp

/// The session when another program changes the notebook's file under it, on real files, without a
/// window: it goes on in a conflict copy and never writes the other program's file.
final class NotebookSessionExternalChangeTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "quire-session-external-\(UUID().uuidString)"

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func stroke(_ y: Double) -> Stroke {
        Stroke(samples: (0..<20).map { InputSample(position: Point(10 + Double($0) * 3, y), pressure: 0.5, time: Double($0) / 100, device: .pen) },
               style: .defaults(for: .pen))
    }

    private final class Said: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
        var all: String { lock.lock(); defer { lock.unlock() }; return lines.joined(separator: "\n") }
    }

    /// A page as the window holds it after two strokes; the session saving them.
    private func session(said: Said) throws -> (NotebookSession, Page) {
        let library = NotebookLibrary(directory: folder)
        try library.ensureExists()
        try library.create(title: "Synced", pages: [Page()]).close()
        let session = try NotebookSession(library: library, notebook: "Synced", say: { said.add($0) })
        var page = try session.loadCurrentPage()
        for (index, y) in [50.0, 90].enumerated() {
            let edit = PageEdit.insert([PlacedItem(.stroke(stroke(y)), at: index)])
            try page.apply(edit)
            session.pageEdited(edit, on: page.id)
        }
        session.flushSaves()
        return (session, page)
    }

    func testAPageThatDoesNotReadBackAfterARewriteInPlaceIsKeptFromTheWindow() throws {
        let said = Said()
        let opened = try session(said: said)
        let session = opened.0
        var page = opened.1
        // The window holds a stroke the copy will not have (as when the log's pages no longer fit what
        // the other program wrote under them): the copy must be the window's page.
        try page.apply(.insert([PlacedItem(.stroke(stroke(110)), at: 2)]))
        let path = folder + "/Synced.quire"
        // Another program's bytes over the file, in place: the log's pages now lie over nothing they fit.
        let theirs = Data((0..<40_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: theirs)
        try handle.close()
        XCTAssertTrue(session.checkFile(now: 0, shownPage: { page }), "the change was not seen")
        XCTAssertNotEqual(session.store.path, path, "the session stayed on the changed file")
        XCTAssertTrue(session.store.path.contains("/Synced (conflict "), session.store.path)
        XCTAssertTrue(said.all.contains("Synced.quire was rewritten by another program"), said.all)
        XCTAssertTrue(said.all.contains("Only the page shown could be kept"), said.all)
        XCTAssertEqual(try session.store.loadPage(page.id).items.map(\.id), page.items.map(\.id))
        // Drawing goes on in the copy.
        session.pageEdited(.insert([PlacedItem(.stroke(stroke(130)), at: 3)]), on: page.id)
        session.flushSaves()
        XCTAssertEqual(try session.store.loadPage(page.id).strokes.count, 4)
        session.close()
        XCTAssertEqual(FileManager.default.contents(atPath: path), theirs, "the other program's file was written to")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
    }

    func testANewerCopyRenamedOverIsSeenWithinTheCheckIntervalAndOnlyOnce() throws {
        let said = Said()
        let (session, page) = try session(said: said)
        let path = folder + "/Synced.quire"
        let newer = folder + "/.newer.tmp"
        try NotebookStore.create(at: newer, title: "Synced", pages: [Page()]).close()
        XCTAssertFalse(session.checkFile(now: 100, shownPage: { page }))
        XCTAssertEqual(rename(newer, path), 0)
        // Not due yet, then due: one stat each half second.
        XCTAssertFalse(session.checkFile(now: 100 + NotebookSession.fileCheckInterval / 2, shownPage: { page }))
        XCTAssertEqual(session.secondsUntilFileCheck(now: 100 + NotebookSession.fileCheckInterval / 2),
                       NotebookSession.fileCheckInterval / 2, accuracy: 1e-9)
        XCTAssertTrue(session.checkFile(now: 100 + NotebookSession.fileCheckInterval, shownPage: { page }))
        let copy = session.store.path
        XCTAssertEqual(try session.store.loadPage(page.id).strokes.count, 2, "the user's version is not whole")
        XCTAssertFalse(said.all.contains("Only the page shown"), said.all)
        // The copy is not another program's: nothing more to do.
        XCTAssertFalse(session.checkFile(now: 200, shownPage: { page }))
        XCTAssertEqual(session.store.path, copy)
        XCTAssertTrue(try session.perform(.openChangedNotebook))
        XCTAssertEqual(session.store.path, path)
        session.close()
        let reader = try NotebookStore(openingAt: path, readOnly: true)
        defer { try? reader.close() }
        XCTAssertEqual(try reader.loadPage(try reader.pageIDs()[0]).strokes.count, 0, "the newer file is not as the sync brought it")
    }
}
