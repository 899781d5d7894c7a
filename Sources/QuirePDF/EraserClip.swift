import QuireGeometry
import QuireInk

/// An eraser applied as geometry: clips to everything outside the eraser's ink, so what is drawn
/// under the clip loses what the eraser covered and nothing is painted over it. Cairo's PDF and SVG
/// backends turn destination-out into pictures, which is why this is a clip. It is the fallback: ink is
/// drawn less the eraser's shape (`PageVectorPlan.outline(_:less:)`), and only what that cannot take
/// (a picture or a scrap under a page eraser, an outline the geometry reports a problem with) is clipped,
/// since cairo writes whatever is drawn under a clip again for every clip round it.
///
/// The eraser is a union of convex pieces (`VectorInk.convexPieces`). Outside one piece C is, under the
/// non-zero rule, the clip of a rectangle round everything drawn together with C wound the other way
/// (winding 1 outside C, 0 inside it); intersecting one such clip per piece leaves outside all of them.
/// A single clip of the whole outline cannot say this: where the eraser crosses itself its winding is 2,
/// and no rule excludes both 1 and 2 while keeping 0.
enum EraserClip {
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
