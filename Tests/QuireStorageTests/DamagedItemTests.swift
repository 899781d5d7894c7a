import Foundation
import GRDB
import QuireDocument
@testable import QuireStorage
import XCTest

/// A damaged item row (JSON that does not read, a kind nobody knows, a blob that is gone, packed ink that
/// does not decode, an id that is not one) is a `NotebookFileError` naming the file and the problem,
/// never a trap; the rest of the notebook still reads, and the file is not changed by reading it.
final class DamagedItemTests: StorageTestCase {
    private var path = ""
    private var page = Page()

    override func setUpWithError() throws {
        try super.setUpWithError()
        path = folder + "/D.quire"
        let store = try NotebookStore.create(at: path, title: "D", pages: [Page(), page])
        let photo = try store.storeBlob(Scene.photo, kind: .png)
        let pdf = try store.storeBlob(Scene.pdf, kind: .pdf)
        page = Scene.everyKind(photo: photo, pdf: pdf)
        try store.insertPage(page)
        try store.close()
    }

    private func damage(_ sql: String) throws {
        let raw = try DatabaseQueue(path: path)
        try raw.writeWithoutTransaction { try $0.execute(sql: sql) }
        try raw.close()
    }

    private func assertDamaged(_ problem: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try XCTUnwrap(bytes(of: path), file: file, line: line)
        let store = try NotebookStore(openingAt: path)
        XCTAssertThrowsError(try store.loadPage(page.id), file: file, line: line) { error in
            guard let error = error as? NotebookFileError else { return XCTFail("not a NotebookFileError: \(error)", file: file, line: line) }
            XCTAssertTrue(error.description.contains(path), "names the file: \(error)", file: file, line: line)
            XCTAssertTrue(error.description.contains(problem), "says what is wrong: \(error)", file: file, line: line)
        }
        XCTAssertEqual(try store.loadPage(try store.pageIDs()[0]).items, [], "other pages still read", file: file, line: line)
        XCTAssertEqual(try store.summary().pages.count, 3, file: file, line: line)
        try store.close()
        XCTAssertEqual(bytes(of: path), before, "the file was changed", file: file, line: line)
    }

