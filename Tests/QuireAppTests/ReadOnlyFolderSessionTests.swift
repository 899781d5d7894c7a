import Foundation
import QuireDocument
@testable import QuireStorage
import XCTest
@testable import QuireApp

/// A notebook in a folder this process may not write opens in the window, read-only, and the window
/// says so; nothing is written beside it.
final class ReadOnlyFolderSessionTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "quire-readonly-\(UUID().uuidString)"

    override func tearDown() {
        chmod(folder, 0o755)
        NotebookStore.treatsEveryFolderAsReadOnly = false
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testTheWindowOpensItReadOnlyAndSaysWhy() throws {
        let library = NotebookLibrary(directory: folder)
        try library.ensureExists()
        try library.create(title: "Lecture", pages: [Page()]).close()
        let before = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        XCTAssertEqual(chmod(folder, 0o555), 0)
        if geteuid() == 0 {
            print("ReadOnlyFolderSessionTests: running as root, which ignores the folder's mode; forcing the read-only decision")
            NotebookStore.treatsEveryFolderAsReadOnly = true
        }
        let said = SaidLines()
        // No notebook named: the one opened last is found through the library's read-only listing.
        let session = try NotebookSession(library: library, say: said.append)
        XCTAssertEqual(try session.store.title, "Lecture")
        XCTAssertTrue(session.isReadOnly)
        XCTAssertTrue(said.lines.contains { $0.contains("is open read-only (its folder or file is not writable)") }, "\(said.lines)")
        XCTAssertEqual(try session.loadCurrentPage().items.count, 0)
        session.close()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), before)
    }
}
