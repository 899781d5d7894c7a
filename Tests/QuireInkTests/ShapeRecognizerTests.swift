import Foundation
import QuireGeometry
@testable import QuireInk
import XCTest

/// The shape recogniser on strokes drawn as a hand draws (`HandDrawnStrokes`: rounded corners, wavering
/// sides, uneven steps, loops left open or overshot), thirty of each shape, and on what is no shape:
/// recorded cursive handwriting and the strokes most like a shape that are not one.
final class ShapeRecognizerTests: XCTestCase {
    private let degrees = Double.pi / 180

    func testHandDrawnLinesBecomeLinesBetweenTheHandsEnds() throws {
        for seed in 0..<30 {
            var hand = HandDrawnStrokes(seed: UInt64(seed))
            let length = hand.random(80...600)
            let angle = hand.random(8...82) * degrees * (seed % 2 == 0 ? 1 : -1) + (seed % 3 == 0 ? .pi : 0)
            let start = Point(hand.random(0...400), hand.random(0...400))
            let end = start + Point(cos(angle), sin(angle)) * length
            let drawn = hand.polyline([start, end], closed: false, wobble: 0.006)
            let shape = try XCTUnwrap(ShapeRecognizer.recognize(drawn), "seed \(seed)")
            XCTAssertEqual(shape.kind, .line, "seed \(seed)")
            XCTAssertEqual(shape.path.count, 2)
            XCTAssertLessThan(shape.path[0].distance(to: start), 0.02 * length + 1, "seed \(seed): starts where the hand did")
            XCTAssertLessThan(shape.path[1].distance(to: end), 0.02 * length + 1, "seed \(seed): ends where the hand did")
        }
    }

    func testALineWithinThreeDegreesOfLevelOrUprightIsMadeExactlySo() throws {
        var hand = HandDrawnStrokes(seed: 7)
        let level = try XCTUnwrap(ShapeRecognizer.recognize(hand.polyline([Point(100, 200), Point(500, 214)], closed: false, wobble: 0.004)))
        XCTAssertEqual(level.kind, .line)
        XCTAssertEqual(level.path[0].y, level.path[1].y, accuracy: 1e-9)
        let upright = try XCTUnwrap(ShapeRecognizer.recognize(hand.polyline([Point(300, 500), Point(290, 150)], closed: false, wobble: 0.004)))
        XCTAssertEqual(upright.path[0].x, upright.path[1].x, accuracy: 1e-9)
        XCTAssertGreaterThan(upright.path[0].y, upright.path[1].y, "drawn upwards, it still goes upwards")
        // Six degrees off is meant: left as drawn.
        let slanted = try XCTUnwrap(ShapeRecognizer.recognize(hand.polyline([Point(100, 200), Point(500, 242)], closed: false, wobble: 0.004)))
        XCTAssertGreaterThan(abs(slanted.path[1].y - slanted.path[0].y), 30)
    }

    func testHandDrawnRectanglesBecomeTrueRectanglesThroughTheirCorners() throws {
        for seed in 0..<30 {
            var hand = HandDrawnStrokes(seed: UInt64(100 + seed))
            let width = hand.random(80...500), height = width * hand.random(0.3...1)
            let angle = hand.random(10...80) * degrees
            let centre = Point(hand.random(300...500), hand.random(300...500))
            let corners = Self.rectangle(centre: centre, width: width, height: height, angle: angle)
            let drawn = hand.polyline(corners, closed: true, closing: hand.random(-0.05...0.08))
            let shape = try XCTUnwrap(ShapeRecognizer.recognize(drawn), "seed \(seed)")
            XCTAssertEqual(shape.kind, .rectangle, "seed \(seed)")
            let found = Self.corners(of: shape)
            XCTAssertEqual(found.count, 4, "seed \(seed)")
            let size = (width * width + height * height).squareRoot()
            for corner in corners {
                let nearest = found.map { $0.distance(to: corner) }.min() ?? .infinity
                XCTAssertLessThan(nearest, 0.04 * size, "seed \(seed): a corner where the hand's was")
            }
            for i in 0..<4 {
                let a = found[(i + 3) % 4], b = found[i], c = found[(i + 1) % 4]
                XCTAssertEqual((a - b).normalized.dot((c - b).normalized), 0, accuracy: 1e-9, "seed \(seed): a right angle")
            }
        }
    }

