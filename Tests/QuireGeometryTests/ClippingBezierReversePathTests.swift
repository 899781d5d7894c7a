import QuireGeometry
import XCTest

/// ClippingBezier's `MMClippingBezierReversePathTests`, written again in Swift, named after theirs.
/// Their `CGPathEqualToPath` is element-for-element equality, as here.
final class ClippingBezierReversePathTests: XCTestCase {
    func testReverseLine() {
        let path = BezierPath([.move(to: Point(100, 100)), .line(to: Point(200, 300))])
        XCTAssertEqual(path.reversed, BezierPath([.move(to: Point(200, 300)), .line(to: Point(100, 100))]))
    }

    func testReverseQuadCurve() {
        let path = BezierPath([.move(to: Point(100, 100)), .quad(control: Point(150, 0), to: Point(200, 100))])
        XCTAssertEqual(path.reversed, BezierPath([.move(to: Point(200, 100)), .quad(control: Point(150, 0), to: Point(100, 100))]))
    }

    func testReverseCubicCurve() {
        var path = UIPath()
        path.move(100, 100)
        path.curve(200, 100, 100, 0, 200, 0)
        var reversed = UIPath()
        reversed.move(200, 100)
        reversed.curve(100, 100, 200, 0, 100, 0)
        XCTAssertEqual(path.path.reversed, reversed.path)
    }

    func testReverseClosedPath() {
        let path = BezierPath([.move(to: Point(100, 100)), .line(to: Point(200, 300)), .line(to: Point(200, 500)), .close])
        let reversed = BezierPath([.move(to: Point(200, 500)), .line(to: Point(200, 300)), .line(to: Point(100, 100)), .close])
        XCTAssertEqual(path.reversed, reversed)
    }

    func testReverseIncludingSubpaths() {
        let path = BezierPath([
            .move(to: Point(100, 100)), .line(to: Point(200, 300)), .line(to: Point(200, 500)), .close,
            .move(to: Point(500, 100)), .line(to: Point(600, 300)), .line(to: Point(600, 500)), .close,
        ])
        let reversed = BezierPath([
            .move(to: Point(200, 500)), .line(to: Point(200, 300)), .line(to: Point(100, 100)), .close,
            .move(to: Point(600, 500)), .line(to: Point(600, 300)), .line(to: Point(500, 100)), .close,
        ])
        XCTAssertEqual(path.reversed, reversed)
    }
}
