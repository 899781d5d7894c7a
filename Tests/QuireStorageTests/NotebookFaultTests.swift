import Foundation
import GRDB
import QuireDocument
import QuireInk
@testable import QuireStorage
import XCTest

/// Bad files are refused with a message that names them, and are never modified; a notebook someone
/// else holds, or from a newer Quire, opens read-only and says why.
final class NotebookFaultTests: StorageTestCase {
    private func makeNotebook(_ name: String = "N", strokes: Int = 30) throws -> String {
        let path = folder + "/\(name).quire"
        let store = try NotebookStore.create(at: path, title: name)
        let page = try store.pageIDs()[0]
        for i in 0..<strokes { try store.append(Ink.stroke(count: 60, seed: Double(i)), to: page) }
        try store.close()
        return path
    }

    private func assertRefused(_ path: String, file: StaticString = #filePath, line: UInt = #line,
                               _ check: (NotebookFileError) -> Bool) {
        let before = bytes(of: path)
        XCTAssertThrowsError(try NotebookStore(openingAt: path), file: file, line: line) { error in
            guard let error = error as? NotebookFileError else { return XCTFail("not a NotebookFileError: \(error)", file: file, line: line) }
            XCTAssertTrue(check(error), "unexpected: \(error)", file: file, line: line)
            XCTAssertTrue(error.description.contains(path), "the message names the file: \(error)", file: file, line: line)
        }
        XCTAssertEqual(bytes(of: path), before, "the file was modified", file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"), file: file, line: line)
    }

    func testAFileOfRandomBytesIsNotANotebook() throws {
        let path = folder + "/random.quire"
        var generator = SystemRandomNumberGenerator()
        FileManager.default.createFile(atPath: path, contents: Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        assertRefused(path) { if case .notANotebook = $0 { true } else { false } }
    }

    func testAnEmptyFileIsNotANotebook() {
        let path = folder + "/empty.quire"
        FileManager.default.createFile(atPath: path, contents: Data())
        assertRefused(path) { $0 == .notANotebook(path: path, reason: "the file is empty") }
    }

    func testAnotherProgramsSQLiteFileIsRefusedUntouched() throws {
        let path = folder + "/foreign.quire"
        let other = try DatabaseQueue(path: path)
        try other.write { try $0.execute(sql: "CREATE TABLE page(id TEXT); INSERT INTO page VALUES ('x')") }
        try other.close()
        assertRefused(path) { $0 == .notANotebook(path: path, reason: "it is an SQLite database of another program") }
    }

    func testATruncatedNotebookIsCorruptAndUntouched() throws {
        let path = try makeNotebook()
        let whole = try XCTUnwrap(bytes(of: path))
        FileManager.default.createFile(atPath: path, contents: whole.prefix(whole.count / 2))
        assertRefused(path) { error in
            if case let .corrupt(_, reason) = error { reason.contains("truncated") } else { false }
        }
    }

    func testANotebookOverwrittenInTheMiddleIsCorruptAndUntouched() throws {
        let path = try makeNotebook()
        var damaged = try XCTUnwrap(bytes(of: path))
        // Garbage over b-tree pages past the header page: what a bad sector or a stray write leaves.
        for i in 2048..<min(damaged.count, 2048 + 6000) { damaged[i] = UInt8(truncatingIfNeeded: i * 7919) }
        FileManager.default.createFile(atPath: path, contents: damaged)
        assertRefused(path) { if case .corrupt = $0 { true } else if case .notANotebook = $0 { true } else { false } }
    }

    func testASecondWriterOpensReadOnlyAndSaysSo() throws {
        let path = try makeNotebook(strokes: 1)
        let first = try NotebookStore(openingAt: path)
        XCTAssertNil(first.readOnlyReason)
        let second = try NotebookStore(openingAt: path)
        XCTAssertEqual(second.readOnlyReason, "another Quire process has it open; close that one to change it here")
        let page = try second.pageIDs()[0]
        XCTAssertEqual(try second.loadPage(page).strokes.count, 1, "it can still be read")
        XCTAssertThrowsError(try second.append(Ink.stroke(), to: page)) {
            guard case .readOnly = $0 as? NotebookFileError else { return XCTFail("\($0)") }
        }
        // The writer goes on, and the reader sees its new ink.
        try first.append(Ink.stroke(), to: page)
        XCTAssertEqual(try second.loadPage(page).strokes.count, 2)
        try first.close()
        try second.close()
        XCTAssertNil(try NotebookStore(openingAt: path).readOnlyReason, "the lock went with the first")
    }

    func testANotebookFromANewerQuireOpensReadOnlyUnchanged() throws {
        let path = try makeNotebook(strokes: 2)
        let raw = try DatabaseQueue(path: path)
        try raw.writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = 7; PRAGMA wal_checkpoint(TRUNCATE)") }
        try raw.close()
        let before = bytes(of: path)
        let store = try NotebookStore(openingAt: path)
        let reason = try XCTUnwrap(store.readOnlyReason)
        XCTAssertTrue(reason.contains("newer Quire") && reason.contains("format 7"), reason)
        XCTAssertEqual(try store.loadPage(try store.pageIDs()[0]).strokes.count, 2)
        XCTAssertThrowsError(try store.rename(to: "x"))
        try store.close()
        XCTAssertEqual(bytes(of: path), before)
    }

    func testAFileOfVersionZeroIsMigratedToTheCurrentSchema() throws {
        // A file that has Quire's mark but no tables yet (a creation cut short) gets the schema.
        let path = folder + "/bare.quire"
        let raw = try DatabaseQueue(path: path)
        try raw.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA page_size = 1024; PRAGMA application_id = \(NotebookSchema.applicationID); CREATE TABLE x(y)")
        }
        try raw.close()
        let store = try NotebookStore(openingAt: path)
        XCTAssertEqual(try store.database.read { try Int.fetchOne($0, sql: "PRAGMA user_version") }, NotebookSchema.currentVersion)
        XCTAssertEqual(try store.pageIDs(), [])
    }

    func testAMissingFileSaysWhereToLook() {
        XCTAssertThrowsError(try NotebookStore(openingAt: folder + "/none.quire")) {
            XCTAssertTrue("\($0)".contains("quire list"))
        }
    }
}

extension NotebookFaultTests {
    /// A refused file-system call is a typed error: the errno code, not a string, with the call named.
    func testAFileSystemRefusalIsATypedError() {
        let error = NotebookFileError.fileSystem(path: "/tmp/x.quire", operation: "read", errno: EACCES)
        XCTAssertEqual(error, .fileSystem(path: "/tmp/x.quire", operation: "read", code: .EACCES))
        XCTAssertEqual(error.description, "could not read /tmp/x.quire: Permission denied.")
        XCTAssertEqual(NotebookFileError.fileSystem(path: "p", operation: "read", errno: 0),
                       .fileSystem(path: "p", operation: "read", code: .EIO), "no errno is still an error")
    }
}
