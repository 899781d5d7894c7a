import Foundation
import GRDB
import QuireDocument
@testable import QuireStorage
import XCTest

/// Opening what is not a plain notebook file (a FIFO, a folder, a device), through links, from folders
/// this process may not write, and by readers that must leave nothing behind.
final class NotebookOpeningTests: StorageTestCase {
    private func makeNotebook(_ name: String = "N", strokes: Int = 3) throws -> String {
        let path = folder + "/\(name).quire"
        let store = try NotebookStore.create(at: path, title: name)
        let page = try store.pageIDs()[0]
        for i in 0..<strokes { try store.append(Ink.stroke(count: 20, seed: Double(i)), to: page) }
        try store.close()
        return path
    }

    private func listing() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// Opens `path` on another thread: a hang is a failure after `timeout`, not a test that never ends.
    private func openWithDeadline(_ path: String, timeout: TimeInterval = 10) -> Result<NotebookStore, any Error>? {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<NotebookStore, any Error>?
        Thread.detachNewThread {
            result = Result { try NotebookStore(openingAt: path) }
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout) == .success else { return nil }
        return result
    }

    private func assertNotAFile(_ path: String, saying kind: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let result = openWithDeadline(path) else {
            return XCTFail("opening \(path) hung", file: file, line: line)
        }
        guard case let .failure(error) = result else { return XCTFail("\(path) opened", file: file, line: line) }
        XCTAssertEqual(error as? NotebookFileError, .notANotebook(path: path, reason: "it is \(kind), not a file"),
                       file: file, line: line)
    }

    func testAFIFOIsRefusedAtOnceNotWaitedOn() throws {
        let path = folder + "/pipe.quire"
        XCTAssertEqual(mkfifo(path, 0o644), 0)
        assertNotAFile(path, saying: "a named pipe (FIFO)")
    }

    func testAFolderIsRefusedAsAFolderNotAsAnEmptyFile() throws {
        let path = folder + "/folder.quire"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        assertNotAFile(path, saying: "a folder")
        XCTAssertTrue(NotebookLibrary(directory: folder).entries().first?.title.contains("a folder") == true)
    }

    func testALinkIsJudgedByWhatItNames() throws {
        let path = folder + "/device.quire"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/null")
        assertNotAFile(path, saying: "a device")
    }

    func testALinkAndItsTargetShareTheWriterLock() throws {
        let shared = try makeNotebook("Shared")
        let alias = folder + "/Alias.quire"
        try FileManager.default.createSymbolicLink(atPath: alias, withDestinationPath: shared)
        let first = try NotebookStore(openingAt: alias)
        XCTAssertNil(first.readOnlyReason)
        let second = try NotebookStore(openingAt: shared)
        XCTAssertEqual(second.readOnlyReason, "another Quire process has it open; close that one to change it here")
        try second.close()
        // And the other way round, through a linked folder.
        try first.close()
        let linkedFolder = folder + "/linked"
        try FileManager.default.createSymbolicLink(atPath: linkedFolder, withDestinationPath: folder)
        let viaFolder = try NotebookStore(openingAt: linkedFolder + "/Shared.quire")
        XCTAssertNil(viaFolder.readOnlyReason)
        XCTAssertNotNil(try NotebookStore(openingAt: alias).readOnlyReason)
        try viaFolder.close()
    }

