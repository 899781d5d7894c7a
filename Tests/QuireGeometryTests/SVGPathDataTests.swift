import QuireGeometry
import XCTest

final class SVGPathDataTests: XCTestCase {
    func testRelativeCommandsHorizontalVerticalAndImplicitLines() throws {
        let path = try BezierPath(svgPathData: "m10,10 h80 v80 h-80 z M 0 0 1 1 2 0")
        XCTAssertEqual(path.elements, [
            .move(to: Point(10, 10)), .line(to: Point(90, 10)), .line(to: Point(90, 90)), .line(to: Point(10, 90)), .close,
            .move(to: Point(0, 0)), .line(to: Point(1, 1)), .line(to: Point(2, 0)),
        ])
    }

    func testSmoothCurvesReflectThePreviousControlPoint() throws {
        let path = try BezierPath(svgPathData: "M0 0 C 0 10 10 10 10 0 S 20 -10 20 0 Q 25 10 30 0 T 40 0")
        XCTAssertEqual(path.elements[2], .cubic(control1: Point(10, -10), control2: Point(20, -10), to: Point(20, 0)))
        XCTAssertEqual(path.elements[4], .quad(control: Point(35, -10), to: Point(40, 0)))
    }

    func testArcBecomesCubicsOnTheCircle() throws {
        // A half circle of radius 50 from (0,0) to (100,0) through (50, 50) (sweep flag 0 on a y-down page).
        let path = try BezierPath(svgPathData: "M0 0 A50 50 0 0 0 100 0")
        XCTAssertEqual(path.elements.count, 3)
        XCTAssertEqual(path.elements.last?.endPoint, Point(100, 0))
        let mid = path.point(atLength: path.length / 2)!
        XCTAssertPointEqual(mid, Point(50, 50), accuracy: 0.02)
        XCTAssertEqual(path.length, .pi * 50, accuracy: .pi * 50 * 3e-4)
    }

    func testCompactNumbersAndArcFlags() throws {
        let path = try BezierPath(svgPathData: "M.5-1.5e1L-3.25.75a1 1 0 00 2 0")
        XCTAssertEqual(path.elements[0], .move(to: Point(0.5, -15)))
        XCTAssertEqual(path.elements[1], .line(to: Point(-3.25, 0.75)))
        XCTAssertEqual(path.elements.last?.endPoint, Point(-1.25, 0.75))
    }

    func testWrittenDataReadsBackExactly() throws {
        let path = BezierPath([
            .move(to: Point(0.1, 1e-7)), .line(to: Point(-3, 4.25)),
            .quad(control: Point(1.0 / 3, 2), to: Point(5, 6)),
            .cubic(control1: Point(7, 8), control2: Point(9, 10), to: Point(11, 12)), .close,
        ])
        XCTAssertEqual(path.svgPathData, "M0.1 1e-07 L-3 4.25 Q0.3333333333333333 2 5 6 C7 8 9 10 11 12 Z")
        XCTAssertEqual(try BezierPath(svgPathData: path.svgPathData), path)
    }

    func testMalformedDataThrowsWithAnOffset() {
        XCTAssertThrowsError(try BezierPath(svgPathData: "M 10 L 5 5")) { error in
            XCTAssertEqual((error as? SVGPathError)?.offset, 5)
        }
        XCTAssertThrowsError(try BezierPath(svgPathData: "10 10"))
        XCTAssertThrowsError(try BezierPath(svgPathData: "M 0 0 X 1 1"))
    }
}
