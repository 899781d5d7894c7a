@testable import QuireApp
import QuireX11
import XCTest

/// The pointer's look per tool: a ring as wide as the ink at the zoom, the arrow over the interface.
final class ToolCursorTests: XCTestCase {
    private func ring(_ cursor: WindowCursor) throws -> CursorImage {
        guard case let .image(image) = cursor else { throw XCTSkip("not a picture: \(cursor)") }
        return image
    }

    private func alpha(_ image: CursorImage, _ x: Int, _ y: Int) -> Int { Int(image.pixels[y * image.width + x] >> 24) }
    private func level(_ image: CursorImage, _ x: Int, _ y: Int) -> Int { Int(image.pixels[y * image.width + x] & 0xff) }

    func testTheRingIsAsWideAsTheInkAtTheZoomWithAHaloAndItsMiddleAsHotSpot() throws {
        // A 24 px eraser at 2×: a 48 px ring in a 48 + 2 × 2 + 1 (odd) = 53 px picture.
        let image = try ring(ToolCursor(style: .inkRing(filled: true), inkWidth: 24, zoom: 2, overInterface: false, largestSide: 256).cursor)
        XCTAssertEqual(image.width, 53)
        XCTAssertEqual(image.height, 53)
        XCTAssertEqual(image.hotX, 26)
        XCTAssertEqual(image.hotY, 26)
        // Along the middle row: the dark line where the ring is (26.5 - 24 = 2.5, pixel 2 on the left),
        // light halo a pixel either side, the faint fill inside (the eraser's), nothing outside.
        XCTAssertEqual(alpha(image, 0, 26), 0, "outside the ring and its halo")
        XCTAssertGreaterThan(alpha(image, 2, 26), 200, "the ring's line")
        XCTAssertLessThan(level(image, 2, 26), 40, "the line is dark")
        XCTAssertGreaterThan(level(image, 3, 26), 200, "the halo inside is light")
        XCTAssertGreaterThan(level(image, 1, 26), 200, "the halo outside is light")
        XCTAssertEqual(alpha(image, 26, 26), 64, "the eraser's faint fill in the middle")
    }

    func testThePensRingIsEmptyInsideAndAFinePointGetsADot() throws {
        let marker = try ring(ToolCursor(style: .inkRing(filled: false), inkWidth: 9, zoom: 3, overInterface: false, largestSide: 256).cursor)
        XCTAssertEqual(marker.width, 27 + 4 + 0, "27 px ring and its margins (odd already)")
        XCTAssertEqual(alpha(marker, 15, 15), 0, "no fill inside the marker's ring")
        // A 3.2 px pen at 1× is smaller than the smallest ring: the ring is 7 px, with a dot for the point.
        let pen = try ring(ToolCursor(style: .inkRing(filled: false), inkWidth: 3.2, zoom: 1, overInterface: false, largestSide: 256).cursor)
        XCTAssertEqual(pen.width, 11)
        XCTAssertGreaterThan(alpha(pen, 5, 5), 200, "the dot at the point")
        XCTAssertLessThan(level(pen, 5, 5), 40)
    }

    func testTheRingStaysWithinWhatTheServerTakes() throws {
        let huge = try ring(ToolCursor(style: .inkRing(filled: true), inkWidth: 24, zoom: 8, overInterface: false, largestSide: 64).cursor)
        XCTAssertLessThanOrEqual(huge.width, 64)
        let nonsense = try ring(ToolCursor(style: .inkRing(filled: false), inkWidth: .nan, zoom: 1, overInterface: false, largestSide: 64).cursor)
        XCTAssertEqual(nonsense.width, 11, "a width that is not a number gives the smallest ring")
        let absurd = try ring(ToolCursor(style: .inkRing(filled: false), inkWidth: 10, zoom: 1, overInterface: false, largestSide: 100_000).cursor)
        XCTAssertEqual(absurd.width, 15)
    }

    func testOtherToolsAndTheInterfaceUseTheDesktopsCursors() {
        XCTAssertEqual(ToolCursor(style: .arrow, inkWidth: 0, zoom: 1, overInterface: false, largestSide: 64).cursor, .standard(.arrow))
        XCTAssertEqual(ToolCursor(style: .crosshair, inkWidth: 0, zoom: 1, overInterface: false, largestSide: 64).cursor,
                       .standard(.crosshair))
        XCTAssertEqual(ToolCursor(style: .inkRing(filled: false), inkWidth: 3, zoom: 1, overInterface: true, largestSide: 64).cursor, .standard(.arrow))
    }
}
