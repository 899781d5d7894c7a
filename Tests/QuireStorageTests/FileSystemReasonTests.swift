import Foundation
import QuireStorage
import XCTest

/// Foundation's file errors reach people as the system's reason, never as "NSCocoaErrorDomain error 512".
final class FileSystemReasonTests: XCTestCase {
    func testAFailedFolderIsDescribedByItsUnderlyingReason() throws {
        let file = NSTemporaryDirectory() + "quire-reason-\(UUID().uuidString)"
        FileManager.default.createFile(atPath: file, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: file) }
        XCTAssertThrowsError(try FileManager.default.createDirectory(atPath: file + "/sub", withIntermediateDirectories: true)) {
            XCTAssertEqual(FileSystemReason.text(for: $0), "Not a directory")
        }
        XCTAssertThrowsError(try FileManager.default.moveItem(atPath: file + "-missing", toPath: file + "-moved")) {
            XCTAssertEqual(FileSystemReason.text(for: $0), "No such file or directory")
        }
    }

    func testCocoaCodesWithoutAnUnderlyingErrorBecomeWords() {
        XCTAssertEqual(FileSystemReason.text(for: CocoaError(.fileWriteOutOfSpace)), "No space left on device")
        XCTAssertEqual(FileSystemReason.text(for: CocoaError(.fileWriteNoPermission)), "Permission denied")
        XCTAssertFalse(FileSystemReason.text(for: CocoaError(.fileWriteUnknown)).contains("NSCocoaErrorDomain"))
        struct Ours: Error, CustomStringConvertible { var description: String { "our own words" } }
        XCTAssertEqual(FileSystemReason.text(for: Ours()), "our own words", "the project's own errors keep their text")
    }
}
