import QuireDocument
import QuireGeometry

/// Four fingers on one scrap — two of each hand — pull it apart into two (seed 004): the scrap warps
/// with them until the split rule says it snaps into two copies, one under each hand. Letting go before
/// then springs it back. The fingers hold the scrap whatever tool the pen holds, as two fingers do.
final class StretchTouchGesture {
    /// The four fingers, in the order their touches are handed to the stretch.
    let fingers: [Int]
    private var points: [Point]
    private let stretch: ScrapStretch

    /// Nil unless there are four fingers (page pixels) and all four are on the same scrap.
    init?(fingers: [Int: Point], on page: Page) {
        guard fingers.count == 4 else { return nil }
        let ids = fingers.keys.sorted()
        let points = ids.map { fingers[$0]! }
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }),
              let item = SelectTool.handleableItem(at: points[0], on: page),
              points.dropFirst().allSatisfy({ SelectTool.handleableItem(at: $0, on: page) == item }),
              let stretch = ScrapStretch(item, touches: points, on: page) else { return nil }
        self.fingers = ids
        self.points = points
        self.stretch = stretch
    }

    var item: ItemID { stretch.id }

    func owns(_ finger: Int) -> Bool { fingers.contains(finger) }

    /// A finger moved to `point` (page pixels).
    func move(_ finger: Int, to point: Point, in context: ToolContext) {
        guard let slot = fingers.firstIndex(of: finger), point.x.isFinite, point.y.isFinite else { return }
        points[slot] = point
        stretch.move(to: points, in: context)
    }

    /// A finger lifted: the split, if it happened, is kept (one edit); otherwise the scrap springs back.
    func end(in context: ToolContext) {
        stretch.end(in: context)
    }

    func cancel(in context: ToolContext) {
        stretch.cancel(in: context)
    }
}
