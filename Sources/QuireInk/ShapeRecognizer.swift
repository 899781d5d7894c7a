import Foundation
import QuireGeometry

/// Takes a hand-drawn stroke for a clean shape when it nearly is one: a line, a triangle, a rectangle,
/// a circle or ellipse, or an arrow; anything else (handwriting, a scribble, a wave, a tick) is refused
/// with nil. The pen held still at a stroke's end asks for it (`InkingTool`).
///
/// The stroke is first walked at evenly spaced points (`walkPoints` at most, so a long stroke costs no
/// more than a short one), then tried as each shape in turn; every tolerance is a fraction of the
/// stroke's own size, so a shape is the same shape at any zoom.
public enum ShapeRecognizer {
    /// A stroke shorter than this along the pen's path (page pixels) is never a shape: a dot, a dash.
    public static let minimumLength = 24.0
    /// Nor one whose box's diagonal is smaller.
    public static let minimumSize = 16.0
    /// The most points the stroke is walked at.
    static let walkPoints = 256
    /// Lines within this of level or upright, and rectangles and ellipses turned less than
    /// `squaringAngle`, are made exactly level: what a hand drawing them meant.
    static let levellingAngle = 3.0 * .pi / 180
    static let squaringAngle = 6.0 * .pi / 180

    public static func recognize(_ points: [Point]) -> RecognizedShape? {
        let drawn = points.filter { $0.x.isFinite && $0.y.isFinite }
        guard let walk = walked(drawn) else { return nil }
        let length = pathLength(walk)
        let size = size(of: walk)
        guard length >= minimumLength, size >= minimumSize else { return nil }
        if let line = line(walk, length: length) { return line }
        if let loop = closedLoop(walk, length: length) {
            // The better fit wins: a rectangle's corners are too far out for an ellipse, an ellipse's
            // sides too round for a polygon.
            let fits = [polygon(loop), ellipse(loop)].compactMap { $0 }
            return fits.min { $0.deviation < $1.deviation }?.shape
        }
        return arrow(walk, size: size)
    }

    // MARK: Lines

    /// Nearly straight, and drawn one way only (no retracing): the fitted line between the projections
    /// of the stroke's ends.
    static func line(_ walk: [Point], length: Double) -> RecognizedShape? {
        guard let fit = FittedLine(walk) else { return nil }
        let along = walk.map(fit.along)
        let (low, high) = (along.min()!, along.max()!)
        let extent = high - low
        guard extent >= minimumLength, length <= 1.15 * extent,
              walk.allSatisfy({ fit.distance(to: $0) <= max(2, 0.04 * extent) }) else { return nil }
        let forward = along.last! >= along.first!
        var start = fit.point(at: forward ? low : high), end = fit.point(at: forward ? high : low)
        let angle = atan2(end.y - start.y, end.x - start.x)
        let level = (angle / (.pi / 2)).rounded() * (.pi / 2)
        if abs(angle - level) <= levellingAngle {
            let middle = (start + end) / 2, half = extent / 2
            let direction = Point(cos(level), sin(level))
            start = middle - direction * half
            end = middle + direction * half
        }
        return RecognizedShape(kind: .line, path: [start, end])
    }

    // MARK: Closed shapes

    /// The stroke as a loop when its end comes back to its start: passing its start (an overshoot of at
    /// most a seventh of the way, cut off where it passed nearest: a longer tail is a cursive letter's
    /// loop going on into the next), or within a gap of an eighth of its length.
    static func closedLoop(_ walk: [Point], length: Double) -> [Point]? {
        let first = walk[0], last = walk.count - 1
        let tail = Int(Double(walk.count) * 0.86)...last
        guard let nearest = tail.min(by: { walk[$0].distance(to: first) < walk[$1].distance(to: first) }) else { return nil }
        let gap = walk[nearest].distance(to: first)
        if nearest < last, gap <= 0.06 * length { return Array(walk[...nearest]) }
        return walk[last].distance(to: first) <= 0.12 * length ? walk : nil
    }

    struct Candidate {
        /// Nil for a fit to a shape Quire does not draw (a polygon of five or more sides).
        var shape: RecognizedShape?
        /// Mean distance of the stroke from the shape, as a fraction of its size: the better fit wins.
        var deviation: Double
    }

