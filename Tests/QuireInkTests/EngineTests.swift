import QuireGeometry
import XCTest
@testable import QuireInk

final class EngineTests: XCTestCase {
    private let wave = penSamples((0..<40).map { i in (Double(i) * 3, 20 * sin(Double(i) * 0.3)) })

    private func engine(_ style: StrokeStyle) -> any InkDrawEngine {
        InkEngineRegistry.standard.makeEngine(for: style)
    }

    func testSpacingAcrossJoinsOfStraightSamples() {
        // Smoothness 0 on collinear samples: straight segments of 3, 3.5 and 5.5 px; dabs every 2 px, to
        // the arc-length table's 0.01 px tolerance (the segments' control points sit on their ends, so
        // the parameter runs unevenly along them and the table corrects for that).
        var e = engine(plainStyle(smoothness: 0))
        let sprites = e.sprites(for: penSamples([(0, 0), (3, 0), (6.5, 0), (12, 0)]))
        XCTAssertEqual(sprites.count, 7)
        for (s, x) in zip(sprites, [0.0, 2, 4, 6, 8, 10, 12]) {
            XCTAssertEqual(Double(s.x), x, accuracy: 0.01)
            XCTAssertEqual(s.y, 0)
        }
    }

    func testTheNewestSampleIsInkedAtOnce() {
        var e = engine(plainStyle(width: 4, spacing: 0.25))
        var update = StrokeUpdate()
        e.begin(wave[0], into: &update)
        XCTAssertEqual(update.committed.count, 1)
        for sample in wave.dropFirst() {
            e.add(sample, into: &update)
            let last = update.provisional.last ?? update.committed.last!
            XCTAssertLessThanOrEqual(Point(Double(last.x), Double(last.y)).distance(to: sample.position), 1.0 + 1e-6)
        }
    }

    func testEndCommitsExactlyTheLastProvisionalSegment() {
        var e = engine(plainStyle(width: 4, spacing: 0.25))
        var update = StrokeUpdate()
        e.begin(wave[0], into: &update)
        for s in wave.dropFirst() { e.add(s, into: &update) }
        let lastProvisional = update.provisional
        e.end(into: &update)
        XCTAssertEqual(bitPatterns(update.committed), bitPatterns(lastProvisional))
        XCTAssertTrue(update.provisional.isEmpty)
    }

    func testTheSameSamplesGiveTheSameSpritesBitForBit() {
        for id in [ShemanarevEngine.identifier, QuadMidpointEngine.identifier,
                   DouglasPeuckerCatmullRomEngine.identifier, BitmapCacheEngine.identifier] {
            var style = InkEngineRegistry.standard.style(for: .pen)
            style.engineID = id
            let samples = wave.enumerated().map { i, s in
                var s = s
                s.pressure = 0.3 + 0.6 * Double(i % 7) / 7
                return s
            }
            var a = engine(style), b = engine(style)
            let first = a.sprites(for: samples)
            XCTAssertGreaterThan(first.count, 100, id)
            XCTAssertEqual(bitPatterns(first), bitPatterns(b.sprites(for: samples)), id)
            // The same engine reused for a second stroke gives the same again.
            XCTAssertEqual(bitPatterns(first), bitPatterns(a.sprites(for: samples)), id)
        }
    }

    /// A whole stroke built at once makes no provisional ink (nobody would see it), and that must change
    /// nothing: its sprites are bit for bit what drawing it live commits, for every engine and tool
    /// (pressure varying, a brush that follows the stroke, a tapered end), and the engine drawing live
    /// afterwards shows its provisional ink again.
    func testAWholeStrokeAtOnceGivesWhatDrawingItLiveCommits() {
        let samples = wave.enumerated().map { i, s in
            var s = s
            s.pressure = 0.2 + 0.7 * Double(i % 5) / 5
            return s
        }
        var following = plainStyle(width: 8, spacing: 0.15)
        following.brush.rotation = .followStroke(offset: 0.3)
        var tapered = plainStyle(width: 6)
        tapered.cap = .tapered
        let styles = InkTool.allCases.map { InkEngineRegistry.standard.style(for: $0) } + [following, tapered]
        for id in InkEngineRegistry.standard.engineIDs {
            for var style in styles {
                style.engineID = id
                var whole = engine(style)
                let built = whole.sprites(for: samples)
                var live = engine(style), update = StrokeUpdate(), committed: [Sprite] = []
                var sawProvisional = false
                for (i, sample) in samples.enumerated() {
                    if i == 0 { live.begin(sample, into: &update) } else { live.add(sample, into: &update) }
                    committed += update.committed
                    sawProvisional = sawProvisional || !update.provisional.isEmpty
                }
                live.end(into: &update)
                committed += update.committed
                XCTAssertGreaterThan(built.count, 50, "\(id) \(style.tool)")
                XCTAssertEqual(bitPatterns(built), bitPatterns(committed), "\(id) \(style.tool)")
                XCTAssertTrue(sawProvisional, "live drawing shows provisional ink: \(id) \(style.tool)")
                // The engine that built a whole stroke draws the next one live with its provisional ink.
                whole.begin(samples[0], into: &update)
                whole.add(samples[1], into: &update)
                whole.add(samples[2], into: &update)
                XCTAssertFalse(update.provisional.isEmpty, "provisional ink after a whole stroke: \(id) \(style.tool)")
            }
        }
    }