    func testARectangleNearlyLevelIsMadeLevelAndTheCleanPathStartsWhereTheHandDidGoingItsWay() throws {
        var hand = HandDrawnStrokes(seed: 3)
        let corners = Self.rectangle(centre: Point(400, 300), width: 300, height: 160, angle: 4 * degrees)
        // Drawn the other way round, from the third corner.
        let order = [corners[2], corners[1], corners[0], corners[3]]
        let drawn = hand.polyline(order, closed: true, closing: 0.03)
        let shape = try XCTUnwrap(ShapeRecognizer.recognize(drawn))
        XCTAssertEqual(shape.kind, .rectangle)
        let found = Self.corners(of: shape)
        XCTAssertEqual(Set(found.map { ($0.y * 1e6).rounded() }).count, 2, "level: two heights of corner \(found)")
        XCTAssertLessThan(shape.path[0].distance(to: drawn[0]), 0.04 * 340, "starts where the hand began")
        XCTAssertEqual(shape.path[0], shape.path[shape.path.count - 1], "and comes back to it")
        XCTAssertEqual(ShapeRecognizer.signedArea(shape.path) > 0, ShapeRecognizer.signedArea(drawn) > 0, "going round the hand's way")
    }

    func testHandDrawnTrianglesBecomeTrianglesThroughTheirCorners() throws {
        for seed in 0..<30 {
            var hand = HandDrawnStrokes(seed: UInt64(200 + seed))
            var corners: [Point] = []
            repeat {
                corners = (0..<3).map { _ in Point(hand.random(100...600), hand.random(100...600)) }
            } while ShapeRecognizer.interiorAngles(corners).min()! < 30 * degrees || HandDrawnStrokes.size(of: corners) < 150
            let size = HandDrawnStrokes.size(of: corners)
            let drawn = hand.polyline(corners, closed: true, rounding: 0.04, closing: hand.random(-0.04...0.06))
            let shape = try XCTUnwrap(ShapeRecognizer.recognize(drawn), "seed \(seed)")
            XCTAssertEqual(shape.kind, .triangle, "seed \(seed)")
            let found = Self.corners(of: shape)
            XCTAssertEqual(found.count, 3, "seed \(seed)")
            for corner in corners {
                XCTAssertLessThan(found.map { $0.distance(to: corner) }.min() ?? .infinity, 0.06 * size, "seed \(seed)")
            }
        }
    }

    func testHandDrawnCirclesBecomeCirclesOfTheirSize() throws {
        for seed in 0..<30 {
            var hand = HandDrawnStrokes(seed: UInt64(300 + seed))
            let radius = hand.random(30...300)
            let centre = Point(hand.random(300...600), hand.random(300...600))
            let drawn = hand.ellipse(centre: centre, radii: Point(radius, radius * hand.random(0.9...1)), angle: hand.random(0...3),
                                     start: hand.random(0...6), turns: hand.random(0.94...1.1))
            let shape = try XCTUnwrap(ShapeRecognizer.recognize(drawn), "seed \(seed)")
            XCTAssertEqual(shape.kind, .circle, "seed \(seed)")
            let reach = shape.path.map { $0.distance(to: centre) }
            XCTAssertLessThan(reach.map { abs($0 - radius) }.max()!, 0.1 * radius, "seed \(seed): round the hand's centre at its radius")
            let own = shape.path.dropLast().reduce(Point(0, 0), +) / Double(shape.path.count - 1)
            let ownReach = shape.path.map { $0.distance(to: own) }
            XCTAssertLessThan(ownReach.max()! - ownReach.min()!, 1e-6 * radius, "seed \(seed): a true circle")
        }
    }

    func testHandDrawnEllipsesBecomeEllipsesAlongTheirAxes() throws {
        for seed in 0..<30 {
            var hand = HandDrawnStrokes(seed: UInt64(400 + seed))
            let long = hand.random(60...300), short = long * hand.random(0.35...0.65)
            let angle = hand.random(15...75) * degrees
            let centre = Point(hand.random(300...600), hand.random(300...600))
            let drawn = hand.ellipse(centre: centre, radii: Point(long, short), angle: angle, start: hand.random(0...6),
                                     turns: hand.random(0.95...1.08), wobble: 0.008)
            let shape = try XCTUnwrap(ShapeRecognizer.recognize(drawn), "seed \(seed)")
            XCTAssertEqual(shape.kind, .ellipse, "seed \(seed)")
            let reach = shape.path.map { $0.distance(to: centre) }
            XCTAssertEqual(reach.max()!, long, accuracy: 0.08 * long, "seed \(seed): its long radius")
            XCTAssertEqual(reach.min()!, short, accuracy: 0.1 * long, "seed \(seed): its short radius")
        }
    }

