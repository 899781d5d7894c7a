import QuireGeometry

/// The pen (or mouse) held still while drawing: how long it has stayed within a few pixels of where it
/// stopped. Half a second of it at a stroke's end asks for the stroke to be taken for a clean shape.
struct StrokeHold {
    /// How long the pen must stay still.
    static let seconds = 0.5
    /// How far it may wander meanwhile, in window pixels: a hand's tremor and a tablet's noise, at any zoom.
    static let windowRadius = 4.0

    /// Where it stopped (page pixels) and when (the canvas's clock).
    private(set) var anchor: Point
    private(set) var since: Double
    /// This stillness has been acted on: it asks nothing more until the pen moves again.
    var isSpent = false

    init(at point: Point, now: Double) {
        anchor = point
        since = now
    }

    /// When the stillness will have lasted long enough.
    var due: Double { since + Self.seconds }

    func isDue(now: Double) -> Bool { !isSpent && now >= due }

    /// The pen is at `point` at `now`; `radius` is `windowRadius` in page pixels. Returns true when it
    /// moved away, a new stillness starting there.
    mutating func pen(at point: Point, now: Double, radius: Double) -> Bool {
        guard point.distance(to: anchor) > radius else { return false }
        anchor = point
        since = now
        isSpent = false
        return true
    }
}
