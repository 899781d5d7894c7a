import Foundation
import GRDB
@testable import QuireStorage
import XCTest

/// A notebook found sound is not read whole again at its next open while it is unchanged; any change
/// to the file, however it is made, brings the check back.
final class CheckedNotebookFilesTests: StorageTestCase {
    private func makeNotebook() throws -> String {
        let path = folder + "/N.quire"
        let store = try NotebookStore.create(at: path, title: "N")
        XCTAssertEqual(store.integrity, .builtHere)
        let page = try store.pageIDs()[0]
        for i in 0..<30 { try store.append(Ink.stroke(count: 60, seed: Double(i)), to: page) }
        try store.close()
        return path
    }

    private func integrityOfOpening(_ path: String, readOnly: Bool = false) throws -> IntegrityCheck {
        let store = try NotebookStore(openingAt: path, readOnly: readOnly)
        defer { try? store.close() }
        return store.integrity
    }

    /// Writes `bytes` at `offset` into the file itself (same inode), then puts its modification time back.
    private func overwriteInPlace(_ path: String, at offset: UInt64, with bytes: Data) throws {
        var before = stat()
        XCTAssertEqual(stat(path, &before), 0)
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: offset)
        try handle.write(contentsOf: bytes)
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
        var after = stat()
        XCTAssertEqual(stat(path, &after), 0)
        XCTAssertEqual(after.st_mtim.tv_nsec, before.st_mtim.tv_nsec, "the modification time is as it was")
        XCTAssertEqual(after.st_size, before.st_size)
    }

    func testANotebookClosedByItsWriterIsNotCheckedAgainUntilItChanges() throws {
        let path = try makeNotebook()
        XCTAssertEqual(try integrityOfOpening(path), .unchangedSinceChecked)
        XCTAssertEqual(try integrityOfOpening(path, readOnly: true), .unchangedSinceChecked)
        // Opened for writing and closed with nothing changed: still as checked.
        XCTAssertEqual(try integrityOfOpening(path), .unchangedSinceChecked)
    }

    func testAFileFoundSoundByAReaderIsTrustedAtItsNextOpen() throws {
        let path = try makeNotebook()
        NotebookStore.checkedFiles = CheckedNotebookFiles(path: folder + "/another-record")
        XCTAssertEqual(try integrityOfOpening(path, readOnly: true), .checked)
        XCTAssertEqual(try integrityOfOpening(path, readOnly: true), .unchangedSinceChecked)
    }

    func testDamageWrittenInPlaceWithTheOldModificationTimeIsStillFound() throws {
        let path = try makeNotebook()
        XCTAssertEqual(try integrityOfOpening(path), .unchangedSinceChecked)
        let length = (try XCTUnwrap(bytes(of: path))).count
        try overwriteInPlace(path, at: 2048, with: Data((0..<min(6000, length - 2048)).map { UInt8(truncatingIfNeeded: $0 * 7919) }))
        let before = bytes(of: path)
        XCTAssertThrowsError(try NotebookStore(openingAt: path)) { error in
            guard let error = error as? NotebookFileError else { return XCTFail("not a NotebookFileError: \(error)") }
            if case .corrupt = error {} else if case .notANotebook = error {} else { XCTFail("unexpected: \(error)") }
        }
        XCTAssertEqual(bytes(of: path), before, "the damaged file was not modified")
    }

    func testANotebookItsWriterDidNotCloseIsChecked() throws {
        let path = try makeNotebook()
        // A writer that is killed leaves its -wal: what it wrote is not a state that was checked.
        let store = try NotebookStore(openingAt: path)
        try store.append(Ink.stroke(count: 20), to: try store.pageIDs()[0])
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + "-wal"))
        let reader = try NotebookStore(openingAt: path, readOnly: true)
        XCTAssertEqual(reader.integrity, .checked)
        try reader.close()
        try store.close()
        XCTAssertEqual(try integrityOfOpening(path), .unchangedSinceChecked)
    }

    func testAnUnreadableRecordOnlyMeansTheFileIsCheckedAgain() throws {
        let path = try makeNotebook()
        let record = try XCTUnwrap(NotebookStore.checkedFiles).path
        let good = try String(contentsOfFile: record, encoding: .utf8)
        XCTAssertEqual(good.split(separator: "\n").count, 1)
        for garbage in ["", "1 2 3\n", "x y z 1 2 3 4\n", good.replacingOccurrences(of: " ", with: "  "),
                        good.replacingOccurrences(of: "\n", with: " -1\n"), String(repeating: good, count: 3000)] {
            FileManager.default.createFile(atPath: record, contents: Data(garbage.utf8))
            XCTAssertEqual(try integrityOfOpening(path, readOnly: true), .checked, "record: \(garbage.prefix(80))")
        }
        NotebookStore.checkedFiles = CheckedNotebookFiles(path: folder + "/no-such-folder/record")
        XCTAssertEqual(try integrityOfOpening(path, readOnly: true), .checked)
        XCTAssertEqual(try integrityOfOpening(path, readOnly: true), .unchangedSinceChecked, "the folder is made")
    }

    func testTheRecordKeepsTheNewestFilesOnly() throws {
        let record = CheckedNotebookFiles(path: folder + "/record")
        var states: [FileState] = []
        for index in 0..<(CheckedNotebookFiles.capacity + 5) {
            let path = folder + "/file-\(index)"
            FileManager.default.createFile(atPath: path, contents: Data("\(index)".utf8))
            let state = try XCTUnwrap(FileState(of: path))
            states.append(state)
            record.recordWhenSettled(state, of: path)
        }
        XCTAssertFalse(record.contains(states[0]))
        XCTAssertFalse(record.contains(states[4]))
        XCTAssertTrue(record.contains(states[5]))
        XCTAssertTrue(record.contains(states.last!))
        let lines = try String(contentsOfFile: record.path, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, CheckedNotebookFiles.capacity)
    }
}
