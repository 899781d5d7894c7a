import QuireDocument
import QuireGeometry
import XCTest

/// `Scrap.photo`: where an imported picture lands on the page and how large it is.
final class ScrapPhotoTests: XCTestCase {
    private let blob = BlobID(hex: String(repeating: "ab", count: 32))!
    private let page = Rect(x: 0, y: 0, width: 816, height: 1056)

    private func photo(_ w: Int, _ h: Int, at centre: Point, margin: Double = 0, in visible: Rect? = nil) throws -> Scrap {
        try XCTUnwrap(Scrap.photo(ImageReference(blob: blob, pixelWidth: w, pixelHeight: h), centredAt: centre,
                                  fitting: visible ?? page, margin: margin))
    }

    private func assertRect(_ r: Rect, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                            file: StaticString = #filePath, line: UInt = #line) {
        for (got, want) in [(r.minX, x), (r.minY, y), (r.width, w), (r.height, h)] {
            XCTAssertEqual(got, want, accuracy: 1e-9, "\(r)", file: file, line: line)
        }
    }

    func testSmallPictureKeepsItsPixelSizeAndIsCentred() throws {
        let scrap = try photo(200, 100, at: Point(408, 528))
        XCTAssertEqual(scrap.outline, BezierPath(rect: Rect(x: 0, y: 0, width: 200, height: 100)))
        XCTAssertEqual(scrap.image?.rect, Rect(x: 0, y: 0, width: 200, height: 100))
        XCTAssertEqual(scrap.image?.reference.pixelWidth, 200)
        XCTAssertTrue(scrap.items.isEmpty)
        assertRect(scrap.bounds, 308, 478, 200, 100)
        XCTAssertNotNil(scrap.transform.affineTransform, "a fresh photo is not warped")
    }

    func testLargePictureIsScaledDownToFitTheMarginedArea() throws {
        // 4000×3000 onto a Letter page with 40 px margins: the width limits, 736 / 4000.
        let scrap = try photo(4000, 3000, at: Point(408, 528), margin: 40)
        assertRect(scrap.bounds, 40, 528 - 276, 736, 552)
        // The outline stays in image pixels; only the transform scales.
        XCTAssertEqual(scrap.outline.bounds, Rect(x: 0, y: 0, width: 4000, height: 3000))
        // A tall one: the height limits.
        assertRect(try photo(1000, 5000, at: Point(408, 528)).bounds, 408 - 105.6, 0, 211.2, 1056)
    }

    func testPictureIsNudgedBackOntoTheVisibleArea() throws {
        assertRect(try photo(100, 100, at: Point(10, 1050)).bounds, 0, 956, 100, 100)
        assertRect(try photo(100, 100, at: Point(2000, -300)).bounds, 716, 0, 100, 100)
        // A visible area away from the origin (a zoomed-in window showing part of the page).
        let view = Rect(x: 300, y: 400, width: 200, height: 150)
        assertRect(try photo(1000, 1000, at: Point(0, 0), in: view).bounds, 300, 400, 150, 150)
    }

    func testMarginLargerThanTheAreaIsDropped() throws {
        assertRect(try photo(1000, 1000, at: Point(50, 50), margin: 80, in: Rect(x: 0, y: 0, width: 100, height: 100)).bounds,
                   0, 0, 100, 100)
    }

    func testNothingSensibleToPlaceIsNil() {
        let empty = ImageReference(blob: blob, pixelWidth: 0, pixelHeight: 10)
        XCTAssertNil(Scrap.photo(empty, centredAt: Point(1, 1), fitting: page))
        let image = ImageReference(blob: blob, pixelWidth: 10, pixelHeight: 10)
        XCTAssertNil(Scrap.photo(image, centredAt: Point(.nan, 1), fitting: page))
        XCTAssertNil(Scrap.photo(image, centredAt: Point(1, 1), fitting: .null))
        XCTAssertNil(Scrap.photo(image, centredAt: Point(1, 1), fitting: Rect(x: 0, y: 0, width: .infinity, height: 5)))
        XCTAssertNil(Scrap.photo(image, centredAt: Point(1, 1), fitting: page, margin: -1))
    }
}
