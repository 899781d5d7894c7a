import QuireDocument
import QuireGeometry

/// An item being moved, turned or scaled by a gesture: shown moved on every sample through the renderer
/// alone (nothing saved, nothing in the history), then kept as one edit when the gesture ends, or put
/// back as it was when it is dropped. So a drag of a scrap is one undo step and one write to the file.
final class ItemTransformPreview {
    let id: ItemID
    /// The item as it was when the gesture began.
    let original: PageItem
    /// What the renderer shows now.
    private var shown: PageItem
    /// The map from the gesture's start to now (page coordinates), identity until the first move.
    private(set) var map = Homography.identity
    /// Whether the renderer was asked to hold the item up (`RenderWork.lift`), or to picture it ready
    /// for that (`RenderWork.prepareLift`): either is let go with a `drop`.
    private var lifted = false
    private var prepared = false

    /// Nil when `id` is not on the page.
    init?(_ id: ItemID, on page: Page) {
        guard let index = page.index(of: id) else { return nil }
        self.id = id
        original = page.items[index]
        shown = original
    }

    /// The item as the gesture has it now.
    var current: PageItem { shown }

    /// Has the renderer picture the item now, as the gesture begins (a press), so the frame of its first
    /// move does not also do that.
    func prepare(in context: ToolContext) {
        guard !lifted, !prepared, let index = context.editor.page.index(of: id) else { return }
        context.renderQueue.append(.prepareLift(id, at: index))
        prepared = true
    }

    /// Shows the item carried through `map` from where it began (a map it would not survive is ignored).
    func show(_ map: Homography, in context: ToolContext) {
        guard let index = context.editor.page.index(of: id), let moved = original.transformed(by: map) else { return }
        // Held up off the page while it moves: each frame draws it alone rather than the page round it.
        if !lifted {
            context.renderQueue.append(.lift(id, at: index))
            lifted = true
        }
        context.renderQueue.append(.edit(.update([ItemUpdate(index: index, before: shown, after: moved)])))
        context.renderQueue.append(.moveLifted(map))
        shown = moved
        self.map = map
    }

    /// Keeps the item where the gesture left it: one edit, which the renderer already shows.
    func commit(in context: ToolContext) {
        defer { putDown(in: context) }
        guard shown != original, let index = context.editor.page.index(of: id) else { return }
        // A refused edit brings the renderer back to the page (see PageEditor.apply).
        context.editor.apply(.update([ItemUpdate(index: index, before: original, after: shown)]),
                             label: "\(original.itemKind.name) moved", alreadyRendered: true)
    }

    /// Puts the item back as it was, on screen (the page model never changed).
    func revert(in context: ToolContext) {
        defer { putDown(in: context) }
        guard shown != original, let index = context.editor.page.index(of: id) else { return }
        context.renderQueue.append(.edit(.update([ItemUpdate(index: index, before: shown, after: original)])))
        shown = original
        map = .identity
    }

    /// The renderer puts the item back into the page's layers, where it now is.
    private func putDown(in context: ToolContext) {
        guard lifted || prepared else { return }
        context.renderQueue.append(.drop)
        lifted = false
        prepared = false
    }
}
