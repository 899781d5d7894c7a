import Foundation
import QuireGeometry

/// Whether an item hides a rectangle of the page wholly, so nothing under it there need be drawn: a
/// group (a photo scrap) whose first child is a picture at full opacity, opaque in every pixel, with the
/// group's clip and the picture both holding the rectangle. A pile of photos redrawn where one changes
/// then draws the photos showing there, not every one under them (a hundred scraps, their shadows and
/// clips, took a tenth of a second an area on llvmpipe).
///
/// Only convex outlines of straight edges are judged (a photo as placed, turned or stretched); any other
/// outline is taken to hide nothing. The rectangle is taken `margin` larger: the scissor rounds an area
/// out to whole pixels, and an edge's pixels are blended.
enum OpaqueCover {
    static let margin = 2.0

    /// The lowest position of `indices` (ascending item indices) from which the items draw all that
    /// shows in `rect`: the position of the topmost item hiding it, or 0.
    static func firstShown(_ indices: [Int], in rect: Rect, item: (Int) -> RenderItem, isOpaque: (String) -> Bool) -> Int {
        let held = rect.outsetBy(margin)
        for position in indices.indices.reversed() where hides(item(indices[position]), held, isOpaque: isOpaque) {
            return position
        }
        return 0
    }

    static func hides(_ item: RenderItem, _ rect: Rect, isOpaque: (String) -> Bool) -> Bool {
        hides(item, Quadrilateral(rect).corners, isOpaque: isOpaque)
    }

    /// Whether `item` is an opaque photo whose outline and picture both hold the convex polygon `points`.
    static func hides(_ item: RenderItem, _ points: [Point], isOpaque: (String) -> Bool) -> Bool {
        guard case let .group(group) = item, case let .image(picture)? = group.children.first,
              picture.opacity >= 1, picture.clip == nil, isOpaque(picture.imageKey) else { return false }
        guard let outline = convexPolygon(group.clip), holds(outline, points),
              holds(picture.corners.corners, points) else { return false }
        return true
    }

    /// Whether what `group` draws inside its clip is hidden by one of `above`: an opaque photo whose
    /// outline holds the group's (convex) outline, to the very edge. A group changing only inside its
    /// clip (its picture arriving sharper) then changes no pixel: a clip takes the pixels whose centres
    /// are inside it, so an outline held by another, even one the same, takes no pixel that one does not.
    static func hidesInside(_ group: SceneGroup, under above: [RenderItem], isOpaque: (String) -> Bool) -> Bool {
        guard let outline = convexPolygon(group.clip) else { return false }
        return above.contains { hides($0, outline, isOpaque: isOpaque) }
    }

    /// The corners of `path` when it is one closed run of straight lines: nil for anything else.
    static func convexPolygon(_ path: BezierPath) -> [Point]? {
        var points: [Point] = []
        for (position, element) in path.elements.enumerated() {
            switch element {
            case let .move(to: p):
                guard position == 0 else { return nil }
                points.append(p)
            case let .line(to: p):
                points.append(p)
            case .close:
                guard position == path.elements.count - 1 else { return nil }
            case .quad, .cubic:
                return nil
            }
        }
        if points.count > 1, points.first == points.last { points.removeLast() }
        return points.count >= 3 ? points : nil
    }

    /// Whether the convex polygon `polygon` (either winding) holds every point of `points`; false when
    /// it is not convex, or any coordinate is not finite.
    static func holds(_ polygon: [Point], _ points: [Point]) -> Bool {
        guard polygon.count >= 3, (polygon + points).allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return false }
        var sign = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count], c = polygon[(i + 2) % polygon.count]
            let turn = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            if turn == 0 { continue }
            if sign == 0 { sign = turn > 0 ? 1 : -1 } else if (turn > 0) != (sign > 0) { return false }
        }
        guard sign != 0 else { return false }
        // Turning the same way at every corner, a star still goes round twice: once round is convex.
        var turning = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count], c = polygon[(i + 2) % polygon.count]
            let incoming = atan2(b.y - a.y, b.x - a.x), outgoing = atan2(c.y - b.y, c.x - b.x)
            var angle = outgoing - incoming
            if angle > .pi { angle -= 2 * .pi } else if angle < -.pi { angle += 2 * .pi }
            turning += angle
        }
        guard abs(abs(turning) - 2 * .pi) < 0.01 else { return false }
        for p in points {
            for i in polygon.indices {
                let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                let side = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
                if side * sign < 0 { return false }
            }
        }
        return true
    }
}
