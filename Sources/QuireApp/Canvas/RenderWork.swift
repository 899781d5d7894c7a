import QuireDocument
import QuireGeometry
import QuireInk

/// What the renderer must do to catch up with the canvas, in order: the live stroke as it is drawn,
/// and every edit of the page's items (the same `PageEdit` values the page and the store get).
public enum RenderWork: Equatable, Sendable {
    case beginStroke(StrokeRenderStyle)
    case sprites([Sprite])
    /// The live stroke is finished: the renderer keeps it as the page's top item, the item of this id
    /// (the edit that put it on the page is not sent again).
    case endStroke(ItemID)
    /// The live stroke is dropped as if never drawn.
    case cancelStroke
    case edit(PageEdit)
    /// A gesture picked up this item (at this index when it did): the renderer holds it over the page
    /// (updates of it redraw nothing under it) until `drop`.
    case lift(ItemID, at: Int)
    /// A gesture may pick up this item (a press on it): the renderer pictures it now, so the lift, when
    /// the gesture moves it, only redraws the layers without it. Let go by `drop` or any edit.
    case prepareLift(ItemID, at: Int)
    /// A text box being typed into: held over the page where it lies (its updates redraw nothing
    /// under it, and a frame draws only the lines that changed) until `drop`.
    case liftInPlace(ItemID, at: Int)
    /// The held item is shown carried by this map (page coordinates) from where it was picked up.
    case moveLifted(Homography)
    /// The gesture let go: the held item goes back into the page's layers where it is.
    case drop
    /// Start again from the page as it is (after an edit the renderer had drawn was refused).
    case reload(Page)
}

/// Renderer work not yet handed over, and the live stroke's not-yet-final sprites: what tools and edits
/// leave for the next frame.
public final class RenderQueue {
    private(set) var pending: [RenderWork] = []
    /// Drawn over the page each frame, replaced by every sample.
    public internal(set) var provisionalSprites: [Sprite] = []
    /// True when the window shows something stale.
    public internal(set) var needsRedraw = true

    public init() {}

    func append(_ work: RenderWork) {
        // Only where a held item is now matters to the next frame.
        if case .moveLifted = work, case .moveLifted? = pending.last {
            pending[pending.count - 1] = work
            needsRedraw = true
            return
        }
        // A gesture moves its item once per event, and several events reach one frame (four fingers
        // each move the scrap they stretch): the renderer need only see where it ended, one redraw.
        // (A held item's move may follow each update: look past it.)
        let last = pending.count - (pending.last.map { if case .moveLifted = $0 { true } else { false } } == true ? 2 : 1)
        if case let .edit(.update(changes)) = work, changes.count == 1, last >= 0,
           case let .edit(.update(queued)) = pending[last], queued.count == 1,
           queued[0].after.id == changes[0].after.id, queued[0].after == changes[0].before {
            pending[last] = .edit(.update([ItemUpdate(index: changes[0].index, before: queued[0].before,
                                                      after: changes[0].after)]))
            needsRedraw = true
            return
        }
        pending.append(work)
        needsRedraw = true
    }

    /// The live stroke's update from its engine: final sprites queued, provisional ones shown. Both are
    /// copied into the queue's own buffers (and a sample's sprites join the previous sample's in one
    /// entry), so the engine's `StrokeUpdate` keeps sole hold of its storage and refills it without
    /// allocating: drawing allocates per frame handed over, not per sample.
    func take(_ update: StrokeUpdate) {
        if !update.committed.isEmpty {
            if case var .sprites(queued)? = pending.last {
                pending.removeLast()
                queued.append(contentsOf: update.committed)
                pending.append(.sprites(queued))
            } else {
                var own: [Sprite] = []
                own.reserveCapacity(max(64, update.committed.count))
                own.append(contentsOf: update.committed)
                pending.append(.sprites(own))
            }
        }
        provisionalSprites.removeAll(keepingCapacity: true)
        provisionalSprites.append(contentsOf: update.provisional)
        needsRedraw = true
    }

    /// Hands over the work queued since the last call and marks the view as drawn.
    func takeAll() -> [RenderWork] {
        defer {
            pending.removeAll(keepingCapacity: true)
            needsRedraw = false
        }
        return pending
    }

    /// Hands over the work for the next frame: all of it (`takeAll`), except when an item pictured
    /// ahead of its lift (`prepareLift`, a press) is lifted in the same batch (the first move came
    /// before a frame did): then the work up to the picture goes now and the lift, and all after it,
    /// to the frame after. Picturing the item and redrawing the layers without it in one frame made it
    /// the slowest of a drag on llvmpipe; the drag starts a frame later instead.
    func takeForFrame() -> [RenderWork] {
        guard let prepare = pending.firstIndex(where: { if case .prepareLift = $0 { true } else { false } }),
              case let .prepareLift(id, _) = pending[prepare],
              pending[(prepare + 1)...].contains(where: { if case .lift(id, _) = $0 { true } else { false } })
        else { return takeAll() }
        let now = Array(pending[...prepare])
        pending.removeFirst(prepare + 1)
        needsRedraw = true
        return now
    }

    /// Drops what belonged to a page no longer shown.
    func reset() {
        pending.removeAll()
        provisionalSprites = []
        needsRedraw = true
    }

    func setNeedsRedraw() { needsRedraw = true }
}
