import QuireGeometry
import QuireInk

/// An eraser applied as geometry: clips to everything outside the eraser's ink, so what is drawn
/// under the clip loses what the eraser covered and nothing is painted over it. Cairo's PDF and SVG
/// backends turn destination-out into pictures, which is why this is a clip; `PageVectorPlan` draws
/// what lies under an eraser once, into a group, and paints the group under the eraser's clip.
///
/// The clip is the area less the eraser's filled shape, worked out once (`outside`): one path, about
/// as long as the eraser's outline. Where the geometry cannot subtract, the eraser is taken as a union of
/// convex pieces (`VectorInk.convexPieces`): outside one piece C is, under the non-zero rule, the clip
/// of a rectangle round everything drawn together with C wound the other way (winding 1 outside C, 0
/// inside it); intersecting one such clip per piece leaves outside all of them. A single clip of the
/// outline as it is cannot say this: where the eraser crosses itself its winding is 2, and no rule
/// excludes both 1 and 2 while keeping 0.
enum EraserClip {
    /// The clips (non-zero) whose intersection is `area` less `shape` (filled non-zero, page
    /// coordinates): `area` minus the shape as one path, or `pieces()` where the geometry reports a
    /// problem with that subtraction; `tolerance` is how far the clip may stray from it.
    static func outside(_ shape: BezierPath, within area: Rect, tolerance: Double, pieces: () -> [BezierPath]) -> [BezierPath] {
        guard !area.isNull, !area.isEmpty else { return [] }
        let result = BezierPath(rect: area).subtracting(shape)
        guard result.problems.isEmpty, result.path.isFinite else { return pieces() }
        return [thinned(result.path, tolerance: tolerance)]
    }

    /// `path` with each run of straight lines thinned by Douglas–Peucker within `tolerance` (its ends and
    /// every curve kept): the outline of round ink is traced in short steps along its sides
    /// (`VectorInk.outline`), most of which a clip does not need.
    static func thinned(_ path: BezierPath, tolerance: Double) -> BezierPath {
        var simplifier = DouglasPeuckerSimplifier(tolerance: tolerance)
        var kept: [Int] = []
        var out: [PathElement] = []
        out.reserveCapacity(path.elements.count)
        // The points of the lines since the last point that is not a line's end, that point first.
        var run: [Point] = []
        func flush() {
            if run.count > 2 {
                simplifier.simplify(run, into: &kept)
                out += kept.dropFirst().map { .line(to: run[$0]) }
            } else {
                out += run.dropFirst().map { .line(to: $0) }
            }
            run = []
        }
        for element in path.elements {
            switch element {
            case let .line(to) where !run.isEmpty:
                run.append(to)
            case let .move(to):
                flush()
                out.append(element)
                run = [to]
            default:
                flush()
                out.append(element)
                if let end = element.points.last { run = [end] }
            }
        }
        flush()
        return BezierPath(out)
    }

    /// The clips (non-zero) whose intersection is the outside of `pieces` (page coordinates, or carried
    /// there through `map`); `area` bounds all that will be drawn under them (page coordinates).
    static func clipsOutside(_ pieces: [VectorInk.ConvexPiece], through map: Homography?, within area: Rect) -> [BezierPath] {
        guard !area.isNull, !area.isEmpty else { return [] }
        let frame = BezierPath(rect: area)
        let frameTurn = frame.signedArea
        return pieces.compactMap { piece in
            var path = piece.path
            if let map {
                guard let carried = map.apply(to: path, tolerance: 0.05) else { return nil }
                path = carried
            }
            guard path.isFinite else { return nil }
            // A piece too thin to have an inside removes nothing (and has no winding to reverse).
            let turn = path.signedArea
            guard turn != 0, turn.isFinite else { return nil }
            if (turn > 0) == (frameTurn > 0) { path = path.reversed }
            var clip = frame
            clip.append(path)
            return clip
        }
    }
}
