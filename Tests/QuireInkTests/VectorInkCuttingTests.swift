import QuireGeometry
import XCTest
@testable import QuireInk

final class VectorInkCuttingTests: XCTestCase {
    /// A straight stroke from (0, 40) to (100, 40), pressure ramping from light to firm.
    private func rampedStroke(engine: String = ShemanarevEngine.identifier) -> VectorInk {
        let samples = (0...20).map { penSample(Double($0) * 5, 40, pressure: 0.05 + 0.9 * Double($0) / 20, index: $0) }
        return InkEngineRegistry.standard.vectorInk(for: samples, style: pressureStyle(engine: engine))
    }

    private func constantStroke() -> VectorInk {
        let samples = (0...20).map { penSample(Double($0) * 5, 40, index: $0) }
        return InkEngineRegistry.standard.vectorInk(for: samples, style: plainStyle(width: 10))
    }

    func testACircleCutsAStraightStrokeIntoOutsideInsideOutside() {
        let ink = constantStroke()
        let pieces = ink.cut(by: BezierPath(circleAt: Point(50, 40), radius: 20))
        XCTAssertEqual(pieces.map(\.side), [.outside, .inside, .outside])
        XCTAssertEqual(pieces.map(\.ink.length).reduce(0, +), ink.length, accuracy: 1e-9)
        XCTAssertEqual(pieces[0].ink.length, 30, accuracy: 1e-6)
        XCTAssertEqual(pieces[1].ink.length, 40, accuracy: 1e-6)
        for p in pieces { XCTAssertEqual(p.ink.style, ink.style) }
        XCTAssertEqual(pieces[1].ink.start!.x, 30, accuracy: 1e-6)
    }

    func testARampedStrokeKeepsItsRampAndIsContinuousAtTheCuts() {
        for engine in [ShemanarevEngine.identifier, QuadMidpointEngine.identifier] {
            let ink = rampedStroke(engine: engine)
            let pieces = ink.cut(by: BezierPath(circleAt: Point(50, 40), radius: 20))
            XCTAssertEqual(pieces.map(\.side), [.outside, .inside, .outside], engine)
            var along = 0.0
            for (k, piece) in pieces.enumerated() {
                // Every node of every piece carries the original's width at its place along the stroke.
                var s = along
                for (i, curve) in piece.ink.curves.enumerated() {
                    s += curve.arcLength
                    XCTAssertEqual(piece.ink.nodes[i + 1].width, ink.width(atLength: s)!, accuracy: 1e-6, engine)
                }
                XCTAssertEqual(piece.ink.widths.first!, ink.width(atLength: along)!, accuracy: 1e-6, engine)
                // Widths rise along each piece, as along the whole.
                XCTAssertEqual(piece.ink.widths, piece.ink.widths.sorted(), engine)
                if k + 1 < pieces.count {
                    XCTAssertEqual(piece.ink.nodes.last!, pieces[k + 1].ink.nodes.first!, engine)
                }
                along += piece.ink.length
            }
            XCTAssertEqual(along, ink.length, accuracy: 1e-9, engine)
            // A cut at x = 30 and x = 70 of a 2 → 12 px ramp over 100 px (pressure 0.05…0.95).
            XCTAssertEqual(pieces[1].ink.widths.first!, 2 + 10 * (0.05 + 0.9 * 0.3), accuracy: 0.05, engine)
        }
    }

    func testACutThatMissesGivesTheStrokeBackWhole() {
        let ink = rampedStroke()
        let outside = ink.cut(by: BezierPath(circleAt: Point(50, 200), radius: 20))
        XCTAssertEqual(outside, [VectorInkPiece(ink: ink, side: .outside)])
        let around = ink.cut(by: BezierPath(rect: Rect(x: -20, y: 0, width: 200, height: 100)))
        XCTAssertEqual(around, [VectorInkPiece(ink: ink, side: .inside)])
        let open = ink.cut(by: BezierPath([.move(to: Point(0, 0)), .line(to: Point(100, 10))]))
        XCTAssertEqual(open, [VectorInkPiece(ink: ink, side: nil)])
    }

    func testATangentCutDoesNotSplit() {
        let ink = rampedStroke()
        // A circle resting on the line from above, and an open path that comes down to it and goes back.
        XCTAssertEqual(ink.cut(by: BezierPath(circleAt: Point(50, 20), radius: 20)).count, 1)
        let vee = BezierPath([.move(to: Point(40, 0)), .line(to: Point(50, 40)), .line(to: Point(60, 0))])
        XCTAssertEqual(ink.cut(by: vee).count, 1)
    }

    func testAnOpenCutSplitsWhereItCrosses() {
        let ink = rampedStroke()
        let zigzag = BezierPath([.move(to: Point(20, 0)), .line(to: Point(20, 80)), .line(to: Point(60, 0)),
                                 .line(to: Point(60, 80))])
        let pieces = ink.cut(by: zigzag)
        XCTAssertEqual(pieces.count, 4)
        XCTAssertTrue(pieces.allSatisfy { $0.side == nil })
        XCTAssertEqual(pieces.map { $0.ink.start!.x }, [0, 20, 40, 60], accuracy: 1e-6)
    }

    func testTheSpritesOfThePiecesAreTheStrokesSprites() {
        for (name, ink) in [("ramped", rampedStroke()), ("loopy", InkEngineRegistry.standard.vectorInk(for: loopySamples(), style: pressureStyle()))] {
            let original = ink.sprites()
            let cutter = BezierPath(circleAt: ink.state(atLength: ink.length / 2)!.point, radius: 25)
            let pieces = ink.cut(by: cutter)
            let cuts = pieces.count - 1
            XCTAssertGreaterThanOrEqual(cuts, 2, name)
            let joined = pieces.flatMap { $0.ink.sprites() }
            XCTAssertLessThanOrEqual(abs(joined.count - original.count), 2 * cuts, name)
            // Each piece starts its dabs afresh at the cut (and the piece before it ends up to a step short
            // of it), so dabs shift there; still every dab lies within 0.6 of a step (spacing × width) of a
            // dab of the other set.
            let spacing = ink.style.brush.spacing
            for (a, b) in [(joined, original), (original, joined)] {
                for s in a {
                    let nearest = b.min { distance($0, s) < distance($1, s) }!
                    XCTAssertLessThanOrEqual(distance(nearest, s), 0.6 * spacing * Double(max(s.diameter, nearest.diameter)) + 0.01, name)
                    XCTAssertEqual(nearest.diameter, s.diameter, accuracy: 0.25, name)
                }
            }
        }
    }
}

private func XCTAssertEqual(_ a: [Double], _ b: [Double], accuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, file: file, line: line) }
}
