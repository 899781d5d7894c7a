import QuireDocument
import QuireGeometry
import QuireImageIO
import XCTest
@testable import QuireApp

/// Pictures imported together cascade right and down, the cascade centred where they go and kept
/// within the page's margin: none is pushed flush against the page's edge (its shadow falling on the
/// desk).
final class PictureCascadeTests: XCTestCase {
    func testACascadeOfPhotosThatFillThePageStaysWithinItsMargin() throws {
        let bytes = try JPEG.encode(RGBAImage(width: 400, height: 300, fill: (90, 120, 200, 255)), quality: 80)
        // Seven 4000 × 3000 photos (the header says so; the pixels are not read to place them).
        let picture = try PictureFile(bytes: bytes, name: "photo.jpg")
        var large = picture
        large.info.width = 4000
        large.info.height = 3000
        let page = Page()
        let (edit, _) = try XCTUnwrap(PictureImport.edit(placing: Array(repeating: large, count: 7), on: page))
        let placed = edit.itemsAfter.compactMap { item -> Rect? in
            guard case let .scrap(scrap) = item.content else { return nil }
            return scrap.bounds
        }
        XCTAssertEqual(placed.count, 7)
        let room = Rect(x: 0, y: 0, width: page.size.width, height: page.size.height).insetBy(PictureImport.margin)
        for (k, bounds) in placed.enumerated() {
            XCTAssertGreaterThanOrEqual(bounds.minX, room.minX - 1e-9, "picture \(k): \(bounds)")
            XCTAssertGreaterThanOrEqual(bounds.minY, room.minY - 1e-9, "picture \(k): \(bounds)")
            XCTAssertLessThanOrEqual(bounds.maxX, room.maxX + 1e-9, "picture \(k): \(bounds)")
            XCTAssertLessThanOrEqual(bounds.maxY, room.maxY + 1e-9, "picture \(k): \(bounds)")
        }
        // Each of the first five a step right and down of the one before; the sixth starts over.
        let step = PictureImport.cascadeStep
        for k in 1..<5 {
            XCTAssertEqual(placed[k].minX - placed[k - 1].minX, step, accuracy: 1e-9)
            XCTAssertEqual(placed[k].minY - placed[k - 1].minY, step, accuracy: 1e-9)
        }
        XCTAssertEqual(placed[5], placed[0])
        // As wide as the room less the cascade's four steps, the cascade centred on the page.
        XCTAssertEqual(placed[0].width, room.width - 4 * step, accuracy: 1e-9)
        XCTAssertEqual(placed[4].maxX, room.maxX, accuracy: 1e-9, "the last one reaches the margin, not the edge")
        XCTAssertEqual((placed[0].minX + placed[4].maxX) / 2, page.size.width / 2, accuracy: 1e-9)
    }
}
