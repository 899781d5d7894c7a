import Glibc
import QuireGeometry
import QuireInk
import QuireRender

/// A straight edge laid over the page (R, or two fingers held still): ink begun near either long edge
/// follows that edge exactly; pressed in its middle it moves, near its ends it turns (snapping to every
/// 15°). It is an aid, not an item: never saved, exported or undone. Page pixels throughout.
public struct Ruler: Equatable, Sendable {
    public enum Side: Sendable { case upper, lower }

    /// What a press on or near the ruler takes hold of.
    public enum Grip: Equatable, Sendable {
        /// Near a long edge: ink drawn from here follows it.
        case edge(Side)
        /// Its middle: it moves with the pointer.
        case body
        /// Near an end: it turns about its centre.
        case end
    }

    public var centre: Point
    /// Radians; 0 is level, and it grows as the right end goes down (the window's y grows down).
    public var angle: Double
    public var length: Double
    public var width: Double

    /// Shown width and length in window pixels, and how near an edge (window pixels, either side) a
    /// press counts as on it.
    static let windowWidth = 64.0
    static let windowLengthFraction = 0.8
    static let edgeReach = 14.0
    /// A turn ends snapped to the nearest multiple of 15° when within this of it.
    static let snapStep = 15.0 * .pi / 180
    static let snapReach = 3.0 * .pi / 180

    public init(centre: Point, angle: Double, length: Double, width: Double) {
        self.centre = centre
        self.angle = angle
        self.length = length
        self.width = width
    }

    /// Level across the middle of a window of `windowSize` seen at `zoom` through `toPage`.
    static func shown(windowSize: Point, toPage: (Point) -> Point, zoom: Double) -> Ruler {
        let scale = zoom > 0 && zoom.isFinite ? zoom : 1
        return Ruler(centre: toPage(windowSize / 2), angle: 0, length: windowLengthFraction * max(windowSize.x, windowSize.y) / scale,
                     width: windowWidth / scale)
    }

    var along: Point { Point(cos(angle), sin(angle)) }
    var across: Point { along.perpendicular }

    /// A long edge, end to end.
    func edge(_ side: Side) -> (Point, Point) {
        let offset = across * (side == .upper ? -width / 2 : width / 2), half = along * (length / 2)
        return (centre + offset - half, centre + offset + half)
    }

    /// The four corners, round.
    var corners: [Point] {
        let (a, b) = edge(.upper), (c, d) = edge(.lower)
        return [a, b, d, c]
    }

    /// What a press at `point` takes hold of; nil off the ruler. `reach`: `edgeReach` in page pixels.
    func grip(at point: Point, reach: Double) -> Grip? {
        let d = point - centre
        let u = d.dot(along), v = d.dot(across)
        guard abs(u) <= length / 2 + reach, abs(v) <= width / 2 + reach else { return nil }
        if abs(abs(v) - width / 2) <= reach { return .edge(v < 0 ? .upper : .lower) }
        guard abs(u) <= length / 2 else { return nil }
        return abs(u) >= 0.35 * length ? .end : .body
    }

    /// `point` laid on edge `side`: its nearest point there, within the edge's length.
    func onEdge(_ side: Side, _ point: Point) -> Point {
        let (a, b) = edge(side)
        let ab = b - a
        let t = min(1, max(0, (point - a).dot(ab) / ab.lengthSquared))
        return a + ab * t
    }

    /// The angle as a protractor reads it: degrees anticlockwise from level, 0 up to 180.
    var degrees: Int {
        let reading = (-angle * 180 / .pi).truncatingRemainder(dividingBy: 180)
        let whole = Int(reading.rounded())
        return ((whole % 180) + 180) % 180
    }

    /// `angle` on the nearest multiple of 15° when within 3° of it.
    static func snapped(_ angle: Double) -> Double {
        let nearest = (angle / snapStep).rounded() * snapStep
        return abs(angle - nearest) <= snapReach ? nearest : angle
    }

    /// A translucent band with its edges and a tick every 5 mm (longer every centimetre, 96 page pixels
    /// to the inch), in window pixels.
    func overlay(pageToWindow: AffineTransform) -> [OverlayItem] {
        let band = corners.map(pageToWindow.apply)
        let edgeColor = InkColor(red: 0.12, green: 0.32, blue: 0.6, alpha: 0.9)
        var items: [OverlayItem] = [.polygon(band, color: InkColor(red: 0.72, green: 0.84, blue: 0.97, alpha: 0.45))]
        for side in [Side.upper, .lower] {
            let (a, b) = edge(side)
            items.append(.polyline([pageToWindow.apply(a), pageToWindow.apply(b)], width: 1.5, color: edgeColor))
        }
        let scale = abs(pageToWindow.determinant).squareRoot()
        let millimetre = 96 / 25.4
        let ticks = Int(length / (5 * millimetre))
        guard ticks < 2000, scale > 0 else { return items }
        for k in 0...ticks {
            let u = -length / 2 + Double(k) * 5 * millimetre
            let long = k % 2 == 0
            let reach = (long ? 12 : 6) / scale
            for (side, inward) in [(Side.upper, 1.0), (.lower, -1.0)] {
                let start = centre + along * u + across * (side == .upper ? -width / 2 : width / 2)
                let end = start + across * (inward * reach)
                items.append(.polyline([pageToWindow.apply(start), pageToWindow.apply(end)], width: 1, color: edgeColor))
            }
        }
        return items
    }
}
