import Foundation
import GRDB
import QuireDocument
@testable import QuireStorage
import XCTest

/// A page whose size is not finite, not positive or beyond `PageSize.maximumSide` (issue 14, item 3:
/// 1e9 smashed Mesa's stack at export, 1e308 trapped converting to Int) is refused as the page is read,
/// with a `NotebookFileError` naming the file and the page; nothing downstream ever sees the size.
final class PageSizeLimitTests: StorageTestCase {
    func testAbsurdPageSizesAreRefusedNamingTheFileAndPage() throws {
        let path = folder + "/S.quire"
        let page = Page()
        try NotebookStore.create(at: path, title: "S", pages: [page]).close()
        for (column, value) in [("width", "1e9"), ("height", "1e308"), ("width", "0"), ("height", "-816"),
                                ("width", "16001"), ("width", "'abc'"), ("width", "9e999")] {
            let raw = try DatabaseQueue(path: path)
            try raw.writeWithoutTransaction {
                try $0.execute(sql: "UPDATE page SET width = 816, height = 1056")
                try $0.execute(sql: "UPDATE page SET \(column) = \(value)")
            }
            try raw.close()
            let store = try NotebookStore(openingAt: path)
            defer { try? store.close() }
            for (what, read) in [("loadPage", { _ = try store.loadPage(page.id) }), ("summary", { _ = try store.summary() })] {
                XCTAssertThrowsError(try read(), "\(column) = \(value), \(what)") { error in
                    guard let error = error as? NotebookFileError else { return XCTFail("not a NotebookFileError: \(error)") }
                    XCTAssertTrue(error.description.contains(path), "names the file: \(error)")
                    XCTAssertTrue(error.description.contains(page.id.rawValue), "names the page: \(error)")
                    // A number out of range is told the limits; text or an infinity, that it is no number.
                    let stated = value == "'abc'" || value == "9e999" ? "not a finite number" : "16000"
                    XCTAssertTrue(error.description.contains(stated), "says what is wrong: \(error)")
                }
            }
        }
    }

    func testTheLargestAllowedPageReads() throws {
        let path = folder + "/L.quire"
        let page = Page(size: PageSize(width: PageSize.maximumSide, height: PageSize.minimumSide))
        try NotebookStore.create(at: path, title: "L", pages: [page]).close()
        let store = try NotebookStore(openingAt: path)
        defer { try? store.close() }
        XCTAssertEqual(try store.loadPage(page.id).size, page.size)
        XCTAssertEqual(try store.summary().pages.map(\.size), [page.size])
    }

    func testPixelSizeNeverTraps() {
        XCTAssertEqual(PageSize(width: 1e308, height: .nan).pixelSize.width, 16000)
        XCTAssertEqual(PageSize(width: -1, height: .infinity).pixelSize.height, 1)
        XCTAssertEqual(PageSize.letter.pixelSize.width, 816)
        XCTAssertNil(PageSize.a4.problem)
    }
}