    /// Straight sides meeting at corners: the corners found by Douglas–Peucker, then sharpened where
    /// the sides' fitted lines cross (a hand rounds its corners). Three or four make a triangle or a
    /// rectangle; a pentagon or hexagon that fits better than an ellipse makes the stroke no shape (it
    /// is not a circle).
    static func polygon(_ loop: [Point]) -> Candidate? {
        let size = size(of: loop)
        let corners = mergedCorners(cornerIndices(loop, tolerance: 0.05 * size), of: loop)
        guard corners.count >= 3 else { return nil }
        let sharp = sharpened(corners, of: loop, size: size)
        let (mean, worst) = deviation(of: loop, fromPolygon: sharp)
        guard worst <= 0.08 * size, mean <= 0.025 * size else { return nil }
        let angles = interiorAngles(sharp)
        let degrees = Double.pi / 180
        let outline: [Point]
        let kind: RecognizedShape.Kind?
        switch sharp.count {
        case 3:
            guard angles.allSatisfy({ $0 >= 15 * degrees }) else { return nil }
            (outline, kind) = (sharp, .triangle)
        case 4:
            guard angles.allSatisfy({ abs($0 - 90 * degrees) <= 25 * degrees }) else { return nil }
            (outline, kind) = (squared(sharp), .rectangle)
        case 5, 6:
            // Only a polygon whose every corner is a corner counts against an ellipse: a circle's
            // Douglas–Peucker corners turn gently, and more of them fit a curve ever closer.
            guard angles.allSatisfy({ $0 <= 135 * degrees }) else { return nil }
            (outline, kind) = (sharp, nil)
        default:
            return nil
        }
        let path = closedPath(through: outline, from: loop[0], winding: signedArea(loop))
        return Candidate(shape: kind.map { RecognizedShape(kind: $0, path: path) }, deviation: mean / size)
    }

    /// The loop's corners as indices into it, ascending, the first 0 (the loop's start, which the
    /// merging drops if it is no corner): Douglas–Peucker on the two halves either side of the point
    /// farthest from the start.
    static func cornerIndices(_ loop: [Point], tolerance: Double) -> [Int] {
        let far = loop.indices.max { loop[$0].distance(to: loop[0]) < loop[$1].distance(to: loop[0]) } ?? 0
        guard far > 0 else { return [0] }
        var simplifier = DouglasPeuckerSimplifier(tolerance: tolerance)
        var first: [Int] = [], second: [Int] = []
        simplifier.simplify(Array(loop[...far]), into: &first)
        // Back to the start: the closing side, whether or not the hand closed the gap.
        simplifier.simplify(Array(loop[far...]) + [loop[0]], into: &second)
        let secondIndices = second.dropFirst().map { far + $0 }.filter { $0 < loop.count }
        return first + secondIndices.filter { $0 != far && loop[$0].distance(to: loop[0]) > 0 }
    }

    /// Drops corners that hardly turn (under 30°, a point in a side) and merges corners closer than a
    /// twentieth of the way round, until neither is left.
    static func mergedCorners(_ corners: [Int], of loop: [Point]) -> [Int] {
        var kept = corners
        let perimeter = closedLength(kept.map { loop[$0] })
        while kept.count > 3 {
            let points = kept.map { loop[$0] }
            let turns = points.indices.map { turn(at: $0, of: points) }
            let gentlest = turns.indices.min { turns[$0] < turns[$1] }!
            if turns[gentlest] < 30 * .pi / 180 {
                kept.remove(at: gentlest)
                continue
            }
            let sides = points.indices.map { points[$0].distance(to: points[($0 + 1) % points.count]) }
            let shortest = sides.indices.min { sides[$0] < sides[$1] }!
            guard sides[shortest] < 0.05 * perimeter else { break }
            // Of the short side's two ends, the one that turns less goes.
            let next = (shortest + 1) % kept.count
            kept.remove(at: turns[shortest] < turns[next] ? shortest : next)
        }
        return kept
    }

