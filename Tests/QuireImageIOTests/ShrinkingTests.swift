import QuireImageIO
import XCTest

/// `RGBAImage.shrunk(toFitWidth:height:)`: the shape kept, the limiting side on the box, never enlarged.
final class ShrinkingTests: XCTestCase {
    func testItFitsTheBoxWithItsShapeKept() {
        let portrait = RGBAImage(width: 163, height: 211, fill: (10, 20, 30, 255))
        let card = portrait.shrunk(toFitWidth: 150, height: 194)
        XCTAssertEqual([card.width, card.height], [150, 194])
        XCTAssertEqual(card[75, 97], RGBAImage.Pixel(r: 10, g: 20, b: 30, a: 255), "a flat colour stays that colour")
        let landscape = RGBAImage(width: 211, height: 163, fill: (0, 0, 0, 255)).shrunk(toFitWidth: 150, height: 194)
        XCTAssertEqual([landscape.width, landscape.height], [150, 116], "its width limits it")
        let thin = RGBAImage(width: 400, height: 1, fill: (0, 0, 0, 255)).shrunk(toFitWidth: 100, height: 100)
        XCTAssertEqual([thin.width, thin.height], [100, 1], "never below a pixel")
    }

    func testAPictureThatFitsOrAnEmptyBoxLeavesItAsItIs() {
        let small = RGBAImage(width: 20, height: 30, fill: (1, 2, 3, 255))
        XCTAssertEqual(small.shrunk(toFitWidth: 150, height: 194), small)
        XCTAssertEqual(small.shrunk(toFitWidth: 20, height: 30), small)
        XCTAssertEqual(small.shrunk(toFitWidth: 0, height: 30), small)
        XCTAssertEqual(small.shrunk(toFitWidth: 10, height: -1), small)
    }
}
