/// An item at its index in the page's order: what an edit puts in or takes out, with where.
public struct PlacedItem: Equatable, Sendable {
    public var index: Int
    public var item: PageItem

    public init(_ item: PageItem, at index: Int) {
        self.index = index
        self.item = item
    }
}

/// An item changed in place (moved, turned, scaled, restyled, given new ink): before and after.
public struct ItemUpdate: Equatable, Sendable {
    public var index: Int
    public var before: PageItem
    public var after: PageItem

    public init(index: Int, before: PageItem, after: PageItem) {
        self.index = index
        self.before = before
        self.after = after
    }
}

/// Every change to a page, as a value that knows its inverse. The same value is applied to the page
/// model, to the notebook file (one transaction) and to the renderer, so the three never drift; undo is
/// applying the inverse, so any edit anywhere on the page can be undone, not only the newest stroke.
///
/// Edits carry whole items and their indices, so applying one needs nothing but the page, and applying
/// it to a page it does not fit (an id not where the edit says) is refused rather than guessed at.
public enum PageEdit: Equatable, Sendable {
    /// Items put in; each index is the item's position after the edit, ascending.
    case insert([PlacedItem])
    /// Items taken out; each index is the item's position before the edit, ascending.
    case remove([PlacedItem])
    /// Some items taken out and others put in, as one step: what a scissors cut does (a scrap replaced
    /// by its pieces). Removal first (indices before the edit), then insertion (indices after it).
    case replace(removed: [PlacedItem], inserted: [PlacedItem])
    /// Items changed where they are.
    case update([ItemUpdate])
    /// One item moved in the order (brought forward, sent back): from its index to its new one.
    case reorder(ItemID, from: Int, to: Int)
    /// Several edits made as one (one undo step, one transaction): each applies to the page as the
    /// ones before it left it. A stroke drawn across scraps is one: its page pieces put in, the scraps
    /// it crossed given their pieces.
    indirect case combined([PageEdit])

    /// The edit that undoes this one.
    public var inverse: PageEdit {
        switch self {
        case let .insert(items): .remove(items)
        case let .remove(items): .insert(items)
        case let .replace(removed, inserted): .replace(removed: inserted, inserted: removed)
        case let .update(changes): .update(changes.map { ItemUpdate(index: $0.index, before: $0.after, after: $0.before) })
        case let .reorder(id, from, to): .reorder(id, from: to, to: from)
        case let .combined(edits): .combined(edits.reversed().map(\.inverse))
        }
    }

    /// The steps the edit makes, in order, for anything that keeps the page as a list (the renderer,
    /// the store): removals from the top down, then insertions from the bottom up.
    public var steps: [PageEditStep] {
        switch self {
        case let .insert(items):
            return items.map { .insert($0.item, at: $0.index) }
        case let .remove(items):
            return items.reversed().map { .remove($0.item.id, at: $0.index) }
        case let .replace(removed, inserted):
            return removed.reversed().map { .remove($0.item.id, at: $0.index) } + inserted.map { .insert($0.item, at: $0.index) }
        case let .update(changes):
            return changes.map { .replace(at: $0.index, with: $0.after, was: $0.before) }
        case let .reorder(id, from, to):
            return [.move(id, from: from, to: to)]
        case let .combined(edits):
            return edits.flatMap(\.steps)
        }
    }

    /// Every item the edit leaves on the page that it put there or changed.
    public var itemsAfter: [PageItem] {
        switch self {
        case let .insert(items): items.map(\.item)
        case .remove: []
        case let .replace(_, inserted): inserted.map(\.item)
        case let .update(changes): changes.map(\.after)
        case .reorder: []
        case let .combined(edits): edits.flatMap(\.itemsAfter)
        }
    }
}

/// One step of an edit on an ordered list of items.
public enum PageEditStep: Equatable, Sendable {
    case insert(PageItem, at: Int)
    case remove(ItemID, at: Int)
    /// The item at the index becomes another value of itself (same id); `was` is the value it replaces,
    /// so a keeper of the list can change only what differs (a scrap moved keeps its ink's rows).
    case replace(at: Int, with: PageItem, was: PageItem)
    case move(ItemID, from: Int, to: Int)
}

/// Why an edit could not be applied: it was made for another state of the page.
public enum PageEditError: Error, Equatable, CustomStringConvertible {
    case indexOutOfRange(Int, count: Int)
    case itemMismatch(expected: ItemID, at: Int, found: ItemID?)
    case duplicateItem(ItemID)
    case notOnPage(ItemID)

    public var description: String {
        switch self {
        case let .indexOutOfRange(index, count): "the edit names position \(index) on a page of \(count) items"
        case let .itemMismatch(expected, index, found):
            "the edit expects item \(expected) at position \(index) but finds \(found.map(\.rawValue) ?? "nothing")"
        case let .duplicateItem(id): "the edit would put item \(id) on the page twice"
        case let .notOnPage(id): "the edit names item \(id), which is not on the page"
        }
    }
}