    func testHandDrawnArrowsBecomeAShaftAndTwoEvenBarbs() throws {
        for seed in 0..<30 {
            var hand = HandDrawnStrokes(seed: UInt64(500 + seed))
            let length = hand.random(120...500), angle = hand.random(0...(2 * .pi))
            let tail = Point(hand.random(300...500), hand.random(300...500))
            let tip = tail + Point(cos(angle), sin(angle)) * length
            let back = (tail - tip).normalized, barb = length * hand.random(0.15...0.3), spread = hand.random(25...40) * degrees
            let left = tip + ShapeRecognizer.rotated(back, by: spread) * barb
            let right = tip + ShapeRecognizer.rotated(back, by: -spread) * barb
            let route = seed % 2 == 0 ? [tail, tip, left, tip, right] : [tail, tip, left, right, tip]
            let drawn = hand.polyline(route, closed: false, rounding: 0.01, wobble: 0.004)
            let shape = try XCTUnwrap(ShapeRecognizer.recognize(drawn), "seed \(seed)")
            XCTAssertEqual(shape.kind, .arrow, "seed \(seed)")
            XCTAssertEqual(shape.path.count, 5)
            XCTAssertLessThan(shape.path[1].distance(to: tip), 0.04 * length, "seed \(seed): the tip")
            XCTAssertEqual(shape.path[2].distance(to: shape.path[1]), shape.path[4].distance(to: shape.path[1]), accuracy: 1e-9)
            XCTAssertEqual(shape.path[2].distance(to: shape.path[1]), barb, accuracy: 0.25 * barb, "seed \(seed): barbs as long as drawn")
        }
    }

    /// Recorded cursive: a word or a letter's stroke is no shape. (A lone "o" may be taken for an
    /// ellipse and an "l" for a line, as a hand would; the person holding the pen asked.)
    func testCursiveHandwritingIsRefused() throws {
        let strokes = try Self.handwriting()
        XCTAssertEqual(strokes.count, 150)
        let taken = strokes.enumerated().compactMap { index, stroke in ShapeRecognizer.recognize(stroke).map { (index, $0.kind) } }
        XCTAssertLessThanOrEqual(taken.count, 4, "taken for shapes: \(taken)")
        XCTAssertTrue(taken.allSatisfy { [.line, .ellipse, .circle].contains($0.1) }, "\(taken)")
    }

    func testStrokesThatAreNearlyShapesButNotAreRefused() {
        var hand = HandDrawnStrokes(seed: 11)
        let wave = (0...200).map { Point(100 + Double($0) * 2, 300 + 30 * sin(Double($0) / 12)) }
        let spiral = (0...400).map { k -> Point in
            let t = Double(k) / 400 * 4 * .pi
            return Point(400 + (40 + 12 * t) * cos(t), 400 + (40 + 12 * t) * sin(t))
        }
        let zigzag = hand.polyline((0..<8).map { Point(100 + Double($0) * 50, $0 % 2 == 0 ? 200 : 260) }, closed: false)
        let letterU = hand.polyline([Point(100, 100), Point(100, 300), Point(250, 300), Point(250, 100)], closed: false)
        let tick = hand.polyline([Point(100, 200), Point(140, 250), Point(230, 120)], closed: false)
        let halfCircle = hand.ellipse(centre: Point(300, 300), radii: Point(100, 100), angle: 0, turns: 0.7)
        let pentagon = hand.polyline((0..<5).map { Point(300 + 150 * cos(Double($0) * 2 * .pi / 5), 300 + 150 * sin(Double($0) * 2 * .pi / 5)) },
                                     closed: true, rounding: 0.02, closing: 0.02)
        let rhombus = hand.polyline([Point(300, 100), Point(500, 200), Point(300, 300), Point(100, 200)], closed: true, closing: 0.02)
        let scribble = (0..<300).map { _ in Point(hand.random(100...300), hand.random(100...300)) }
        let dot = [Point(10, 10), Point(12, 11), Point(11, 13)]
        let shortDash = [Point(10, 10), Point(28, 10)]
        let broken = [Point(0, 0), Point(.nan, 5), Point(.infinity, 1)]
        for (name, stroke) in [("wave", wave), ("spiral", spiral), ("zigzag", zigzag), ("U", letterU), ("tick", tick),
                               ("half a circle", halfCircle), ("pentagon", pentagon), ("rhombus", rhombus), ("scribble", scribble),
                               ("dot", dot), ("short dash", shortDash), ("broken", broken), ("nothing", [])] {
            XCTAssertNil(ShapeRecognizer.recognize(stroke), "\(name) is no shape")
        }
    }

