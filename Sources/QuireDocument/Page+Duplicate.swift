import QuireGeometry

/// Pulling a scrap apart into two (the stretch gesture of seed 004): the original goes one way, a copy
/// of it the other, as one edit.
extension PageItem {
    /// The same item under a new identity, and everything it carries too (a scrap's ink gets new ids, so
    /// the copy's ink is its own: erasing it leaves the original's alone). Pictures are shared, not
    /// copied: the copy names the same blob, which is stored once.
    public func copiedWithNewIdentity() -> PageItem {
        var copy = self
        copy.id = ItemID()
        if case var .scrap(scrap) = content {
            scrap.items = scrap.items.map { $0.copiedWithNewIdentity() }
            copy.content = .scrap(scrap)
        }
        return copy
    }
}

extension Page {
    /// The edit that splits the item `id` into two: the original carried through `originalMap` where it
    /// lies, and a copy of it (new ids, the same picture) carried through `copyMap`, put just above it.
    /// Both maps are page → page, applied after the item's own placement. One edit, so one undo step
    /// and one transaction: undoing it takes the copy away and puts the original back.
    ///
    /// Nil when `id` is not on the page or either map would send part of the item to infinity.
    public func duplicating(_ id: ItemID, movingOriginalBy originalMap: Homography, copyBy copyMap: Homography)
        -> (edit: PageEdit, copy: ItemID)? {
        guard let index = index(of: id), let moved = items[index].transformed(by: originalMap),
              let copy = items[index].copiedWithNewIdentity().transformed(by: copyMap) else { return nil }
        let insert = PageEdit.insert([PlacedItem(copy, at: index + 1)])
        // An unmoved original needs no update step (and an empty update would still be a step to save).
        guard moved != items[index] else { return (insert, copy.id) }
        return (.combined([.update([ItemUpdate(index: index, before: items[index], after: moved)]), insert]), copy.id)
    }
}