    func testEveryEngineStartsAndEndsOnTheSamples() {
        for id in InkEngineRegistry.standard.engineIDs {
            var e = engine(plainStyle(width: 4, spacing: 0.25, engine: id))
            XCTAssertEqual(e.identifier, id)
            let sprites = e.sprites(for: wave)
            XCTAssertEqual(Double(sprites.first!.x), wave.first!.position.x, accuracy: 1e-4, id)
            let last = sprites.last!, end = wave.last!.position
            XCTAssertLessThanOrEqual(Point(Double(last.x), Double(last.y)).distance(to: end), 1.0 + 1e-6, id)
            // Spacing 1 px, placed to the arc-length table's 0.01 px tolerance at each end of a gap.
            for (a, b) in zip(sprites, sprites.dropFirst()) { XCTAssertLessThanOrEqual(distance(a, b), 1.02, id) }
        }
    }

    func testFollowingBrushTurnsWithTheStroke() {
        var style = plainStyle(width: 4, spacing: 0.25)
        style.brush.rotation = .followStroke(offset: 0)
        var e = engine(style)
        let sprites = e.sprites(for: penSamples([(0, 0), (10, 0), (20, 0), (20, 10), (20, 20)]))
        XCTAssertEqual(sprites[5].rotation, 0, accuracy: 1e-6)          // heading +x
        XCTAssertEqual(sprites.last!.rotation, .pi / 2, accuracy: 1e-6)  // heading +y
    }

    func testTaperedCapsEndAtMinimumWidth() {
        var style = InkEngineRegistry.standard.style(for: .pen)
        style.cap = .tapered
        var e = engine(style)
        let sprites = e.sprites(for: wave)
        XCTAssertEqual(Double(sprites.first!.diameter), style.minimumWidth, accuracy: 1e-6)
        XCTAssertLessThan(sprites.last!.diameter, sprites[sprites.count / 2].diameter)
    }

    func testQuadMidpointCurvePassesThroughMidpoints() {
        var e = QuadMidpointEngine(style: plainStyle(width: 2, spacing: 0.05), effects: [])
        let sprites = e.sprites(for: penSamples([(0, 0), (10, 10), (20, 0)]))
        // The curve runs from (0,0) to the midpoint (15, 5) via control (10, 10), then straight to (20, 0);
        // it passes the quadratic's middle (8.75, 6.25) but not the sample (10, 10).
        XCTAssertTrue(sprites.contains { distance($0, Sprite(x: 8.75, y: 6.25, diameter: 0, color: .black)) < 0.1 })
        XCTAssertFalse(sprites.contains { distance($0, Sprite(x: 10, y: 10, diameter: 0, color: .black)) < 1 })
    }

    func testDouglasPeuckerDropsJitter() {
        var simplifier = DouglasPeuckerSimplifier(tolerance: 0.5)
        var kept: [Int] = []
        simplifier.simplify([Point(0, 0), Point(1, 0.1), Point(2, -0.1), Point(3, 0), Point(3, 5)], into: &kept)
        XCTAssertEqual(kept, [0, 3, 4])
    }

    func testDrawReturnsTheSpritesInTheDirtyRect() {
        var e = engine(plainStyle(width: 4, spacing: 0.25))
        var update = StrokeUpdate()
        e.begin(penSample(0, 0), into: &update)
        for (i, x) in [10.0, 20, 30, 40].enumerated() { e.add(penSample(x, 0, index: i + 1), into: &update) }
        var inRect: [Sprite] = []
        e.draw(Rect(x: 15, y: -5, width: 10, height: 10), into: &inRect)
        XCTAssertFalse(inRect.isEmpty)
        XCTAssertTrue(inRect.allSatisfy { $0.x >= 13 && $0.x <= 27 })
        var all: [Sprite] = []
        e.draw(Rect(x: -100, y: -100, width: 300, height: 200), into: &all)
        XCTAssertEqual(all.count, e.data.sprites.count + update.provisional.count)
        e.cancel()
        all.removeAll()
        e.draw(Rect(x: -100, y: -100, width: 300, height: 200), into: &all)
        XCTAssertTrue(all.isEmpty)
    }

    func testTheCacheEngineKeepsCommittedInkInItsBitmap() {
        var e = BitmapCacheEngine(style: plainStyle(width: 6, spacing: 0.2), effects: [])
        var update = StrokeUpdate()
        e.begin(penSample(10, 10), into: &update)
        for (i, x) in [20.0, 30, 40, 50].enumerated() { e.add(penSample(x, 10, index: i + 1), into: &update) }
        XCTAssertEqual(e.data.cacheBitmap.pixel(20, 10).alpha, 1, accuracy: 1e-6)
        XCTAssertEqual(e.data.cacheBitmap.pixel(20, 30).alpha, 0)
        var drawn: [Sprite] = []
        e.draw(Rect(x: 0, y: 0, width: 100, height: 100), into: &drawn)
        XCTAssertEqual(bitPatterns(drawn), bitPatterns(update.provisional))
    }
}
