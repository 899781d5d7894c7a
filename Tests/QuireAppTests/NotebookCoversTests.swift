@testable import QuireApp
import Foundation
import QuireDocument
import QuireImageIO
import QuireStorage
import QuireTestSupport
import XCTest

/// Covers read on another thread from real notebook files: a stored thumbnail comes back decoded, a
/// notebook without one (or a file that is no notebook) has a plain cover, and covers asked for
/// before `forget` are dropped.
final class NotebookCoversTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "quire-covers-\(UUID().uuidString)"

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func settled(_ covers: NotebookCovers, _ path: String) -> NotebookCovers.Cover? {
        var cover: NotebookCovers.Cover?
        _ = eventually {
            cover = covers.cover(of: path)
            return cover != .loading
        }
        return cover
    }

    func testAStoredThumbnailIsTheCoverAndANotebookWithoutOneHasAPlainCover() throws {
        let library = NotebookLibrary(directory: folder)
        let inked = try library.create(title: "Inked"), blank = try library.create(title: "Blank")
        let page = try inked.pageIDs()[0]
        var thumbnail = RGBAImage(width: 30, height: 40, fill: (255, 255, 255, 255))
        thumbnail[3, 5] = RGBAImage.Pixel(r: 10, g: 20, b: 30, a: 255)
        try inked.saveThumbnail(png: try PNG.encode(thumbnail), of: page, inkVersion: try inked.inkVersion(of: page))
        try inked.close(); try blank.close()
        let notNotebook = folder + "/Garbage.quire"
        try Data("not SQLite".utf8).write(to: URL(fileURLWithPath: notNotebook))

        let covers = NotebookCovers()
        XCTAssertEqual(covers.cover(of: inked.path), .loading, "read on another thread")
        guard case let .image(image, _)? = settled(covers, inked.path) else { return XCTFail("no cover image") }
        XCTAssertEqual(image, thumbnail)
        XCTAssertTrue(covers.takeArrived())
        XCTAssertFalse(covers.takeArrived(), "once")
        XCTAssertEqual(settled(covers, blank.path), NotebookCovers.Cover.none)
        XCTAssertEqual(settled(covers, notNotebook), NotebookCovers.Cover.none)
        XCTAssertTrue(covers.isLoading, "arrived but not taken: the run loop must keep looking")
        XCTAssertTrue(covers.takeArrived())
        XCTAssertFalse(covers.isLoading)
        covers.forget()
        XCTAssertEqual(covers.cover(of: inked.path), .loading, "forgotten covers are read again")
    }
}
