import Glibc
import QuireGeometry

/// The pen or mouse moving the ruler by its middle, or turning it by an end about its centre.
struct RulerDrag {
    let grip: Ruler.Grip
    let start: Ruler
    /// Where the press was (page pixels).
    let from: Point
    let button: Int

    /// The ruler with the pointer at `point`.
    func ruler(at point: Point) -> Ruler {
        var ruler = start
        if grip == .end {
            let was = from - start.centre, now = point - start.centre
            guard was.length > 0, now.length > 0 else { return ruler }
            ruler.angle = Ruler.snapped(start.angle + atan2(was.cross(now), was.dot(now)))
        } else {
            ruler.centre = start.centre + (point - from)
        }
        return ruler
    }
}

/// Two fingers on the page: held still half a second, they lay the ruler between them, and from then
/// on carry and turn it as they move (the view stays) until one lifts.
struct RulerFingers {
    static let holdSeconds = 0.5
    /// How far (window pixels) a finger may move and still be held still.
    static let stillRadius = 8.0

    let fingers: (Int, Int)
    /// Where they came down (window pixels), and when (the canvas's clock).
    let starts: (Point, Point)
    let since: Double
    /// The ruler is laid: the fingers carry it.
    var isHolding = false

    var due: Double { since + Self.holdSeconds }

    func owns(_ id: Int) -> Bool { id == fingers.0 || id == fingers.1 }

    /// Whether finger `id` at `point` is still where it came down.
    func isStill(_ id: Int, at point: Point) -> Bool {
        point.distance(to: id == fingers.0 ? starts.0 : starts.1) <= Self.stillRadius
    }

    /// The ruler through the two fingers (window pixels `a` and `b`, page pixels by `toPage`): centred
    /// between them, along the line from one to the other (turned at most a quarter either way from level,
    /// snapped to 15°), its length and width as `shown` has them.
    static func ruler(between a: Point, _ b: Point, toPage: (Point) -> Point, shown: Ruler) -> Ruler {
        let pa = toPage(a), pb = toPage(b)
        var angle = atan2(pb.y - pa.y, pb.x - pa.x)
        if angle > .pi / 2 { angle -= .pi } else if angle <= -.pi / 2 { angle += .pi }
        var ruler = shown
        ruler.centre = (pa + pb) / 2
        ruler.angle = Ruler.snapped(angle)
        return ruler
    }
}
