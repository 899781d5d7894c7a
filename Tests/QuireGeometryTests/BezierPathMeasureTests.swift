import Foundation
import QuireGeometry
import XCTest

final class BezierPathMeasureTests: XCTestCase {
    let square = BezierPath(rect: Rect(x: 200, y: 200, width: 200, height: 200))
    let circle = BezierPath(circleAt: Point(300, 300), radius: 100)

    func testRectangleLengthAreaAndBounds() {
        XCTAssertEqual(square.length, 800, accuracy: 1e-12)
        XCTAssertEqual(square.signedArea, 40_000, accuracy: 1e-9)
        XCTAssertEqual(square.reversed.signedArea, -40_000, accuracy: 1e-9)
        XCTAssertEqual(square.bounds, Rect(x: 200, y: 200, width: 200, height: 200))
    }

    func testCircleOfCubicsIsCloseToTheTrueCircle() {
        // The four-cubic circle is off the true circle by at most 0.027 % of the radius.
        XCTAssertEqual(circle.length, 2 * .pi * 100, accuracy: 2 * .pi * 100 * 3e-4)
        XCTAssertEqual(circle.signedArea, .pi * 100 * 100, accuracy: .pi * 100 * 100 * 6e-4)
        let b = circle.bounds
        XCTAssertEqual(b.minX, 200, accuracy: 1e-9)
        XCTAssertEqual(b.maxY, 400, accuracy: 1e-9)
    }

    func testPointAndTangentAtLength() {
        XCTAssertEqual(square.point(atLength: 250), Point(400, 250))
        XCTAssertEqual(square.tangent(atLength: 250), Point(0, 1))
        XCTAssertPointEqual(square.point(atLength: 799.5)!, Point(200, 200.5), accuracy: 1e-12)
        let position = square.position(atLength: 450)!
        XCTAssertEqual(position.elementIndex, 3)
        XCTAssertEqual(position.t, 0.25, accuracy: 1e-12)
    }

    func testPointAtLengthOnACurveIsAtThatArcLength() {
        let quarter = circle.length / 4
        let p = circle.point(atLength: quarter)!
        XCTAssertEqual(p.x, 300, accuracy: 1e-9)
        XCTAssertEqual(p.y, 400, accuracy: 1e-9)
    }

    func testQuadraticArcLengthMatchesTheClosedForm() {
        // y = x²/100 from x = 0 to 100 as a quadratic Bezier; its length is known in closed form.
        let path = BezierPath([.move(to: Point(0, 0)), .quad(control: Point(50, 0), to: Point(100, 100))])
        let exact = 0.25 * (2 * 5.0.squareRoot() + asinh(2.0)) * 100 / 2 * 2
        XCTAssertEqual(path.length, exact, accuracy: 1e-9)
    }

    func testSignedAreaOfAShapeWithAHole() {
        var holed = square
        holed.append(BezierPath(rect: Rect(x: 230, y: 230, width: 140, height: 140)).reversed)
        XCTAssertEqual(holed.signedArea, 40_000 - 19_600, accuracy: 1e-9)
    }

    func testEmptyPathMeasuresNothing() {
        XCTAssertEqual(BezierPath().length, 0)
        XCTAssertNil(BezierPath().point(atLength: 3))
        XCTAssertTrue(BezierPath().bounds.isNull)
    }
}
