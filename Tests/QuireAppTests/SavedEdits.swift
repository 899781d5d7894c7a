import QuireApp
import QuireDocument

/// Stands in for the notebook a page editor saves to: keeps every edit it is given, with how it moved
/// the page's history, so a test sees exactly what would be written.
final class SavedEdits: PageEditSink {
    private(set) var edits: [PageEdit] = []
    private(set) var changes: [HistoryChange] = []
    private(set) var pages: [PageID] = []

    var count: Int { edits.count }

    func pageEdited(_ edit: PageEdit, history: HistoryChange, on page: PageID) {
        edits.append(edit)
        changes.append(history)
        pages.append(page)
    }
}
