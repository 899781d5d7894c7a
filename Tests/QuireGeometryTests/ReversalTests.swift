import QuireGeometry
import XCTest

final class ReversalTests: XCTestCase {
    func testReversedSubpathStartsAtItsLastPointAndSwapsControls() {
        let path = BezierPath([
            .move(to: Point(0, 0)), .line(to: Point(10, 0)),
            .quad(control: Point(20, 0), to: Point(20, 10)),
            .cubic(control1: Point(20, 20), control2: Point(10, 30), to: Point(0, 30)), .close,
        ])
        XCTAssertEqual(path.reversed.elements, [
            .move(to: Point(0, 30)),
            .cubic(control1: Point(10, 30), control2: Point(20, 20), to: Point(20, 10)),
            .quad(control: Point(20, 0), to: Point(10, 0)),
            .line(to: Point(0, 0)), .close,
        ])
        XCTAssertEqual(path.reversed.signedArea, -path.signedArea, accuracy: 1e-9)
        XCTAssertEqual(path.reversed.reversed, path)
    }

    func testOpenSubpathsStayOpenAndInOrder() {
        let path = BezierPath([.move(to: Point(0, 0)), .line(to: Point(1, 0)), .move(to: Point(5, 5)), .line(to: Point(6, 6))])
        XCTAssertEqual(path.reversed.elements, [.move(to: Point(1, 0)), .line(to: Point(0, 0)), .move(to: Point(6, 6)), .line(to: Point(5, 5))])
    }
}
