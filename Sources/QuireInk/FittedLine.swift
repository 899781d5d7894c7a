import Foundation
import QuireGeometry

/// The straight line nearest a set of points (total least squares: the distances are measured square to
/// the line, so a vertical run fits as well as a horizontal one): through their centroid, along their
/// principal axis.
struct FittedLine {
    var centre: Point
    /// A unit vector along the line.
    var direction: Point

    /// Nil for no points.
    init?<Points: Collection>(_ points: Points) where Points.Element == Point {
        guard !points.isEmpty else { return nil }
        let count = Double(points.count)
        let centre = points.reduce(Point(0, 0), +) / count
        var xx = 0.0, yy = 0.0, xy = 0.0
        for p in points {
            let d = p - centre
            xx += d.x * d.x
            yy += d.y * d.y
            xy += d.x * d.y
        }
        let angle = 0.5 * atan2(2 * xy, xx - yy)
        self.centre = centre
        direction = Point(cos(angle), sin(angle))
    }

    /// How far along the line `point` lies from the centre (signed).
    func along(_ point: Point) -> Double { (point - centre).dot(direction) }

    /// How far `point` lies from the line.
    func distance(to point: Point) -> Double { abs((point - centre).cross(direction)) }

    /// The point of the line `distance` along it from the centre.
    func point(at distance: Double) -> Point { centre + direction * distance }

    /// Where this line crosses `other`; nil when they are within `minimumSine` of parallel.
    func crossing(_ other: FittedLine, minimumSine: Double = 0.2) -> Point? {
        let sine = direction.cross(other.direction)
        guard abs(sine) >= minimumSine else { return nil }
        let t = (other.centre - centre).cross(other.direction) / sine
        return point(at: t)
    }
}
