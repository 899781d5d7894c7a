import QuireGeometry
@testable import QuireInk

/// A pen sample at (`x`, `y`), `index` × 5 ms into the stroke.
func penSample(_ x: Double, _ y: Double, pressure: Double = 1, index: Int = 0) -> InputSample {
    InputSample(position: Point(x, y), pressure: pressure, time: Double(index) * 0.005, device: .pen)
}

func penSamples(_ points: [(Double, Double)], pressure: Double = 1) -> [InputSample] {
    points.enumerated().map { penSample($1.0, $1.1, pressure: pressure, index: $0) }
}

/// A style with constant width and no effects, so spacing is exactly `spacing × width`.
func plainStyle(width: Double = 10, spacing: Double = 0.2, smoothness: Double = 0.75,
                engine: String = ShemanarevEngine.identifier) -> StrokeStyle {
    var brush = Brush.hardRound
    brush.spacing = spacing
    return StrokeStyle(tool: .pen, color: .rgb(.black), brush: brush, engineID: engine, effectIDs: [],
                       minimumWidth: width, maximumWidth: width, smoothness: smoothness)
}

func bitPatterns(_ sprites: [Sprite]) -> [UInt32] {
    sprites.flatMap { [$0.x, $0.y, $0.diameter, $0.rotation, $0.red, $0.green, $0.blue, $0.alpha].map(\.bitPattern) }
}

func distance(_ a: Sprite, _ b: Sprite) -> Double {
    Point(Double(a.x), Double(a.y)).distance(to: Point(Double(b.x), Double(b.y)))
}