    /// The corners where each pair of neighbouring sides' fitted lines cross (each side fitted on its
    /// middle three fifths, away from the rounded corners); a corner whose sides are near parallel or
    /// cross far from it stays where it was drawn.
    static func sharpened(_ corners: [Int], of loop: [Point], size: Double) -> [Point] {
        let count = corners.count
        let n = loop.count
        let sides: [FittedLine?] = (0..<count).map { side in
            // Round the loop's end to its start for the side that closes it.
            let from = corners[side], span = (corners[(side + 1) % count] - from + n) % n
            let middle = (from + span / 5..<from + span - span / 5).map { loop[$0 % n] }
            return middle.count >= 2 ? FittedLine(middle) : nil
        }
        return (0..<count).map { corner in
            let drawn = loop[corners[corner]]
            guard let before = sides[(corner + count - 1) % count], let after = sides[corner],
                  let crossing = before.crossing(after), crossing.distance(to: drawn) <= 0.2 * size else { return drawn }
            return crossing
        }
    }

    /// A four-cornered outline made a true rectangle: its sides' mean direction (each side's angle
    /// folded into a quarter turn, weighted by its length), its size the mean of the corners' reach
    /// along and across it; level when nearly so.
    static func squared(_ corners: [Point]) -> [Point] {
        var sum = Point(0, 0)
        for (a, b) in zip(corners, corners.dropFirst() + [corners[0]]) {
            let d = b - a
            let angle = 4 * atan2(d.y, d.x)
            sum += Point(cos(angle), sin(angle)) * d.length
        }
        var angle = atan2(sum.y, sum.x) / 4
        if abs(angle) <= squaringAngle { angle = 0 }
        let along = Point(cos(angle), sin(angle)), across = along.perpendicular
        let centre = corners.reduce(Point(0, 0), +) / Double(corners.count)
        let halfLength = corners.map { abs(($0 - centre).dot(along)) }.reduce(0, +) / Double(corners.count)
        let halfWidth = corners.map { abs(($0 - centre).dot(across)) }.reduce(0, +) / Double(corners.count)
        return [centre - along * halfLength - across * halfWidth, centre + along * halfLength - across * halfWidth,
                centre + along * halfLength + across * halfWidth, centre - along * halfLength + across * halfWidth]
    }

    /// An ellipse fitted in the loop's principal axes (least squares on u²/a² + v²/b² = 1), accepted
    /// when the loop goes once round its centre and stays near it; a circle when its radii are within
    /// a sixth of each other.
    static func ellipse(_ loop: [Point]) -> Candidate? {
        let ring = loop.count > 2 && loop[0].distance(to: loop[loop.count - 1]) < 1e-9 ? Array(loop.dropLast()) : loop
        guard ring.count >= 8, let axis = FittedLine(ring) else { return nil }
        let centre = axis.centre, along = axis.direction, across = along.perpendicular
        var u4 = 0.0, u2v2 = 0.0, v4 = 0.0, u2 = 0.0, v2 = 0.0
        for p in ring {
            let u = (p - centre).dot(along), v = (p - centre).dot(across)
            u4 += u * u * u * u
            u2v2 += u * u * v * v
            v4 += v * v * v * v
            u2 += u * u
            v2 += v * v
        }
        let determinant = u4 * v4 - u2v2 * u2v2
        guard determinant.isNormal else { return nil }
        // 1/a² and 1/b², the equation's coefficients.
        let ka = (u2 * v4 - v2 * u2v2) / determinant, kb = (u4 * v2 - u2v2 * u2) / determinant
        guard ka > 0, kb > 0 else { return nil }
        var radii = Point(1 / ka.squareRoot(), 1 / kb.squareRoot())
        let meanRadius = (radii.x + radii.y) / 2
        guard meanRadius.isFinite, min(radii.x, radii.y) >= 0.12 * max(radii.x, radii.y) else { return nil }
        var total = 0.0, worst = 0.0
        for p in ring {
            let u = (p - centre).dot(along), v = (p - centre).dot(across)
            let reach = (u * u + v * v).squareRoot()
            let scaled = (ka * u * u + kb * v * v).squareRoot()
            let off = scaled > 0 ? abs(reach - reach / scaled) : meanRadius
            total += off
            worst = max(worst, off)
        }
        let mean = total / Double(ring.count)
        let sweep = sweptAngle(ring, around: centre)
        guard mean <= 0.06 * meanRadius, worst <= 0.18 * meanRadius,
              abs(sweep) >= 1.7 * .pi, abs(sweep) <= 2.6 * .pi else { return nil }
        let isCircle = min(radii.x, radii.y) >= 0.82 * max(radii.x, radii.y)
        var angle = atan2(along.y, along.x)
        if isCircle {
            radii = Point(meanRadius, meanRadius)
            angle = 0
        } else {
            let level = (angle / (.pi / 2)).rounded() * (.pi / 2)
            if abs(angle - level) <= squaringAngle { angle = level }
        }
        let path = ellipsePath(centre: centre, radii: radii, angle: angle, from: ring[0], turning: sweep > 0 ? 1 : -1)
        let size = size(of: loop)
        return Candidate(shape: RecognizedShape(kind: isCircle ? .circle : .ellipse, path: path), deviation: mean / size)
    }

