/// A page's undo and redo: the edits applied, newest last, and those undone. Undo hands back the
/// inverse of the newest edit for the caller to apply (to the page, the store and the renderer alike);
/// a new edit ends the redo history. Unbounded: edits hold items by value, and a stroke's samples are
/// shared with the page, so depth costs little.
public struct EditHistory: Equatable, Sendable {
    public private(set) var done: [PageEdit] = []
    public private(set) var undone: [PageEdit] = []

    public init() {}

    /// The history of a page opened from disk: each of its items as if just added, bottom first, so undo
    /// reaches every item on the page, as it did while they were drawn.
    public init(replaying page: Page) {
        done = page.items.enumerated().map { .insert([PlacedItem($1, at: $0)]) }
    }

    public var canUndo: Bool { !done.isEmpty }
    public var canRedo: Bool { !undone.isEmpty }

    /// Records an edit just applied.
    public mutating func record(_ edit: PageEdit) {
        done.append(edit)
        undone.removeAll()
    }

    /// The edit that undoes the newest one (moved to the redo history), or nil.
    public mutating func undo() -> PageEdit? {
        guard let edit = done.popLast() else { return nil }
        undone.append(edit)
        return edit.inverse
    }

    /// The edit most recently undone, to apply again (moved back to the undo history), or nil.
    public mutating func redo() -> PageEdit? {
        guard let edit = undone.popLast() else { return nil }
        done.append(edit)
        return edit
    }
}
