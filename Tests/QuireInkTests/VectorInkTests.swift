import QuireGeometry
import XCTest
@testable import QuireInk

/// Samples of a cursive-like stroke: loops and bends, pressure rising then falling.
func loopySamples(count: Int = 60) -> [InputSample] {
    (0..<count).map { i in
        let t = Double(i) / Double(count - 1)
        let x = 10 + 200 * t + 14 * cos(t * 14)
        let y = 50 + 20 * sin(t * 14) + 8 * sin(t * 3)
        return penSample(x, y, pressure: 0.15 + 0.85 * sin(t * .pi), index: i)
    }
}

/// A style whose width follows pressure from `minimum` to `maximum`.
func pressureStyle(minimum: Double = 2, maximum: Double = 12, engine: String = ShemanarevEngine.identifier,
                   brush: Brush = .hardRound) -> StrokeStyle {
    StrokeStyle(tool: .pen, color: .rgb(.black), brush: brush, engineID: engine,
                effectIDs: [PressureWidthEffect.identifier], minimumWidth: minimum, maximumWidth: maximum)
}

/// The centre line sampled finely, with the width at each sample (by the ink's own interpolation).
func denseCenterLine(_ ink: VectorInk, perCurve: Int = 200) -> [(point: Point, width: Double)] {
    var result: [(Point, Double)] = []
    for (i, curve) in ink.curves.enumerated() {
        let length = curve.arcLength
        for k in 0...perCurve {
            let t = Double(k) / Double(perCurve)
            let u = length > 0 ? curve.arcLength(to: t) / length : 0
            result.append((curve.point(at: t), ink.nodes[i].width + (ink.nodes[i + 1].width - ink.nodes[i].width) * u))
        }
    }
    return result
}

final class VectorInkTests: XCTestCase {
    private let builtIns = [ShemanarevEngine.identifier, QuadMidpointEngine.identifier,
                            DouglasPeuckerCatmullRomEngine.identifier, BitmapCacheEngine.identifier]

    func testEveryBuiltInEngineGivesTheCurvesItsSpritesWereWalkedAlong() {
        let samples = loopySamples()
        for id in builtIns {
            for brush in [Brush.hardRound, .pencilGrain] {
                let style = pressureStyle(engine: id, brush: brush)
                var engine = InkEngineRegistry.standard.makeEngine(for: style)
                let sprites = engine.sprites(for: samples)
                let ink = InkEngineRegistry.standard.vectorInk(for: samples, style: style)
                XCTAssertEqual(ink.style, style)
                XCTAssertEqual(ink.nodes.count, ink.centerLine.elements.count, id)
                XCTAssertGreaterThan(ink.nodes.count, 20, id)
                // Walking the vector form again is the engine's own walk: the same sprites, bit for bit.
                XCTAssertEqual(bitPatterns(ink.sprites()), bitPatterns(sprites), "\(id) \(brush.name)")
                assertSpritesLieOn(ink, sprites, id)
            }
        }
    }

    func testAnEngineFromOutsideGetsTheLineThroughItsSprites() {
        let registry = InkEngineRegistry()
        registry.register(engine: PulseEngine.identifier) { PulseEngine(style: $0, effects: $1) }
        var style = registry.style(for: .pen)
        style.engineID = PulseEngine.identifier
        let samples = loopySamples(count: 12)
        var engine = registry.makeEngine(for: style)
        let sprites = engine.sprites(for: samples)
        let ink = registry.vectorInk(for: samples, style: style)
        XCTAssertEqual(ink.nodes.count, sprites.count)
        XCTAssertEqual(ink.widths, sprites.map { Double($0.diameter) })
        assertSpritesLieOn(ink, sprites, "external")
    }

    func testDegenerateStrokesGiveNothingOrOneDab() {
        let style = pressureStyle()
        let empty = InkEngineRegistry.standard.vectorInk(for: [], style: style)
        XCTAssertTrue(empty.isEmpty)
        XCTAssertEqual(empty.sprites(), [])
        XCTAssertTrue(empty.outline().isEmpty)
        XCTAssertEqual(empty.length, 0)
        XCTAssertNil(empty.width(atLength: 3))

        let one = InkEngineRegistry.standard.vectorInk(for: [penSample(5, 5, pressure: 1)], style: style)
        XCTAssertEqual(one.nodes.count, 1)
        XCTAssertEqual(one.sprites().count, 1)
        XCTAssertEqual(abs(one.outline().signedArea), .pi * 36, accuracy: 0.05)

        let still = InkEngineRegistry.standard.vectorInk(for: (0..<5).map { penSample(5, 5, pressure: 1, index: $0) }, style: style)
        XCTAssertEqual(still.nodes.count, 1)
        XCTAssertEqual(still.sprites().count, 1)

        let broken = [penSample(0, 0), penSample(.nan, 3, index: 1), penSample(10, 0, pressure: .nan, index: 2),
                      penSample(20, .infinity, index: 3), penSample(30, 0, index: 4)]
        for id in builtIns {
            let ink = InkEngineRegistry.standard.vectorInk(for: broken, style: pressureStyle(engine: id))
            XCTAssertTrue(ink.centerLine.isFinite, id)
            for s in ink.sprites() { XCTAssertTrue(s.x.isFinite && s.y.isFinite, id) }
            XCTAssertTrue(ink.outline().isFinite, id)
            for piece in ink.cut(by: BezierPath(circleAt: Point(10, 0), radius: 4)) {
                XCTAssertTrue(piece.ink.centerLine.isFinite, id)
            }
        }
    }

    func testStateAlongTheLineInterpolatesByArcLength() {
        let style = plainStyle(width: 4)
        let ink = VectorInk(centerLine: BezierPath([.move(to: Point(0, 0)), .line(to: Point(10, 0)), .line(to: Point(10, 30))]),
                            nodes: [.init(width: 2, color: .black), .init(width: 4, color: .black), .init(width: 10, color: .black)],
                            style: style)
        XCTAssertEqual(ink.length, 40, accuracy: 1e-12)
        XCTAssertEqual(ink.width(atLength: 5)!, 3, accuracy: 1e-12)
        XCTAssertEqual(ink.width(atLength: 25)!, 7, accuracy: 1e-12)
        XCTAssertEqual(ink.state(atLength: 25)!.point.y, 15, accuracy: 1e-9)
        XCTAssertEqual(ink.width(atLength: 99)!, 10)
        XCTAssertEqual(ink.width(atLength: -1)!, 2)
    }

    /// Every sprite centre within 0.5 px of the centre line, its diameter the width there.
    private func assertSpritesLieOn(_ ink: VectorInk, _ sprites: [Sprite], _ label: String,
                                    file: StaticString = #filePath, line: UInt = #line) {
        let dense = denseCenterLine(ink)
        var worstDistance = 0.0, worstWidth = 0.0
        for s in sprites {
            let p = Point(Double(s.x), Double(s.y))
            let nearest = dense.min { $0.point.distance(to: p) < $1.point.distance(to: p) }!
            worstDistance = max(worstDistance, nearest.point.distance(to: p))
            worstWidth = max(worstWidth, abs(nearest.width - Double(s.diameter)))
        }
        XCTAssertLessThan(worstDistance, 0.05, label, file: file, line: line)
        XCTAssertLessThan(worstWidth, 0.05, label, file: file, line: line)
    }
}