    /// Round the ellipse from the point nearest `start`'s direction, the way `turning` says (+1: the way
    /// angles grow), a point every 3 pixels or so.
    static func ellipsePath(centre: Point, radii: Point, angle: Double, from start: Point, turning: Double) -> [Point] {
        let along = Point(cos(angle), sin(angle)), across = along.perpendicular
        let d = start - centre
        let begin = atan2(d.dot(across) / radii.y, d.dot(along) / radii.x)
        let perimeter = Double.pi * (3 * (radii.x + radii.y) - ((3 * radii.x + radii.y) * (radii.x + 3 * radii.y)).squareRoot())
        let steps = min(4000, max(48, Int((perimeter / 3).rounded(.up))))
        return (0...steps).map { k in
            let t = begin + turning * 2 * .pi * Double(k) / Double(steps)
            return centre + along * (radii.x * cos(t)) + across * (radii.y * sin(t))
        }
    }

    // MARK: Arrows

    /// A straight shaft from the tail to the tip, then a head of one or two barbs swept back from the
    /// tip (drawn tip, barb, tip, barb; or tip, barb, barb, tip; or one barb alone): made a shaft and two
    /// even barbs.
    static func arrow(_ walk: [Point], size: Double) -> RecognizedShape? {
        var simplifier = DouglasPeuckerSimplifier(tolerance: 0.04 * size)
        var kept: [Int] = []
        simplifier.simplify(walk, into: &kept)
        guard (3...6).contains(kept.count) else { return nil }
        let tail = walk[kept[0]], corner = walk[kept[1]]
        // The tip is the head's point farthest along the shaft (the corner found may sit on the hand's
        // rounded turn into the first barb).
        let ahead = (corner - tail).normalized
        let tip = walk[kept[0]...kept[2]].max { ($0 - tail).dot(ahead) < ($1 - tail).dot(ahead) } ?? corner
        let shaftLength = tail.distance(to: tip)
        guard shaftLength >= minimumLength else { return nil }
        let shaftTolerance = max(2, 0.04 * shaftLength)
        guard walk[kept[0]...kept[1]].allSatisfy({ $0.distance(toSegment: tail, tip) <= shaftTolerance }) else { return nil }
        let head = kept.dropFirst(2).map { walk[$0] }
        let reach = head.map { $0.distance(to: tip) }.max() ?? 0
        guard reach >= 0.08 * shaftLength, reach <= 0.7 * shaftLength,
              walk[kept[1]...].allSatisfy({ $0.distance(to: tip) <= 1.2 * reach }) else { return nil }
        let barbs = head.filter { $0.distance(to: tip) >= 0.45 * reach }
        // Every other corner of the head is the pen coming back to the tip.
        guard (1...2).contains(barbs.count), head.allSatisfy({ $0.distance(to: tip) >= 0.45 * reach || $0.distance(to: tip) <= 0.3 * reach })
        else { return nil }
        let back = (tail - tip).normalized
        let degrees = Double.pi / 180
        let angles = barbs.map { acos(max(-1, min(1, ($0 - tip).normalized.dot(back)))) }
        guard angles.allSatisfy({ $0 >= 12 * degrees && $0 <= 60 * degrees }) else { return nil }
        let sides = barbs.map { back.cross($0 - tip) }
        if barbs.count == 2 { guard sides[0] * sides[1] < 0 else { return nil } }
        let spread = min(50 * degrees, max(20 * degrees, angles.reduce(0, +) / Double(angles.count)))
        let barbLength = barbs.map { $0.distance(to: tip) }.reduce(0, +) / Double(barbs.count)
        let side = sides[0] >= 0 ? 1.0 : -1.0
        let first = tip + rotated(back, by: side * spread) * barbLength
        let second = tip + rotated(back, by: -side * spread) * barbLength
        return RecognizedShape(kind: .arrow, path: [tail, tip, first, tip, second])
    }

    // MARK: Helpers

