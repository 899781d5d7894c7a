import Glibc
import QuireDocument
import QuireGeometry
import QuireText

/// The frame the select tool draws round a scrap, picture or text box, with its grips: the four corners
/// scale it about its centre, the round handle off its top edge turns it, anywhere inside moves it. Grips are sized in window pixels, so they are as easy to hit at every zoom.
struct SelectionFrame {
    /// Upper left, upper right, lower right, lower left of the item's own rectangle, on the page.
    let corners: Quadrilateral
    let centre: Point
    /// The turning handle, on the page.
    let rotationHandle: Point
    /// Page pixels per window pixel where the frame is shown.
    let pagePerWindowPixel: Double

    /// Window pixels from a grip's centre that still take it.
    static let gripReach = 12.0
    /// How far above the top edge the turning handle sits, in window pixels.
    static let rotationHandleDistance = 36.0

    enum Grip: Equatable {
        case body
        case corner(Int)
        case rotation
    }

    /// The frame of `item` (a scrap, a placed picture or a text box; nil for anything else) for a view
    /// that shows the page through `pageToWindow`.
    init?(_ item: PageItem, pageToWindow: AffineTransform) {
        let quad: Quadrilateral
        switch item.content {
        case let .scrap(scrap):
            let local = scrap.outline.bounds
            guard !local.isNull, let placed = scrap.transform.apply(to: Quadrilateral(local)) else { return nil }
            quad = placed
        case let .image(image):
            quad = image.corners
        case let .text(text):
            guard let layout = PageTextFonts.shared.layout(of: text) else { return nil }
            quad = layout.corners
        default:
            return nil
        }
        let zoom = abs(pageToWindow.determinant).squareRoot()
        guard zoom.isFinite, zoom > 0, quad.corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        corners = quad
        centre = quad.corners.reduce(Point.zero, +) / 4
        pagePerWindowPixel = 1 / zoom
        // Off the middle of the top edge, away from the centre (whichever way the item is turned).
        let top = (quad.upperLeft + quad.upperRight) / 2
        let outward = top - centre
        let length = outward.length
        let direction = length > 0 ? outward / length : Point(0, -1)
        rotationHandle = top + direction * (Self.rotationHandleDistance * pagePerWindowPixel)
    }

    /// The grip at `point` (page pixels): handles first (they may lie just outside the item), then the
    /// item itself; nil outside all of them.
    func grip(at point: Point, itemContains: (Point) -> Bool) -> Grip? {
        let reach = Self.gripReach * pagePerWindowPixel
        if point.distance(to: rotationHandle) <= reach { return .rotation }
        if let corner = corners.corners.firstIndex(where: { point.distance(to: $0) <= reach }) { return .corner(corner) }
        return itemContains(point) ? .body : nil
    }

    /// The map a drag of `grip` from `start` to `point` makes: a move, a scale about the centre (never
    /// below `minimumSide` page pixels across), or a turn about the centre.
    func map(for grip: Grip, from start: Point, to point: Point, minimumSide: Double = 8) -> Homography {
        switch grip {
        case .body:
            return Homography(.translation(point.x - start.x, point.y - start.y))
        case .corner:
            let before = start.distance(to: centre), after = point.distance(to: centre)
            guard before > 0 else { return .identity }
            let side = max(corners.upperLeft.distance(to: corners.upperRight), corners.upperLeft.distance(to: corners.lowerLeft))
            let smallest = side > 0 ? minimumSide / side : 1
            let factor = max(after / before, min(smallest, 1))
            return about(centre, .scale(factor, factor))
        case .rotation:
            let a = start - centre, b = point - centre
            guard a.length > 0, b.length > 0 else { return .identity }
            return about(centre, .rotation(atan2(b.y, b.x) - atan2(a.y, a.x)))
        }
    }

    private func about(_ c: Point, _ t: AffineTransform) -> Homography {
        Homography(AffineTransform.translation(-c.x, -c.y).concatenating(t).concatenating(.translation(c.x, c.y)))
    }
}
