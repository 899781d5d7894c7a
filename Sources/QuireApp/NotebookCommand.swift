/// What the notebook keys ask for: page and notebook management until the on-canvas UI exists. The
/// keys themselves are in `KeyTable`.
public enum NotebookCommand: Equatable, Sendable {
    case nextPage, previousPage
    case deletePage
    case movePageEarlier, movePageLater
    case newNotebook, duplicateNotebook, trashNotebook
    case nextNotebook, previousNotebook
    case copyPageToNextNotebook, movePageToNextNotebook
}