    func testTheCleanSamplesPassEveryCornerEvenlyWithTheHandsPressureAndTime() throws {
        // A line drawn with pressure rising from 0.2 to 1: the clean line's pressure rises the same way.
        let hand: [InputSample] = (0...100).map { (k: Int) -> InputSample in
            let x = 100 + Double(k) * 4, y = 200 + (k % 2 == 0 ? 0.8 : -0.8)
            let pressure = 0.2 + 0.8 * Double(k) / 100, time = 5 + Double(k) * 0.004
            return InputSample(position: Point(x, y), pressure: pressure, tiltX: 10, time: time, device: .pen, deviceID: 9)
        }
        let line = try XCTUnwrap(ShapeRecognizer.recognize(hand.map(\.position)))
        let samples = line.samples(replacing: hand)
        XCTAssertEqual(samples.first?.position, line.path[0])
        XCTAssertEqual(samples.last?.position, line.path[1])
        for (a, b) in zip(samples, samples.dropFirst()) {
            XCTAssertLessThanOrEqual(a.position.distance(to: b.position), RecognizedShape.sampleSpacing + 1e-9)
            XCTAssertLessThanOrEqual(a.time, b.time)
        }
        for sample in samples {
            let fraction = (sample.position.x - line.path[0].x) / (line.path[1].x - line.path[0].x)
            XCTAssertEqual(sample.pressure ?? 0, 0.2 + 0.8 * fraction, accuracy: 0.02, "the hand's pressure at the same place along")
            XCTAssertEqual(sample.tiltX, 10)
            XCTAssertEqual(sample.device, .pen)
            XCTAssertEqual(sample.deviceID, 9)
        }
        XCTAssertEqual(samples.first?.time, 5)
        XCTAssertEqual(samples.last?.time ?? 0, 5.4, accuracy: 1e-9)

        var drawing = HandDrawnStrokes(seed: 5)
        let square = Self.rectangle(centre: Point(300, 300), width: 200, height: 200, angle: 30 * degrees)
        let drawn = drawing.polyline(square, closed: true).enumerated().map { InputSample(position: $1, time: Double($0) * 0.01) }
        let shape = try XCTUnwrap(ShapeRecognizer.recognize(drawn.map(\.position)))
        let clean = shape.samples(replacing: drawn)
        for corner in shape.path { XCTAssertTrue(clean.contains { $0.position == corner }, "passes \(corner) exactly") }
        XCTAssertNil(clean.first?.pressure, "a mouse's samples stay without pressure")
    }

    // MARK: Helpers

    static func rectangle(centre: Point, width: Double, height: Double, angle: Double) -> [Point] {
        let along = Point(cos(angle), sin(angle)), across = along.perpendicular
        return [centre - along * (width / 2) - across * (height / 2), centre + along * (width / 2) - across * (height / 2),
                centre + along * (width / 2) + across * (height / 2), centre - along * (width / 2) + across * (height / 2)]
    }

    /// A closed shape's corners: its path's points where it turns (the entry point, on a side, is not one).
    static func corners(of shape: RecognizedShape) -> [Point] {
        let ring = Array(shape.path.dropLast())
        return ring.indices.filter { ShapeRecognizer.turn(at: $0, of: ring) > 1e-6 }.map { ring[$0] }
            .reduce(into: [Point]()) { kept, p in if !kept.contains(where: { $0.distance(to: p) < 1e-9 }) { kept.append(p) } }
    }

    static func handwriting() throws -> [[Point]] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/handwriting-strokes.txt")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let numbers = line.split(separator: " ").compactMap { Double($0) }
            return stride(from: 0, to: numbers.count - 1, by: 2).map { Point(numbers[$0], numbers[$0 + 1]) }
        }
    }
}
