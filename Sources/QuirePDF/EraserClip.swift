import Foundation
import QuireGeometry
import QuireInk

/// An eraser applied as geometry: clips to everything outside the eraser's ink, so what is drawn
/// under the clip loses what the eraser covered and nothing is painted over it. Cairo's PDF and SVG
/// backends turn destination-out into pictures, which is why this is a clip; `PageVectorPlan` draws
/// what lies under an eraser once, into a group, and paints the group under the eraser's clip.
///
/// The clip is the area less the eraser's filled shape, worked out once (`outside`) and fitted in few
/// lines and cubics (`fitted`). Where that cannot be worked out, the eraser is taken as a union of
/// convex pieces (`VectorInk.convexPieces`): outside one piece C is, under the non-zero rule, the clip
/// of a rectangle round everything drawn together with C wound the other way (winding 1 outside C, 0
/// inside it); intersecting one such clip per piece leaves outside all of them. A single clip of the
/// outline as it is cannot say this: where the eraser crosses itself its winding is 2, and no rule
/// excludes both 1 and 2 while keeping 0.
enum EraserClip {
    /// The clips (non-zero) whose intersection is `area` less `shape` (filled non-zero, page
    /// coordinates): `area` minus the shape as one path, or `pieces()` where that subtraction cannot be
    /// had; `tolerance` is how far the clip may stray from it. The subtraction is Clipper's, on the
    /// shape flattened (`PolygonClipping`): a stroke's outline folds into its ink at every tight bend and
    /// crosses itself wherever the stroke does, and the answer must hold none of that. (The exact curve
    /// boolean, which does not cut an outline where it meets itself, kept those folds as spikes: an eraser
    /// along a line of handwriting was 2.3 KB of clip. Told to cut them, it took 13 ms an eraser.)
    static func outside(_ shape: BezierPath, within area: Rect, tolerance: Double, pieces: () -> [BezierPath]) -> [BezierPath] {
        guard !area.isNull, !area.isEmpty else { return [] }
        guard let rings = PolygonClipping.area(area, less: shape, tolerance: tolerance / 4) else { return pieces() }
        // Clipper's rings are flat already: fitted as they are. An empty clip where the eraser covers
        // everything: nothing under it shows.
        return [fitted(rings.map { (points: $0, isClosed: true) }, tolerance: tolerance)]
    }

    /// `path` (closed contours) drawn again in few lines and cubics within `tolerance`: each contour
    /// flattened finely, cut at its corners (a turn of more than 40° at a point), and each part between
    /// corners fitted (`CurveFit`). The outline of round ink is traced a short step at a time, with an arc
    /// round the dab at every outer turn (`VectorInk.outline`): as a clip that is several times the
    /// numbers a smooth curve along it needs.
    static func fitted(_ path: BezierPath, tolerance: Double) -> BezierPath {
        fitted(path.flattened(tolerance: tolerance / 4), tolerance: tolerance)
    }

    /// Contours already flattened within a quarter of `tolerance` (a closed one may or may not repeat its
    /// first point at its end), fitted as `fitted(_:tolerance:)` fits a path's.
    static func fitted(_ contours: [(points: [Point], isClosed: Bool)], tolerance: Double) -> BezierPath {
        let sharpTurn = cos(40.0 * .pi / 180)
        var out = BezierPath()
        for (points, isClosed) in contours {
            var ring = points
            if ring.count > 1, ring.first == ring.last { ring.removeLast() }
            guard isClosed, ring.count >= 4 else {
                if ring.count > 2 { out.append(BezierPath(polygon: ring)) }
                continue
            }
            let n = ring.count
            var corners: [Int] = []
            for i in 0..<n {
                let before = ring[i] - ring[(i + n - 1) % n], after = ring[(i + 1) % n] - ring[i]
                let lengths = before.length * after.length
                if lengths > 0, before.dot(after) < sharpTurn * lengths { corners.append(i) }
            }
            if corners.isEmpty { corners = [0] }
            var elements: [PathElement] = [.move(to: ring[corners[0]])]
            for k in corners.indices {
                let from = corners[k], to = corners[(k + 1) % corners.count]
                var part: [Point] = []
                var i = from
                repeat {
                    part.append(ring[i])
                    i = (i + 1) % n
                } while i != to
                part.append(ring[to])
                for curve in CurveFit.fit(part, tangents: Array(repeating: .zero, count: part.count), tolerance: tolerance * 0.75) {
                    elements.append(curve.degree == 1 ? .line(to: curve.p3) : .cubic(control1: curve.p1, control2: curve.p2, to: curve.p3))
                }
            }
            elements.append(.close)
            out.append(BezierPath(elements))
        }
        return out
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
