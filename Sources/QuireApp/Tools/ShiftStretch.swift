import QuireDocument
import QuireGeometry

/// The stretch gesture without a touchscreen: a pen or mouse pressed with Shift on a scrap. The scrap's
/// four corners on the page play the four fingers: the two of the edge nearer the press follow the
/// pointer (one hand), the two of the far edge stay where they are (the other hand holding the paper
/// down). So the warp, the split rule and the split itself are the touch gesture's own; the original
/// stays anchored and the copy comes away with the pointer.
final class ShiftStretch {
    private let stretch: ScrapStretch
    /// The scrap's corners on the page when the press came: upper-left, upper-right, lower-right,
    /// lower-left of its outline's bounds in its own coordinates.
    private let corners: [Point]
    /// The corners that follow the pointer (indices into `corners`).
    private let moving: [Int]
    private let press: Point

    /// Nil unless `id` is a scrap whose placement can be undone at the press (not at infinity), with an
    /// outline of some area.
    init?(_ id: ItemID, pressedAt point: Point, on page: Page) {
        guard point.x.isFinite, point.y.isFinite, let index = page.index(of: id),
              case let .scrap(scrap) = page.items[index].content else { return nil }
        let local = scrap.outline.bounds
        guard !local.isNull, local.width > 0, local.height > 0,
              let corners = scrap.transform.apply(to: Quadrilateral(local))?.corners,
              let pressed = scrap.transform.inverted?.apply(point) else { return nil }
        // Which half the press is in: the side it is farther out towards, measured in the scrap's own
        // proportions (a press near the right end of a long strip pulls the right end).
        let u = (pressed.x - (local.minX + local.width / 2)) / local.width,
            v = (pressed.y - (local.minY + local.height / 2)) / local.height
        let near: [Int] = abs(u) >= abs(v) ? (u >= 0 ? [1, 2] : [0, 3]) : (v >= 0 ? [2, 3] : [0, 1])
        let anchored = (0..<4).first { !near.contains($0) }!
        guard let stretch = ScrapStretch(id, touches: corners, on: page, originalTouch: anchored) else { return nil }
        self.stretch = stretch
        self.corners = corners
        moving = near
        press = point
    }

    /// The pointer moved to `point` (page pixels): the near corners move with it.
    func move(to point: Point, in context: ToolContext) {
        guard point.x.isFinite, point.y.isFinite else { return }
        let shift = point - press
        let touches = corners.indices.map { moving.contains($0) ? corners[$0] + shift : corners[$0] }
        stretch.move(to: touches, in: context)
    }

    /// The pointer lifted: split for good, or back as it was.
    func end(in context: ToolContext) {
        stretch.end(in: context)
    }

    func cancel(in context: ToolContext) {
        stretch.cancel(in: context)
    }
}
