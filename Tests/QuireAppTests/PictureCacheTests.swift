import Foundation
import QuireDocument
import QuireImageIO
import QuireStorage
import XCTest
@testable import QuireApp

/// Decoded pictures are kept within a byte budget, oldest out first; a blob that is not a picture is
/// reported once and draws nothing.
final class PictureCacheTests: XCTestCase {
    func testPicturesStayWithinTheBudgetAndBadOnesAreReportedOnce() throws {
        let folder = NSTemporaryDirectory() + "quire-pictures-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try NotebookStore.create(at: folder + "/P.quire", title: "P")
        defer { try? store.close() }
        let a = try store.storeBlob(PNG.encode(RGBAImage(width: 10, height: 10, fill: (255, 0, 0, 255))), kind: .png)
        let b = try store.storeBlob(PNG.encode(RGBAImage(width: 10, height: 10, fill: (0, 255, 0, 255))), kind: .png)
        let junk = try store.storeBlob(Array("not a picture".utf8), kind: .png)
        var reports: [String] = []
        let cache = PictureCache(store: store, budget: 500, report: { reports.append($0) })   // one 400-byte picture
        XCTAssertEqual(cache.image(a)?[0, 0].r, 255)
        XCTAssertEqual(cache.heldBytes, 400)
        XCTAssertEqual(cache.image(b)?[0, 0].g, 255)
        XCTAssertEqual(cache.heldBytes, 400, "the older picture made room")
        XCTAssertEqual(cache.image(a)?[0, 0].r, 255, "and is decoded again when wanted")
        XCTAssertNil(cache.image(junk))
        XCTAssertNil(cache.image(junk))
        XCTAssertEqual(reports.count, 1)
        XCTAssertTrue(reports[0].contains("P.quire"), reports[0])
    }
}
