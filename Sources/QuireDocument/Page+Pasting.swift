import QuireGeometry

/// Copied items put on a page (Ctrl+V): each under a new identity (a scrap's ink too), so the page's
/// copies are their own however often they are pasted.
extension Page {
    /// The edit that puts `items` on top of the page, carried by `map` (page → page), in their order, and
    /// the new ids they have there. Nil when there is nothing to put or `map` would send an item to
    /// infinity. One edit: one undo step takes the whole paste away.
    public func pasting(_ items: [PageItem], by map: Homography) -> (edit: PageEdit, ids: [ItemID])? {
        var placed: [PlacedItem] = []
        for item in items {
            guard let moved = item.copiedWithNewIdentity().transformed(by: map) else { return nil }
            placed.append(PlacedItem(moved, at: self.items.count + placed.count))
        }
        guard !placed.isEmpty else { return nil }
        return (.insert(placed), placed.map(\.item.id))
    }
}
