/// An item an edit left on the page, named by its id and where it lies right after the edit.
public struct ItemPlace: Equatable, Sendable {
    public var id: ItemID
    public var index: Int

    public init(_ id: ItemID, at index: Int) {
        self.id = id
        self.index = index
    }
}

/// An item changed in place, as a history keeps it: the value it had before; the value after is the
/// one the page holds at `index` right after the edit. A scrap's own items that the value after begins
/// with too (a scrap moved keeps all its ink; ink stuck to it adds some at the end) are not kept twice:
/// `before` holds the scrap without its first `sharedItems` own items, which are the value after's.
public struct ItemBefore: Equatable, Sendable {
    public var index: Int
    public var before: PageItem
    public var sharedItems: Int

    public init(index: Int, before: PageItem, sharedItems: Int = 0) {
        self.index = index
        self.before = before
        self.sharedItems = sharedItems
    }

    /// `before` kept against `after`, the scrap's own items both begin with left out.
    init(index: Int, before: PageItem, after: PageItem) {
        guard case var .scrap(old) = before.content, case let .scrap(new) = after.content else {
            self.init(index: index, before: before)
            return
        }
        let shared = zip(old.items, new.items).prefix { $0 == $1 }.count
        old.items.removeFirst(shared)
        self.init(index: index, before: PageItem(id: before.id, .scrap(old)), sharedItems: shared)
    }

    /// The whole value before, given the value after.
    func whole(after: PageItem) throws -> PageItem {
        guard sharedItems > 0 else { return before }
        guard case var .scrap(old) = before.content, case let .scrap(new) = after.content, new.items.count >= sharedItems else {
            throw PageEditError.itemMismatch(expected: before.id, at: index, found: after.id)
        }
        old.items.insert(contentsOf: new.items.prefix(sharedItems), at: 0)
        return PageItem(id: before.id, .scrap(old))
    }
}

/// A `PageEdit` as a page's history keeps it: what the edit left on the page is named by id and place,
/// and only what the page no longer holds (items taken out, values replaced) is kept by value. So a
/// stroke's step costs its id, not a second copy of its ink, and the page right after the edit is what
/// turns the step back into the whole edit (`resolved(onPageAfter:)`).
///
/// A history keeps each step so that it resolves against the page as it is whenever the step is the
/// newest: a done step against the page it left, an undone one (kept as the inverse that undid it)
/// against the page that inverse left.
public indirect enum HistoryEdit: Equatable, Sendable {
    case insert([ItemPlace])
    case remove([PlacedItem])
    case replace(removed: [PlacedItem], inserted: [ItemPlace])
    case update([ItemBefore])
    case reorder(ItemID, from: Int, to: Int)
    case combined([HistoryEdit])

    /// `edit` without the values the page holds after it.
    public init(_ edit: PageEdit) {
        switch edit {
        case let .insert(items): self = .insert(items.map { ItemPlace($0.item.id, at: $0.index) })
        case let .remove(items): self = .remove(items)
        case let .replace(removed, inserted):
            self = .replace(removed: removed, inserted: inserted.map { ItemPlace($0.item.id, at: $0.index) })
        case let .update(changes): self = .update(changes.map { ItemBefore(index: $0.index, before: $0.before, after: $0.after) })
        case let .reorder(id, from, to): self = .reorder(id, from: from, to: to)
        case let .combined(edits): self = .combined(edits.map(HistoryEdit.init))
        }
    }

    /// The whole edit again, its left-out values read from `items`, the page as the edit left it. Throws
    /// `PageEditError` when the page does not hold what the step names where it names it (the step was
    /// kept for another state of the page: damage, or a bug), so a step never applies to the wrong item.
    public func resolved(onPageAfter items: [PageItem]) throws -> PageEdit {
        switch self {
        case let .insert(places): return .insert(try places.map { try Self.item(at: $0, in: items) })
        case let .remove(removed): return .remove(removed)
        case let .replace(removed, inserted):
            return .replace(removed: removed, inserted: try inserted.map { try Self.item(at: $0, in: items) })
        case let .update(changes):
            return .update(try changes.map { change in
                let after = try Self.item(at: ItemPlace(change.before.id, at: change.index), in: items)
                return ItemUpdate(index: change.index, before: try change.whole(after: after.item), after: after.item)
            })
        case let .reorder(id, from, to): return .reorder(id, from: from, to: to)
        case let .combined(edits):
            // Each part resolves against the page as the parts before it left it: walk back from the
            // page after the whole, undoing each part on a copy (made only when there are parts below).
            var state = items
            var parts: [PageEdit] = []
            for (offset, part) in edits.enumerated().reversed() {
                let whole = try part.resolved(onPageAfter: state)
                parts.append(whole)
                if offset > 0 { try Page.apply(whole.inverse, to: &state) }
            }
            return .combined(parts.reversed())
        }
    }

    private static func item(at place: ItemPlace, in items: [PageItem]) throws -> PlacedItem {
        guard items.indices.contains(place.index) else { throw PageEditError.indexOutOfRange(place.index, count: items.count) }
        guard items[place.index].id == place.id else {
            throw PageEditError.itemMismatch(expected: place.id, at: place.index, found: items[place.index].id)
        }
        return PlacedItem(items[place.index], at: place.index)
    }

    /// Every item value the step keeps (for the blobs a kept step still needs).
    public var keptItems: [PageItem] {
        switch self {
        case .insert, .reorder: []
        case let .remove(items): items.map(\.item)
        case let .replace(removed, _): removed.map(\.item)
        case let .update(changes): changes.map(\.before)
        case let .combined(edits): edits.flatMap(\.keptItems)
        }
    }
}
