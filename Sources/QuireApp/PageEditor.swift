import QuireDocument

/// The shown page and its history: the one place its items change. Every change is a `PageEdit`,
/// applied here to the page model, queued for the renderer, and handed to `onEdit` (the notebook saves
/// it) — the same value all three times. Undo applies the inverse of the newest edit the same way.
public final class PageEditor {
    public private(set) var page: Page
    private var history: EditHistory
    private let renderQueue: RenderQueue
    /// Told of every edit applied, with the page it was applied to (saving it there); undo and redo come
    /// through here as the edits they apply.
    public var onEdit: ((PageEdit, PageID) -> Void)?
    /// Told of an edit refused because it did not fit the page (a bug in a tool: reported, not trapped on).
    public var onRefused: ((PageEditError) -> Void)?

    init(page: Page, renderQueue: RenderQueue) {
        self.page = page
        history = EditHistory(replaying: page)
        self.renderQueue = renderQueue
    }

    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }

    /// Applies a new edit: to the page, the history (ending the redo history), the renderer (unless
    /// `alreadyRendered`: a finished live stroke is in the renderer already) and `onEdit`.
    @discardableResult
    public func apply(_ edit: PageEdit, alreadyRendered: Bool = false) -> Bool {
        guard carryOut(edit, alreadyRendered: alreadyRendered) else { return false }
        history.record(edit)
        return true
    }

    /// Undoes the newest edit, whatever and wherever it was.
    public func undo() {
        guard let inverse = history.undo() else { return }
        if !carryOut(inverse) { _ = history.redo() }
    }

    /// Applies again the edit most recently undone.
    public func redo() {
        guard let edit = history.redo() else { return }
        if !carryOut(edit) { _ = history.undo() }
    }

    /// Shows another page, its history starting from its items as drawn.
    func show(_ newPage: Page) {
        page = newPage
        history = EditHistory(replaying: newPage)
    }

    private func carryOut(_ edit: PageEdit, alreadyRendered: Bool = false) -> Bool {
        do {
            try page.apply(edit)
        } catch {
            // The page is unchanged; a renderer that drew the edit already (a finished live stroke) is
            // brought back to the page.
            if alreadyRendered { renderQueue.append(.reload(page)) }
            onRefused?(error as? PageEditError ?? .indexOutOfRange(-1, count: page.items.count))
            return false
        }
        if !alreadyRendered { renderQueue.append(.edit(edit)) }
        renderQueue.setNeedsRedraw()
        onEdit?(edit, page.id)
        return true
    }
}
