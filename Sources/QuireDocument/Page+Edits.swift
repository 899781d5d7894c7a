/// Making and applying edits. Every change to a page's items goes through `apply`, which checks that the
/// edit fits this page (each id where the edit says it is), so a refused edit leaves the page as it was.
extension Page {
    public mutating func apply(_ edit: PageEdit) throws {
        // The list is edited in place (a copy would cost the whole page on every stroke); a step that
        // does not fit rolls back the steps before it.
        try Self.apply(edit, to: &items)
    }

    /// `edit` carried out on `list`; when a step does not fit, the steps already made are undone and
    /// `list` is as it was.
    public static func apply(_ edit: PageEdit, to list: inout [PageItem]) throws {
        var done: [PageEditStep] = []
        do {
            for step in edit.steps {
                done.append(try apply(step, to: &list))
            }
        } catch {
            for inverse in done.reversed() { _ = try? apply(inverse, to: &list) }
            throw error
        }
    }

    /// Carries out one step; returns the step that undoes it.
    private static func apply(_ step: PageEditStep, to list: inout [PageItem]) throws -> PageEditStep {
        switch step {
        case let .insert(item, index):
            guard index >= 0, index <= list.count else { throw PageEditError.indexOutOfRange(index, count: list.count) }
            guard !list.contains(where: { $0.id == item.id }) else { throw PageEditError.duplicateItem(item.id) }
            list.insert(item, at: index)
            return .remove(item.id, at: index)
        case let .remove(id, index):
            try check(id, at: index, in: list)
            return .insert(list.remove(at: index), at: index)
        case let .replace(index, item, _):
            try check(item.id, at: index, in: list)
            let before = list[index]
            list[index] = item
            return .replace(at: index, with: before, was: item)
        case let .move(id, from, to):
            try check(id, at: from, in: list)
            guard to >= 0, to < list.count else { throw PageEditError.indexOutOfRange(to, count: list.count) }
            list.insert(list.remove(at: from), at: to)
            return .move(id, from: to, to: from)
        }
    }

    private static func check(_ id: ItemID, at index: Int, in list: [PageItem]) throws {
        guard list.indices.contains(index) else { throw PageEditError.indexOutOfRange(index, count: list.count) }
        guard list[index].id == id else { throw PageEditError.itemMismatch(expected: id, at: index, found: list[index].id) }
    }

    // MARK: Making edits against this page

    /// Puts `newItems` on top of the page.
    public func adding(_ newItems: [PageItem]) -> PageEdit {
        .insert(newItems.enumerated().map { PlacedItem($1, at: items.count + $0) })
    }

    /// Adds a stroke on top (what finishing a stroke does).
    public func adding(_ stroke: Stroke) -> PageEdit {
        adding([.stroke(stroke)])
    }

    /// Puts `newItems` in at `index` (0: under everything), in the order given.
    public func inserting(_ newItems: [PageItem], at index: Int) -> PageEdit? {
        guard index >= 0, index <= items.count else { return nil }
        return .insert(newItems.enumerated().map { PlacedItem($1, at: index + $0) })
    }

    /// Takes the items named off the page; nil when one is not on it.
    public func removing(_ ids: [ItemID]) -> PageEdit? {
        var placed: [PlacedItem] = []
        for id in Set(ids) {
            guard let index = index(of: id) else { return nil }
            placed.append(PlacedItem(items[index], at: index))
        }
        return placed.isEmpty ? nil : .remove(placed.sorted { $0.index < $1.index })
    }

    /// Replaces one item by several, where it lay (the pieces of a cut, bottom first).
    public func replacing(_ id: ItemID, with pieces: [PageItem]) -> PageEdit? {
        guard let index = index(of: id) else { return nil }
        return .replace(removed: [PlacedItem(items[index], at: index)],
                        inserted: pieces.enumerated().map { PlacedItem($1, at: index + $0) })
    }

    /// Changes items in place: `change` gives each named item's new value (its id kept).
    public func updating(_ ids: [ItemID], _ change: (PageItem) -> PageItem) -> PageEdit? {
        var updates: [ItemUpdate] = []
        for id in Set(ids) {
            guard let index = index(of: id) else { return nil }
            var after = change(items[index])
            after.id = id
            updates.append(ItemUpdate(index: index, before: items[index], after: after))
        }
        return updates.isEmpty ? nil : .update(updates.sorted { $0.index < $1.index })
    }

    /// Moves an item to `index` in the order (clamped to the page).
    public func moving(_ id: ItemID, to index: Int) -> PageEdit? {
        guard let from = self.index(of: id), !items.isEmpty else { return nil }
        let to = min(max(index, 0), items.count - 1)
        return from == to ? nil : .reorder(id, from: from, to: to)
    }
}
