import QuireDocument

/// Undo and redo carried out on a page model alone, as the editor does for the page, the store and the
/// renderer: the move worked out, applied, then committed.
extension PageHistory {
    /// Undoes the newest step on `page`; false when there was none.
    mutating func undo(on page: inout Page) throws -> Bool {
        guard let move = try nextUndo(on: page.items) else { return false }
        try page.apply(move.edit)
        commit(move)
        return true
    }

    mutating func redo(on page: inout Page) throws -> Bool {
        guard let move = try nextRedo(on: page.items) else { return false }
        try page.apply(move.edit)
        commit(move)
        return true
    }
}
