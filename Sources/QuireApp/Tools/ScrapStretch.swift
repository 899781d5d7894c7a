import QuireDocument
import QuireGeometry

/// Pulling a scrap apart into two (seed 004), whoever plays the four touches: four fingers on a
/// touchscreen, or the select tool's Shift+drag, whose pointer moves two corners of the scrap while the
/// other two stay put. The scrap is shown warped by the gesture's homography (composed onto its own
/// placement) until the stretch passes the split rule; then it snaps into two unwarped copies, one
/// following each pair of touches. Nothing reaches the page or the file until `end`: a split is then
/// one edit (one undo step, one save); a scrap let go before it springs back, leaving no edit.
final class ScrapStretch {
    let id: ItemID
    private let gesture: StretchGesture
    /// The four touches where the gesture began (page pixels), in the caller's order.
    private let starts: [Point]
    /// The touch whose pair carries the original once it splits (the other pair carries the copy).
    private let originalTouch: Int
    /// The original as the renderer shows it: warped, then moved with its pair.
    private let preview: ItemTransformPreview
    private var touches: [Point]
    /// Once split: which touches hold the original and which the copy, and the copy as shown (it is in
    /// the renderer, just above the original, but not on the page).
    private(set) var split: (originalPair: [Int], copyPair: [Int], copy: PageItem)?

    /// Nil unless `id` is a scrap on the page and the four touches are in general position.
    /// `originalTouch` says which pair keeps the original (0…3); by default the pair holding the
    /// touch that began as the upper-left corner.
    init?(_ id: ItemID, touches: [Point], on page: Page, originalTouch: Int? = nil) {
        guard touches.count == 4, let index = page.index(of: id), case .scrap = page.items[index].content,
              let gesture = StretchGesture(touches: touches), let preview = ItemTransformPreview(id, on: page) else { return nil }
        self.id = id
        self.gesture = gesture
        starts = touches
        self.touches = touches
        self.originalTouch = originalTouch.map { min(max($0, 0), 3) } ?? gesture.order[0]
        self.preview = preview
    }

    /// The touches moved to `touches` (page pixels, the order they began in): the scrap warps with
    /// them, or, once split, each copy follows its pair. Non-finite points are ignored.
    func move(to touches: [Point], in context: ToolContext) {
        guard touches.count == 4, touches.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        self.touches = touches
        if split == nil, gesture.shouldSplit(for: touches) { snap(in: context) }
        if let split {
            preview.show(pairMap(split.originalPair), in: context)
            if let moved = copyTemplate?.transformed(by: pairMap(split.copyPair)),
               let index = context.editor.page.index(of: id) {
                context.renderQueue.append(.edit(.update([ItemUpdate(index: index + 1, before: split.copy, after: moved)])))
                self.split = (split.originalPair, split.copyPair, moved)
            }
        } else if let warp = gesture.transform(for: touches) {
            preview.show(warp, in: context)
        }
    }

    /// The touches let go: a split scrap stays split where the pairs left it (one edit); one that did not
    /// split springs back, animated over the next frames (`SpringBack`).
    func end(in context: ToolContext) {
        guard let split else {
            if let springBack = SpringBack(preview, releasedAt: context.now()) {
                context.springBacks.start(springBack, in: context)
            } else {
                cancel(in: context)
            }
            return
        }
        let page = context.editor.page
        cancel(in: context)
        // The renderer is back at the page; the edit shows the split again and records it.
        guard let duplicate = page.duplicating(id, movingOriginalBy: pairMap(split.originalPair), copyBy: pairMap(split.copyPair))
        else { return }
        context.editor.apply(duplicate.edit, label: "scrap duplicated")
    }

    /// Drops the gesture at once: the renderer shows the page as it is (the scrap whole, unwarped, no
    /// copy).
    func cancel(in context: ToolContext) {
        if let split, let index = context.editor.page.index(of: id) {
            context.renderQueue.append(.edit(.remove([PlacedItem(split.copy, at: index + 1)])))
        }
        split = nil
        copyTemplate = nil
        preview.revert(in: context)
    }

    /// The copy where it began (the original under a new identity), made once at the split so that the
    /// renderer is shown the same item on every move.
    private var copyTemplate: PageItem?

    /// The stretch passed the split rule: the pairs are the two sides of the touches' quadrilateral
    /// across the pull (left and right for a pull across, top and bottom for one down), and the copy
    /// goes into the renderer just above the original.
    private func snap(in context: ToolContext) {
        guard let index = context.editor.page.index(of: id), let stretch = gesture.stretch(for: touches) else { return }
        let o = gesture.order
        let sides = stretch.across >= stretch.down ? ([o[0], o[3]], [o[1], o[2]]) : ([o[0], o[1]], [o[3], o[2]])
        let (originalPair, copyPair) = sides.0.contains(originalTouch) ? sides : (sides.1, sides.0)
        let template = preview.original.copiedWithNewIdentity()
        copyTemplate = template
        context.renderQueue.append(.edit(.insert([PlacedItem(template, at: index + 1)])))
        split = (originalPair, copyPair, template)
    }

    /// The move, turn and uniform scale that carries a pair of touches from where they began to where
    /// they are (a pair whose touches met is taken as moved only).
    private func pairMap(_ pair: [Int]) -> Homography {
        let a = (starts[pair[0]], starts[pair[1]]), b = (touches[pair[0]], touches[pair[1]])
        if let map = ScrapTouchGesture.similarity(from: a, to: b) { return map }
        let shift = (b.0 + b.1) / 2 - (a.0 + a.1) / 2
        return Homography(.translation(shift.x, shift.y))
    }
}
