/// Which items an edit takes off the page and which it puts on, whole: what anything that follows items
/// in and out of pages (the scrap tray) looks at, whether the edit is new, an undo or a redo.
extension PageEdit {
    /// Items the edit takes off the page, as they were.
    public var removedItems: [PageItem] {
        switch self {
        case .insert, .update, .reorder: []
        case let .remove(items): items.map(\.item)
        case let .replace(removed, _): removed.map(\.item)
        case let .combined(edits): edits.flatMap(\.removedItems)
        }
    }

    /// Items the edit puts on the page.
    public var insertedItems: [PageItem] {
        switch self {
        case .remove, .update, .reorder: []
        case let .insert(items): items.map(\.item)
        case let .replace(_, inserted): inserted.map(\.item)
        case let .combined(edits): edits.flatMap(\.insertedItems)
        }
    }
}
