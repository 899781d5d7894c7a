import Foundation
import QuireGeometry
import XCTest
@testable import QuireInk

/// Strokes no pen makes but a damaged or hostile file can hold (issue 14, item 1): a sample at y = 1e8
/// made `quire export` ask for 35 GB. Through every registered engine, such a stroke gives a bounded
/// number of sprites, promptly, and never traps.
final class AbsurdStrokeTests: XCTestCase {
    private let registry = InkEngineRegistry.standard

    /// Every engine, in the pen's own style (pressure effect included) and in a thin plain one.
    private func styles() -> [StrokeStyle] {
        registry.engineIDs.flatMap { id -> [StrokeStyle] in
            var pen = registry.style(for: .pen)
            pen.engineID = id
            return [pen, plainStyle(width: 0.1, engine: id)]
        }
    }

    private func assertBounded(_ samples: [InputSample], maximum: Int, file: StaticString = #filePath, line: UInt = #line) {
        for style in styles() {
            let started = Date()
            var engine = registry.makeEngine(for: style)
            let sprites = engine.sprites(for: samples)
            XCTAssertLessThanOrEqual(sprites.count, maximum, "\(style.engineID)", file: file, line: line)
            XCTAssertTrue(sprites.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.diameter.isFinite },
                          "\(style.engineID): a sprite that is not finite", file: file, line: line)
            var vectorEngine = registry.makeEngine(for: style)
            let vectorSprites = vectorEngine.vectorInk(for: samples, style: style).sprites()
            XCTAssertLessThanOrEqual(vectorSprites.count, maximum, "\(style.engineID) vector", file: file, line: line)
            XCTAssertLessThan(Date().timeIntervalSince(started), 30, "\(style.engineID) took too long", file: file, line: line)
        }
    }

    /// The reproduction: a sample at (10, 1e8). It lies beyond any page, so it is dropped; what
    /// is left is a dot.
    func testASampleFarBeyondThePageIsDropped() {
        assertBounded(penSamples([(10, 10), (10, 1e8)]), maximum: 10)
        assertBounded(penSamples([(10, 10), (10, 1e8), (12, 12)]), maximum: 200)
    }

    func testPositionsThatAreNotFiniteOrHugeNeverReachTheWalker() {
        for bad in [1e300, -1e300, .infinity, -.infinity, .nan, Double.greatestFiniteMagnitude] {
            assertBounded(penSamples([(10, 10), (10, bad), (bad, 10), (12, 12)]), maximum: 200)
            assertBounded(penSamples([(bad, bad), (10, 10)]), maximum: 10)
        }
    }

    func testPressureTiltAndTimeThatAreNotFiniteDrawAsAnOrdinaryStroke() {
        for bad in [Double.nan, .infinity, -.infinity, 1e300] {
            let samples = (0..<20).map { i in
                InputSample(position: Point(10 + Double(i) * 5, 10), pressure: bad, tiltX: bad, tiltY: bad,
                            wheel: bad, time: bad, device: .pen)
            }
            assertBounded(samples, maximum: 10_000)
            var engine = registry.makeEngine(for: registry.style(for: .pen))
            XCTAssertGreaterThan(engine.sprites(for: samples).count, 10, "pressure \(bad) drew nothing")
        }
    }

    /// A damaged style's widths (not finite) draw nothing they cannot size, through every engine.
    func testWidthsThatAreNotFiniteDrawNoUnsizedDabs() {
        for id in registry.engineIDs {
            for width in [Double.nan, .infinity] {
                var engine = registry.makeEngine(for: plainStyle(width: width, engine: id))
                let sprites = engine.sprites(for: penSamples([(10, 10), (50, 10), (90, 40)]))
                XCTAssertTrue(sprites.allSatisfy { $0.diameter.isFinite }, "\(id), width \(width)")
            }
        }
    }

    /// Within the coordinate limit but long and thin: the per-stroke budget stops it.
    func testALongThinStrokeStopsAtTheSpriteBudget() {
        var walker = DabWalker()
        var sprites: [Sprite] = []
        let a = DabPoint(position: Point(0, 0), diameter: 0.1, color: .black)
        let b = DabPoint(position: Point(0, 900_000), diameter: 0.1, color: .black)
        walker.walk(from: a, to: b, into: &sprites)
        walker.walk(from: b, to: a, into: &sprites)
        XCTAssertEqual(sprites.count, InkLimits.maximumSpritesPerStroke)
    }

    func testASegmentLongerThanAnyPageIsNotWalked() {
        var walker = DabWalker()
        var sprites: [Sprite] = []
        let a = DabPoint(position: Point(-900_000, 0), diameter: 4, color: .black)
        let b = DabPoint(position: Point(900_000, 0), diameter: 4, color: .black)
        walker.walk(from: a, to: b, into: &sprites)
        XCTAssertEqual(sprites.count, 1, "only the first dab")
        let nan = DabPoint(position: Point(10, 0), diameter: .nan, color: .black)
        walker.walk(from: b, to: nan, into: &sprites)
        XCTAssertEqual(sprites.count, 1, "a width that is not finite walks nothing")
    }

    func testTheBitmapCacheNeverGrowsPastItsLimit() {
        var bitmap = InkBitmap()
        let black = InkColor.black
        bitmap.stamp(Sprite(x: 0, y: 0, diameter: 4, color: black), combine: .over)
        bitmap.stamp(Sprite(x: 900_000, y: 900_000, diameter: 4, color: black), combine: .over)
        bitmap.stamp(Sprite(x: .nan, y: 1e30, diameter: .infinity, color: black), combine: .over)
        XCTAssertLessThanOrEqual(bitmap.width * bitmap.height, InkBitmap.maximumPixelCount)
    }
}
