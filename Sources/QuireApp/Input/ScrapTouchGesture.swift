import Glibc
import QuireDocument
import QuireGeometry

/// Two fingers on one scrap move, turn and scale it together (Loose Leaf's way of handling scraps,
/// whatever tool the pen holds): the scrap follows the fingers as a sheet of paper under them would —
/// the similarity that carries where they touched down to where they are now.
final class ScrapTouchGesture {
    let fingers: (Int, Int)
    /// Where each finger touched the scrap, on the page.
    private let starts: (Point, Point)
    private var now: (Point, Point)
    private let preview: ItemTransformPreview

    /// Nil unless both fingers are on the same scrap or picture.
    init?(fingers: (Int, Int), at points: (Point, Point), on page: Page) {
        guard let item = SelectTool.handleableItem(at: points.0, on: page),
              SelectTool.handleableItem(at: points.1, on: page) == item,
              points.0.distance(to: points.1) > 1,
              let preview = ItemTransformPreview(item, on: page) else { return nil }
        self.fingers = fingers
        starts = points
        now = points
        self.preview = preview
    }

    var item: ItemID { preview.id }

    /// The fingers came down: the renderer pictures the scrap now, ready for it to be picked up.
    func prepare(in context: ToolContext) {
        preview.prepare(in: context)
    }

    /// The scrap as the fingers hold it now.
    var current: PageItem { preview.current }

    func owns(_ finger: Int) -> Bool { finger == fingers.0 || finger == fingers.1 }

    /// A finger moved to `point` (page pixels): the scrap follows.
    func move(_ finger: Int, to point: Point, in context: ToolContext) {
        guard point.x.isFinite, point.y.isFinite else { return }
        if finger == fingers.0 { now.0 = point } else if finger == fingers.1 { now.1 = point } else { return }
        if let map = Self.similarity(from: starts, to: now) { preview.show(map, in: context) }
    }

    /// A finger lifted: the scrap stays where the fingers left it (one edit).
    func end(in context: ToolContext) {
        preview.commit(in: context)
    }

    func cancel(in context: ToolContext) {
        preview.revert(in: context)
    }

    /// The move, turn and uniform scale taking `a`'s two points onto `b`'s; nil when `a`'s points meet.
    static func similarity(from a: (Point, Point), to b: (Point, Point)) -> Homography? {
        let v = a.1 - a.0, w = b.1 - b.0
        guard v.length > 0, w.length > 0 else { return nil }
        let scale = w.length / v.length
        let turn = atan2(w.y, w.x) - atan2(v.y, v.x)
        return Homography(AffineTransform.translation(-a.0.x, -a.0.y)
            .concatenating(.rotation(turn))
            .concatenating(.scale(scale, scale))
            .concatenating(.translation(b.0.x, b.0.y)))
    }
}
