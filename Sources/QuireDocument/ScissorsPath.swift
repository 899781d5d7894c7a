import QuireGeometry
import QuireInk

/// The path the scissors drew, in page coordinates, made ready for cutting: checked (finite, bounded
/// in size), thinned to the points that shape it, and read the two ways a cut needs it — as drawn (the
/// line that slices scraps) and as the loop it closes, if it closes one (what cuts ink out of the page).
public struct ScissorsPath: Equatable, Sendable {
    /// The thinned points, in the order drawn.
    public let points: [Point]
    /// The path as a line through the points; closed when its ends nearly meet, so a loop drawn with a
    /// small gap inside a scrap still cuts its inside out.
    public let line: BezierPath
    /// The region the path encloses, when it does: its ends within `closingReach` of each other, or the
    /// loop between the first place it crosses itself (a lasso whose tail overshoots). Nil for an open
    /// stroke of the scissors.
    public let loop: BezierPath?

    /// At most this many points are taken from a gesture: a minute of drawing at 1 kHz, a bound on the
    /// cut's work that no real gesture reaches.
    public static let maximumPoints = 60_000
    /// Points closer to the line through their neighbours than this (page pixels) are dropped: far below
    /// what an eye sees, and it keeps the intersection work proportional to the path's shape, not to
    /// the pen's sample rate.
    public static let thinningTolerance = 0.2

    /// Why a gesture's points make no path to cut with.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case tooFewPoints
        case tooManyPoints(Int)
        case notFinite

        public var description: String {
            switch self {
            case .tooFewPoints: "the scissors' path is a single point"
            case let .tooManyPoints(count): "the scissors' path has \(count) points (at most \(ScissorsPath.maximumPoints))"
            case .notFinite: "the scissors' path has a point that is not finite"
            }
        }
    }

    /// `points` (page pixels) as a scissors path; ends within `closingReach` page pixels close it.
    public init(points raw: [Point], closingReach: Double) throws {
        guard raw.count <= Self.maximumPoints else { throw Problem.tooManyPoints(raw.count) }
        guard raw.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { throw Problem.notFinite }
        let points = Self.thinned(raw)
        guard points.count >= 2 else { throw Problem.tooFewPoints }
        self.points = points
        let endsMeet = points.count > 2 && points[0].distance(to: points[points.count - 1]) <= max(0, closingReach)
        var line = BezierPath(polygon: points)
        if !endsMeet { line.elements.removeLast() }
        self.line = line
        if endsMeet {
            loop = line
        } else {
            loop = Self.firstLoop(in: points).map { BezierPath(polygon: $0) }
        }
    }

    /// The points without repeats and without those that lie on the line between their neighbours.
    static func thinned(_ raw: [Point]) -> [Point] {
        var distinct: [Point] = []
        distinct.reserveCapacity(raw.count)
        for point in raw where distinct.last != point { distinct.append(point) }
        guard distinct.count > 2 else { return distinct }
        var simplifier = DouglasPeuckerSimplifier(tolerance: thinningTolerance)
        var kept: [Int] = []
        simplifier.simplify(distinct, into: &kept)
        return kept.map { distinct[$0] }
    }

    /// The closed polygon between the first segment that crosses an earlier, non-neighbouring one and
    /// that earlier segment: the loop of a lasso whose end runs past its start. Nil when the path never
    /// crosses itself. Quadratic in the thinned points, which a gesture keeps to a few hundred.
    static func firstLoop(in points: [Point]) -> [Point]? {
        guard points.count >= 4 else { return nil }
        for j in 2..<(points.count - 1) {
            let (c, d) = (points[j], points[j + 1])
            let segmentBounds = Rect.null.union(c).union(d)
            // The latest earlier crossing closes the smallest loop ending here; the earliest the largest,
            // which is the one a person drew (the tail's crossing near the start).
            for i in 0..<(j - 1) {
                let (a, b) = (points[i], points[i + 1])
                guard segmentBounds.intersects(Rect.null.union(a).union(b)),
                      let crossing = Self.crossing(a, b, c, d) else { continue }
                return [crossing] + points[(i + 1)...j]
            }
        }
        return nil
    }

    /// Where segments ab and cd cross (inside both, ends excluded), or nil.
    static func crossing(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Point? {
        let r = b - a, s = d - c
        let denominator = r.x * s.y - r.y * s.x
        guard denominator != 0 else { return nil }
        let q = c - a
        let t = (q.x * s.y - q.y * s.x) / denominator
        let u = (q.x * r.y - q.y * r.x) / denominator
        guard t > 0, t < 1, u > 0, u < 1 else { return nil }
        return a + r * t
    }
}