    func testAStyleBeyondTheInkLimitsIsRefusedBeforeAnythingIsSizedFromIt() throws {
        let (id, original) = try DatabaseQueue(path: path).read { db in
            let row = try XCTUnwrap(try Row.fetchOne(db, sql: "SELECT id, json FROM style ORDER BY id LIMIT 1"))
            return (row["id"] as Int64, row["json"] as String)
        }
        for (key, value, problem) in [("$.maximumWidth", "1e9", "largest width is 1000000000.0 px"),
                                      ("$.minimumWidth", "-3", "smallest width is -3.0 px"),
                                      ("$.maximumOpacity", "7", "largest opacity is 7.0"),
                                      ("$.brush.spacing", "-1", "brush's spacing is -1.0"),
                                      ("$.brush.textureFile", "'../../../etc/passwd'", "brush names the texture '../../../etc/passwd', which is not a file name")] {
            try damage("UPDATE style SET json = json_set(json, '\(key)', \(value)) WHERE id = \(id)")
            try assertDamaged("cannot be used: its \(problem)")
            try damage("UPDATE style SET json = '\(original.replacingOccurrences(of: "'", with: "''"))' WHERE id = \(id)")
        }
        XCTAssertNoThrow(try NotebookStore(openingAt: path, readOnly: true).loadPage(page.id), "as it was, it reads")
    }

    /// Issue 38: every number of an item is checked against `ItemLimits` where its row becomes a value,
    /// naming the item, the page and the value; the renderer never sizes anything from one unchecked.
    func testItemValuesBeyondTheLimitsAreRefusedNamingTheValue() throws {
        let cases: [(kind: String, path: String, value: String, problem: String)] = [
            ("scrap", "$.outline.elements[1].line.to.x", "1e300", "its outline is at 1e+300"),
            ("scrap", "$.image.reference.pixelWidth", "4000000000", "its picture is 4000000000×"),
            ("scrap", "$.image.rect.width", "-5", "its picture's rect is -5.0×"),
            ("image", "$.image.pixelHeight", "0", "its picture is"),
            ("image", "$.corners.upperLeft.x", "-1e12", "its corner is at -1000000000000.0"),
            ("pdf-page", "$.pageIndex", "-1", "its PDF page number is -1"),
            ("pdf-page", "$.pageIndex", "1000000", "its PDF page number is 1000000"),
            ("text", "$.fontSize", "1e9", "its font size is 1000000000.0 px"),
            ("text", "$.origin.y", "3e7", "its origin is at 30000000.0"),
            ("text", "$.text", "hex(zeroblob(600000))", "its text is 1200000 bytes"),
        ]
        for (kind, path, value, problem) in cases {
            let original = try DatabaseQueue(path: self.path).read { db in
                try XCTUnwrap(try String.fetchOne(db, sql: "SELECT data FROM item WHERE kind = ?", arguments: [kind]))
            }
            try damage("UPDATE item SET data = json_set(data, '\(path)', \(value)) WHERE kind = '\(kind)'")
            try assertDamaged("(\(kind)) of page \(page.id) cannot be used: \(problem)")
            try damage("UPDATE item SET data = '\(original.replacingOccurrences(of: "'", with: "''"))' WHERE kind = '\(kind)'")
        }
        XCTAssertNoThrow(try NotebookStore(openingAt: path, readOnly: true).loadPage(page.id), "as it was, it reads")
    }

    func testJSONThatDoesNotRead() throws {
        try damage("UPDATE item SET data = '{\"text\": 12' WHERE kind = 'text'")
        try assertDamaged("(text) of page \(page.id) does not read")
    }

    func testJSONOfTheWrongShape() throws {
        try damage("UPDATE item SET data = '{\"document\": \"nothex\", \"pageIndex\": 0, \"rect\": [0,0,1,1]}' WHERE kind = 'pdf-page'")
        try assertDamaged("(pdf-page) of page \(page.id) does not read")
    }

    func testAKindThisQuireDoesNotKnowAndBlobsAreNotCollectedPastIt() throws {
        try damage("UPDATE item SET kind = 'hologram' WHERE kind = 'image'")
        try assertDamaged("(hologram) of page \(page.id) is of a kind this Quire does not know")
        try damage("DELETE FROM item WHERE kind IN ('scrap', 'pdf-page')")
        let store = try NotebookStore(openingAt: path)
        XCTAssertThrowsError(try store.vacuumBlobs())
        XCTAssertEqual(try store.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM blob") }, 2)
        try store.close()
    }

    func testABlobThatIsGone() throws {
        try damage("DELETE FROM blob WHERE kind = 'pdf'")
        try assertDamaged("image or PDF data")
    }

    func testPackedInkThatDoesNotDecode() throws {
        // Version 2, no flags, a count of 4 billion samples in a 16-byte blob.
        try damage("UPDATE item SET data = x'02000000FFFFFFFF0000000000000000' WHERE kind = 'stroke' AND parent = 0")
        try assertDamaged("has damaged ink: a packed stroke claims 4294967295 samples")
    }

    func testInkOnAScrapThatDoesNotDecode() throws {
        try damage("UPDATE item SET data = x'0200' WHERE kind = 'stroke' AND parent <> 0")
        try assertDamaged("has damaged ink: a packed stroke of 2 bytes is shorter than its header")
    }

    func testAnIDThatIsNotOne() throws {
        try damage("UPDATE item SET id = 12 WHERE kind = 'text'")
        try assertDamaged("has no readable id")
    }

    func testAStyleThatIsGone() throws {
        try damage("PRAGMA foreign_keys = OFF; UPDATE item SET style_id = 999 WHERE kind = 'stroke' AND parent = 0")
        try assertDamaged("names a missing style")
    }
}