    /// A hard link is a second name for the same file, which realpath cannot see through and SQLite
    /// would give a second journal: neither name may write while both exist, and the reason says what
    /// to do. With one name again, it opens for writing.
    func testANotebookWithTwoHardLinkedNamesOpensReadOnlyUnderEither() throws {
        let shared = try makeNotebook("Shared")
        let second = folder + "/Hard.quire"
        XCTAssertEqual(link(shared, second), 0, String(cString: strerror(errno)))
        for path in [shared, second] {
            let store = try NotebookStore(openingAt: path)
            let reason = try XCTUnwrap(store.readOnlyReason, "\(path) opened for writing with two names")
            XCTAssertTrue(reason.contains("2 names (hard links)") && reason.contains("quire duplicate"), reason)
            XCTAssertEqual(try store.loadPage(try store.pageIDs()[0]).strokes.count, 3, "still readable")
            try store.close()
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: second + "-wal"), "the second name got a journal")
        try FileManager.default.removeItem(atPath: second)
        let alone = try NotebookStore(openingAt: shared)
        XCTAssertNil(alone.readOnlyReason)
        try alone.close()
    }

    func testReadingAClosedNotebookLeavesNoFilesAndNoChange() throws {
        let path = try makeNotebook()
        let before = (listing(), bytes(of: path))
        let reader = try NotebookStore(openingAt: path, readOnly: true)
        XCTAssertEqual(try reader.loadPage(try reader.pageIDs()[0]).strokes.count, 3)
        XCTAssertEqual(try reader.title, "N")
        try reader.close()
        _ = NotebookLibrary(directory: folder).entries()
        XCTAssertEqual(listing(), before.0, "reading left files behind")
        XCTAssertEqual(bytes(of: path), before.1, "reading changed the notebook")
    }

    func testANameWithURICharactersIsReadAsItsOwnFile() throws {
        let path = try makeNotebook("odd ?#%25 name")
        let before = listing()
        let reader = try NotebookStore(openingAt: path, readOnly: true)
        XCTAssertEqual(try reader.title, "odd ?#%25 name")
        try reader.close()
        XCTAssertEqual(listing(), before)
    }

    func testReadingANotebookAWriterHasOpenSeesItsLatestInk() throws {
        let path = try makeNotebook()
        let writer = try NotebookStore(openingAt: path)
        try writer.append(Ink.stroke(seed: 9), to: try writer.pageIDs()[0])
        let reader = try NotebookStore(openingAt: path, readOnly: true)
        XCTAssertEqual(try reader.loadPage(try reader.pageIDs()[0]).strokes.count, 4, "the WAL was not read")
        try reader.close()
        try writer.close()
    }

    func testALogWithoutItsSharedMemoryFileIsNotReadByCreatingOne() throws {
        // A -wal with no -shm beside it (copied, or its -shm removed) in a folder a reader may not write.
        let original = try makeNotebook("Original")
        let writer = try NotebookStore(openingAt: original)
        try writer.append(Ink.stroke(seed: 9), to: try writer.pageIDs()[0])
        let path = folder + "/Copy.quire"
        try FileManager.default.copyItem(atPath: original, toPath: path)
        try FileManager.default.copyItem(atPath: original + "-wal", toPath: path + "-wal")
        let before = listing()
        NotebookStore.treatsEveryFolderAsReadOnly = true
        defer { NotebookStore.treatsEveryFolderAsReadOnly = false }
        let reader = try NotebookStore(openingAt: path)
        XCTAssertTrue(reader.readOnlyReason?.contains("its last changes, in Copy.quire-wal, are not shown") == true,
                      reader.readOnlyReason ?? "not read-only")
        XCTAssertEqual(try reader.loadPage(try reader.pageIDs()[0]).strokes.count, 3, "the notebook file itself is read")
        try reader.close()
        try writer.close()
        XCTAssertEqual(listing().filter { $0.hasPrefix("Copy") }, before.filter { $0.hasPrefix("Copy") }, "a -shm was left")
    }

    func testANotebookInAReadOnlyFolderIsReadableAndSaysItIsReadOnly() throws {
        let path = try makeNotebook()
        let before = (listing(), bytes(of: path))
        XCTAssertEqual(chmod(folder, 0o555), 0)
        defer { chmod(folder, 0o755) }
        if geteuid() == 0 {
            // Root may write any folder: the permission alone decides nothing. The decision is forced
            // instead, so the read-only way of opening is still what is tested.
            print("NotebookOpeningTests: running as root, which ignores the folder's mode; forcing the read-only decision")
            NotebookStore.treatsEveryFolderAsReadOnly = true
        }
        defer { NotebookStore.treatsEveryFolderAsReadOnly = false }
        let store = try NotebookStore(openingAt: path)
        XCTAssertEqual(store.readOnlyReason, "its folder or file is not writable")
        XCTAssertEqual(try store.loadPage(try store.pageIDs()[0]).strokes.count, 3)
        XCTAssertEqual(NotebookLibrary(directory: folder).entries().map(\.title), ["N"], "list shows it readable")
        try store.close()
        XCTAssertEqual(listing(), before.0)
        XCTAssertEqual(bytes(of: path), before.1)
    }

    func testAMissingTableIsRefusedBeforeAnythingIsWritten() throws {
        let path = try makeNotebook()
        let editor = try DatabaseQueue(path: path)
        try editor.write { try $0.execute(sql: "DROP TABLE notebook") }
        try editor.close()
        let before = bytes(of: path)
        XCTAssertThrowsError(try NotebookStore(openingAt: path)) {
            XCTAssertEqual($0 as? NotebookFileError, .corrupt(path: path, reason: "its table `notebook` is missing"))
        }
        XCTAssertEqual(bytes(of: path), before)
    }

    func testTitlesThatWouldReadAsPathsAreRefused() throws {
        let library = NotebookLibrary(directory: folder)
        for title in ["a/b", "/x", "Notes.quire"] {
            XCTAssertThrowsError(try library.create(title: title)) {
                guard case .unusableTitle = $0 as? LibraryError else { return XCTFail("\($0)") }
            }
        }
        XCTAssertEqual(listing(), [])
    }
}
