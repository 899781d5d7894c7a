import QuireDocument

extension NotebookStore {
    /// Copies or moves a page, ink and all, into `target` at `index` (nil: the end); returns the page's
    /// id there. A moved page keeps its id; a copy gets a new one.
    ///
    /// Two files, two transactions: the page is first committed to the target and only then deleted
    /// from the source, so a crash in between leaves it in both notebooks, never in neither.
    @discardableResult
    public func transferPage(_ id: PageID, to target: NotebookStore, at index: Int? = nil, move: Bool) throws -> PageID {
        if move, let readOnlyReason { throw NotebookFileError.readOnly(path: path, reason: readOnlyReason) }
        var page = try loadPage(id)
        let sameFile = target === self
        if !move || sameFile {
            page.id = PageID()
        }
        if move && sameFile {
            try movePage(id, to: index ?? Int.max)
            return id
        }
        try target.insertPage(page, at: index)
        if move { try deletePage(id) }
        return page.id
    }
}
