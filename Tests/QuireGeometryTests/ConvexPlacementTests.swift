import Foundation
import QuireGeometry
import XCTest

/// `PreparedPath.placement(ofConvex:)`: the quick answer a scissors loop gives each text box before any
/// boolean operation. Wrong once, a box the loop runs across would be kept whole on one side.
final class ConvexPlacementTests: XCTestCase {
    /// A box turned by `angle` about `center`, `width` × `height`, its corners in order (clockwise on
    /// a y-down page, or the other way round when `reversed`).
    private func box(at center: Point, width: Double, height: Double, angle: Double, reversed: Bool = false) -> [Point] {
        let (c, s) = (cos(angle), sin(angle))
        let corners = [Point(-width / 2, -height / 2), Point(width / 2, -height / 2), Point(width / 2, height / 2), Point(-width / 2, height / 2)]
            .map { center + Point($0.x * c - $0.y * s, $0.x * s + $0.y * c) }
        return reversed ? corners.reversed() : corners
    }

    func testBoxesClearOfALoopAreToldInsideOrOutsideAndOnesItCrossesAreLeftToTheBooleanOperation() {
        // A lasso of 400 points round the middle of a 400 × 400 area, its radius wobbling.
        let loopPoints = (0..<400).map { k -> Point in
            let a = Double(k) / 400 * 2 * .pi
            let r = 120 + 25 * sin(7 * a)
            return Point(200 + r * cos(a), 200 + r * sin(a))
        }
        let loop = BezierPath(polygon: loopPoints)
        let prepared = PreparedPath(loop)
        XCTAssertEqual(prepared.placement(ofConvex: box(at: Point(200, 200), width: 80, height: 20, angle: 0.3), fillRule: .evenOdd), .inside)
        XCTAssertEqual(prepared.placement(ofConvex: box(at: Point(20, 20), width: 30, height: 10, angle: 0), fillRule: .evenOdd), .outside)
        XCTAssertEqual(prepared.placement(ofConvex: box(at: Point(200, 200), width: 80, height: 20, angle: 0.3, reversed: true),
                                          fillRule: .evenOdd), .inside)
        XCTAssertNil(prepared.placement(ofConvex: box(at: Point(200, 80), width: 60, height: 20, angle: 0), fillRule: .evenOdd),
                     "a box the loop runs through")

        // A grid of small boxes over the whole area, each checked against the boolean operation: every
        // answer given must be the boolean's, and most boxes clear of the loop must get one.
        var answered = 0, clear = 0
        for row in 0..<20 {
            for column in 0..<20 {
                let corners = box(at: Point(10 + Double(column) * 20, 10 + Double(row) * 20), width: 16, height: 9,
                                  angle: Double(row * 20 + column) * 0.37, reversed: (row + column) % 2 == 1)
                let frame = BezierPath(polygon: corners)
                let whole = abs(frame.signedArea)
                let shared = abs(frame.intersection(loop, fillRule: .evenOdd).area)
                let truth: ConvexPlacement? = shared <= 1e-9 * whole ? .outside : shared >= (1 - 1e-9) * whole ? .inside : nil
                let answer = prepared.placement(ofConvex: corners, fillRule: .evenOdd)
                if let answer {
                    XCTAssertEqual(answer, truth, "box at row \(row), column \(column)")
                    answered += 1
                }
                if truth != nil { clear += 1 }
            }
        }
        XCTAssertGreaterThan(clear, 300)
        XCTAssertGreaterThanOrEqual(answered, clear - 40, "boxes clear of the loop left to the boolean operation")
    }

    func testALoopInsideABoxOrRoundItTwiceIsNotMistakenForOneOutsideIt() {
        // A small loop wholly inside a big box: no edge of the box separates it, so no answer.
        let small = PreparedPath(BezierPath(circleAt: Point(100, 100), radius: 10))
        XCTAssertNil(small.placement(ofConvex: box(at: Point(100, 100), width: 200, height: 100, angle: 0.1)))
        // A box inside a ring (the even-odd hole of two circles) is outside; in the ring's band, inside.
        var ring = BezierPath(circleAt: Point(100, 100), radius: 90)
        ring.append(BezierPath(circleAt: Point(100, 100), radius: 40))
        let prepared = PreparedPath(ring)
        XCTAssertEqual(prepared.placement(ofConvex: box(at: Point(100, 100), width: 20, height: 10, angle: 0), fillRule: .evenOdd), .outside)
        XCTAssertEqual(prepared.placement(ofConvex: box(at: Point(100, 165), width: 30, height: 8, angle: 0), fillRule: .evenOdd), .inside)
        // An open path is taken as closed, as containment takes it: its closing line counts.
        let open = PreparedPath(BezierPath([.move(to: Point(0, 0)), .line(to: Point(200, 0)), .line(to: Point(200, 200))]))
        XCTAssertNil(open.placement(ofConvex: box(at: Point(100, 100), width: 20, height: 20, angle: 0)), "the closing line runs through it")
        XCTAssertEqual(open.placement(ofConvex: box(at: Point(150, 50), width: 20, height: 20, angle: 0)), .inside)
    }

    func testCornersThatMakeNoAreaOrAreNotFiniteGetNoAnswer() {
        let prepared = PreparedPath(BezierPath(circleAt: Point(100, 100), radius: 50))
        XCTAssertNil(prepared.placement(ofConvex: [Point(0, 0), Point(10, 10), Point(20, 20)]))
        XCTAssertNil(prepared.placement(ofConvex: [Point(0, 0), Point(10, 0)]))
        XCTAssertNil(prepared.placement(ofConvex: [Point(0, 0), Point(.nan, 0), Point(0, 10)]))
        XCTAssertNil(PreparedPath(BezierPath(polygon: [Point(0, 0), Point(.infinity, 0), Point(0, 10)]))
            .placement(ofConvex: box(at: Point(500, 500), width: 10, height: 10, angle: 0)))
    }
}