    /// The points at even steps along the stroke, ends included (at most `walkPoints`); nil when it has
    /// no length.
    static func walked(_ points: [Point]) -> [Point]? {
        guard points.count >= 2 else { return nil }
        let length = pathLength(points)
        guard length > 0, length.isFinite else { return nil }
        let count = walkPoints
        let step = length / Double(count - 1)
        var walk: [Point] = [points[0]]
        walk.reserveCapacity(count)
        var travelled = 0.0, next = step
        for (a, b) in zip(points, points.dropFirst()) {
            let segment = a.distance(to: b)
            while segment > 0, next <= travelled + segment, walk.count < count - 1 {
                walk.append(a.lerp(to: b, (next - travelled) / segment))
                next += step
            }
            travelled += segment
        }
        walk.append(points[points.count - 1])
        return walk
    }

    static func pathLength(_ points: [Point]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }

    static func closedLength(_ points: [Point]) -> Double {
        pathLength(points) + (points.count > 1 ? points[points.count - 1].distance(to: points[0]) : 0)
    }

    /// The diagonal of the points' box: the stroke's size, which every tolerance is a fraction of.
    static func size(of points: [Point]) -> Double {
        let box = points.reduce(Rect.null) { $0.union($1) }
        return (box.width * box.width + box.height * box.height).squareRoot()
    }

    /// How far the outline turns at corner `i` (0: straight on), radians.
    static func turn(at i: Int, of points: [Point]) -> Double {
        let previous = points[(i + points.count - 1) % points.count], next = points[(i + 1) % points.count]
        let incoming = points[i] - previous, outgoing = next - points[i]
        return abs(atan2(incoming.cross(outgoing), incoming.dot(outgoing)))
    }

    static func interiorAngles(_ corners: [Point]) -> [Double] {
        corners.indices.map { .pi - turn(at: $0, of: corners) }
    }

    /// The mean and the largest distance of the points from the closed polygon.
    static func deviation(of points: [Point], fromPolygon corners: [Point]) -> (mean: Double, worst: Double) {
        var total = 0.0, worst = 0.0
        for p in points {
            var nearest = Double.infinity
            for i in corners.indices {
                nearest = min(nearest, p.distance(toSegment: corners[i], corners[(i + 1) % corners.count]))
            }
            total += nearest
            worst = max(worst, nearest)
        }
        return (total / Double(max(1, points.count)), worst)
    }

    /// Twice the signed area (shoelace): positive when the points go the way angles grow.
    static func signedArea(_ points: [Point]) -> Double {
        zip(points, points.dropFirst() + [points[0]]).reduce(0) { $0 + $1.0.cross($1.1) }
    }

    /// The angle the points sweep round `centre`, signed.
    static func sweptAngle(_ points: [Point], around centre: Point) -> Double {
        var total = 0.0
        for (a, b) in zip(points, points.dropFirst()) {
            let da = a - centre, db = b - centre
            total += atan2(da.cross(db), da.dot(db))
        }
        return total
    }

    static func rotated(_ v: Point, by angle: Double) -> Point {
        Point(v.x * cos(angle) - v.y * sin(angle), v.x * sin(angle) + v.y * cos(angle))
    }

    /// Round the polygon from the point of it nearest `start`, the way a loop of signed area `winding`
    /// goes (`signedArea`), back to that point.
    static func closedPath(through corners: [Point], from start: Point, winding: Double) -> [Point] {
        let ordered = (signedArea(corners) > 0) == (winding > 0) ? corners : corners.reversed()
        let count = ordered.count
        var nearestSide = 0, nearestDistance = Double.infinity
        for i in 0..<count where start.distance(toSegment: ordered[i], ordered[(i + 1) % count]) < nearestDistance {
            nearestDistance = start.distance(toSegment: ordered[i], ordered[(i + 1) % count])
            nearestSide = i
        }
        let a = ordered[nearestSide], b = ordered[(nearestSide + 1) % count]
        let ab = b - a
        let t = ab.lengthSquared > 0 ? min(1, max(0, (start - a).dot(ab) / ab.lengthSquared)) : 0
        let entry = a + ab * t
        var path = [entry]
        // An entry at a corner is that corner, once.
        for point in (1...count).map({ ordered[(nearestSide + $0) % count] }) + [entry] where point.distance(to: path[path.count - 1]) > 1e-9 {
            path.append(point)
        }
        return path
    }
}
