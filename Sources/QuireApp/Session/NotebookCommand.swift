/// What the notebook keys ask for: page and notebook management until the on-canvas UI exists. The
/// keys themselves are in `KeyTable`.
public enum NotebookCommand: Equatable, Sendable {
    case nextPage, previousPage
    case deletePage
    case movePageEarlier, movePageLater
    case newNotebook, duplicateNotebook, trashNotebook
    /// A new notebook whose pages grow as ink comes near their edge.
    case newEndlessNotebook
    case nextNotebook, previousNotebook
    /// Open the notebook file another program replaced or rewrote while it was open here (the session
    /// went on in a conflict copy).
    case openChangedNotebook
    case copyPageToNextNotebook, movePageToNextNotebook
    /// Undo or redo the notebook's newest page change (Ctrl+Z and Ctrl+Y, when it is newer than the
    /// shown page's own newest step).
    case undoPageChange, redoPageChange
    /// The shown page's paper: the next pattern (blank, ruled, grid, dotted), or turned landscape or
    /// portrait. Each is a step of the notebook's history.
    case nextPaperPattern, turnPaper
    /// The page sorter's requests, by index in the notebook's order: show that page; move a page so it
    /// is at index `to` of the new order; add a blank page at an index (0…count); remove a page.
    case openPage(Int)
    case movePage(from: Int, to: Int)
    case addPage(at: Int)
    case removePage(Int)
    /// Copy or move (`move`) the page at an index to the end of the notebook at a path (the sorter's
    /// drop on a notebook).
    case sendPage(Int, toNotebook: String, move: Bool)
}
