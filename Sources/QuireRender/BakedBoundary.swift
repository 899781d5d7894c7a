/// Where the baked layer stands in the page's order: items `0..<count` are wholly in it, and the item
/// at `count` may be half-way in (`progress` of its sprites baked, while a long stroke is baked a slice
/// at a time). Each edit asks it what it means for the baked layer, and it moves the boundary as the
/// items move: an item taken out below it, or put in below it, must be redrawn into the baked layer.
struct BakedBoundary {
    private(set) var count = 0
    /// Sprites of the item at `count` already baked, while it is being baked a slice at a time.
    var progress: Int?

    /// Whether the item at `index` is in the baked layer, wholly or half-way; one half-way in is
    /// forgotten (it is baked again from the start).
    mutating func holds(_ index: Int) -> Bool {
        if index < count { return true }
        if index == count, progress != nil {
            progress = nil
            return true
        }
        return false
    }

    /// An item leaves position `index`: true when the baked layer must be redrawn where it lay.
    mutating func itemLeaves(at index: Int) -> Bool {
        if index < count {
            count -= 1
            return true
        }
        return holds(index)
    }

    /// An item arrives at position `index`: whether the baked layer must be redrawn under it, and
    /// whether the item after it was the one half-way in (baked afresh now, so it must be redrawn too).
    mutating func itemArrives(at index: Int) -> (rebuild: Bool, halfBakedFollows: Bool) {
        if index < count {
            count += 1
            return (true, false)
        }
        if index == count, progress != nil {
            progress = nil
            return (true, true)
        }
        return (false, false)
    }

    /// `items` more are wholly baked (their slices done, or baked at once).
    mutating func advance(by items: Int) {
        count += items
        progress = nil
    }

    /// Nothing is baked.
    mutating func reset(to baked: Int = 0) {
        count = baked
        progress = nil
    }
}
