import QuireGeometry

/// The page's items as the renderer holds them, oldest first: each with its id, where its strokes'
/// sprites lie on the GPU, and a grid that finds them by area. An edit names its item by id; the
/// position it gives is only where to look first (`index(of:near:)`), so an edit made for a page whose
/// order moved since still finds its item, and no list here must agree index for index with another.
/// Order itself matters (it is the order items are drawn in), so inserting and moving take positions.
struct RenderedItems {
    /// An item on the page and where its strokes' sprites lie on the GPU.
    struct Entry {
        var id: RenderItemID
        var item: RenderItem
        /// A stroke's sprites.
        var span: SpriteSpan
        /// A group's strokes' sprites, depth first (empty for anything else: no allocation per stroke).
        var childSpans: [SpriteSpan]
        /// A stroke whose item holds no sprites: they are in `span` on the GPU only, and read back when
        /// the item is asked for (`PageRenderer.publicItem`).
        var spritesOnGPUOnly = false
    }

    private(set) var entries: [Entry] = []
    /// Each entry's bounds by area, index for index with `entries` (a held item's are null: nothing
    /// redrawn finds it under the layers while it is drawn over them).
    private(set) var grid = StrokeGrid()

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }
    var indices: Range<Int> { entries.indices }

    subscript(index: Int) -> Entry { entries[index] }

    /// Where the item `id` is: at `hint` when it is there (an edit's own position, nearly always
    /// right), else wherever it is found, looking from the top down (recent items are edited most);
    /// nil when it is not on the page.
    func index(of id: RenderItemID, near hint: Int? = nil) -> Int? {
        if let hint, entries.indices.contains(hint), entries[hint].id == id { return hint }
        return entries.lastIndex { $0.id == id }
    }

    func contains(_ id: RenderItemID) -> Bool {
        entries.contains { $0.id == id }
    }

    mutating func append(_ entry: Entry) {
        entries.append(entry)
        grid.append(bounds: entry.item.bounds)
    }

    mutating func insert(_ entry: Entry, at index: Int) {
        entries.insert(entry, at: index)
        grid.insert(bounds: entry.item.bounds, at: index)
    }

    mutating func remove(at index: Int) -> Entry {
        grid.remove(at: index)
        return entries.remove(at: index)
    }

    /// Puts `entry` in place of the one at `index`; returns the one it replaces.
    mutating func replace(at index: Int, with entry: Entry) -> Entry {
        let old = entries[index]
        entries[index] = entry
        grid.replace(at: index, bounds: entry.item.bounds)
        return old
    }

    /// `replace`, leaving the grid as it is (a held item, kept out of it until it is put down).
    mutating func replaceHidden(at index: Int, with entry: Entry) -> Entry {
        let old = entries[index]
        entries[index] = entry
        return old
    }

    mutating func move(from: Int, to: Int) {
        entries.insert(entries.remove(at: from), at: to)
        grid.move(from: from, to: to)
    }

    /// Puts `item`, which covers what the entry's item covers, in its place (its pixels let go).
    mutating func setItem(_ item: RenderItem, at index: Int) {
        entries[index].item = item
    }

    /// Takes the item at `index` out of the grid (it is held over the page), or puts it back.
    mutating func setFindable(_ findable: Bool, at index: Int) {
        grid.replace(at: index, bounds: findable ? entries[index].item.bounds : .null)
    }

    /// The indices of items whose bounds touch `rect`, ascending, from `lowest` and below `limit`.
    func indices(touching rect: Rect, from lowest: Int = 0, below limit: Int = .max) -> [Int] {
        grid.strokes(touching: rect, from: lowest, below: limit)
    }

    mutating func removeAll() {
        entries.removeAll()
        grid = StrokeGrid()
    }
}
