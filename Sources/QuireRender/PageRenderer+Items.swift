import QuireGeometry
import QuireInk

/// Editing the page's items by index. Each edit redraws only the rectangle the item covers (see
/// `redraw`); the baked layer is rebuilt there only when the edit lies below the baked boundary or
/// touches the item half-way through baking. An edit whose index names no item is refused: it changes
/// nothing, returns false (or nil), and is counted in `refusedEdits` for the app to report.
extension PageRenderer {
    /// Items on the page.
    public var count: Int { entries.count }

    /// The page's items in order (a copy; `item(at:)` reads one).
    public var items: [RenderItem] {
        settleLifted()
        return entries.map(publicItem)
    }

    public func item(at index: Int) -> RenderItem {
        settleLifted()
        return publicItem(entries[index])
    }

    /// An entry's item as it was given: a stroke kept on the GPU only gets its sprites read back.
    func publicItem(_ entry: Entry) -> RenderItem {
        guard entry.spritesOnGPUOnly, case var .stroke(stroke) = entry.item else { return entry.item }
        stroke.sprites = sprites.arena.read(entry.span)
        return .stroke(stroke)
    }

    /// Opens a page: whatever was on the renderer goes, every stroke's sprites go to the GPU in one
    /// upload, and everything outside the undo window goes straight into the baked layer, with no time
    /// slicing. Neighbouring strokes that blend alike draw in one call.
    public func load(_ loaded: [RenderItem]) {
        if !entries.isEmpty || liveStyle != nil || layersAreStale || layerBackdrop != paperBackdrop { clearInk() }
        storeEntries(loaded)
        drawItems(entries.indices, into: inkLayer, projection: pageProjection)
        let toBake = max(0, entries.count - undoWindow) - bakedCount
        if toBake > 0 {
            drawItems(bakedCount..<(bakedCount + toBake), into: bakedLayer, projection: pageProjection)
            bakedCount += toBake
        }
        // Pictures of the page before that this one does not show go now (exports open page after
        // page with no frame between to sweep them); the ones it shares were kept and re-used.
        images.sweep()
        view?.tiles.markAllStale()
    }

    /// Lists `loaded` as the page's items (after the last), their sprites sent to the GPU in one upload.
    func storeEntries(_ loaded: [RenderItem]) {
        var strokeSprites: [[Sprite]] = []
        for item in loaded { Self.collectSprites(of: item, into: &strokeSprites) }
        var spans = sprites.arena.store(strokeSprites)[...]
        for item in loaded {
            entries.append(makeEntry(item, spans: &spans))
            grid.append(bounds: item.bounds)
        }
    }

    /// Adds an item on top of the page.
    public func append(_ item: RenderItem) {
        insert(item, at: entries.count)
    }

    /// Adds a finished stroke on top of the page.
    public func append(_ stroke: SceneStroke) {
        insert(.stroke(stroke), at: entries.count)
    }

    /// Puts `item` at position `index` (0...count) of the page's order. On top it is simply drawn over
    /// the page (a stroke drawn elsewhere, a redo); below, or under a live stroke's ink, its rectangle is
    /// redrawn. Outside 0...count it is refused (false, and counted in `refusedEdits`).
    @discardableResult
    public func insert(_ item: RenderItem, at index: Int) -> Bool {
        drop()
        guard index >= 0, index <= entries.count else { return refuse("insert at \(index)") }
        drawLayersIfStale()
        entries.insert(storedEntry(item), at: index)
        grid.insert(bounds: item.bounds, at: index)
        // Its shadows' masks worked out on another core while the batch goes on (see `prepareShadowMasks`).
        if pendingRedraws != nil { prepareShadowMasks(for: item) }
        let underLiveInk = liveStyle.map { $0.blendMode != .highlight } ?? false
        if index == entries.count - 1, !underLiveInk, pendingRedraws == nil {
            render(index, into: inkLayer, projection: pageProjection)
            refreshView(pageRect: item.bounds)
            return true
        }
        let baked = bakedLayerGains(at: index)
        redraw(item.bounds.union(baked.alsoRedraw), bakedToo: baked.rebuild)
        return true
    }

    /// Takes the item at `index` off the page, redrawing only the rectangle it covered; nil when there
    /// is no such item (refused, and counted in `refusedEdits`). Removing the newest (undoing a stroke)
    /// costs what the strokes near it cost.
    @discardableResult
    public func remove(at index: Int) -> RenderItem? {
        drop()
        guard entries.indices.contains(index) else {
            refuse("remove at \(index)")
            return nil
        }
        let entry = entries.remove(at: index)
        let item = publicItem(entry)   // before its sprites' range is given back
        grid.remove(at: index)
        forget(entry)
        redraw(entry.item.bounds, bakedToo: bakedLayerLoses(at: index))
        return item
    }

    /// Puts `item` in place of the one at `index` (moved, restyled, cut), redrawing both rectangles.
    /// False, changing nothing, when there is no such item (counted in `refusedEdits`).
    @discardableResult
    public func replace(at index: Int, with item: RenderItem) -> Bool {
        guard entries.indices.contains(index) else { return refuse("replace at \(index)") }
        if index == liftedIndex {
            // Held up by a gesture: drawn over the layers each frame, so no layer is redrawn. An update
            // put off (`replaceLifted`) is superseded.
            deferredLiftedItem = nil
            let old = entries[index]
            entries[index] = storedEntry(item)
            forget(old)
            return true
        }
        drop()
        let old = entries[index]
        entries[index] = storedEntry(item)
        forget(old)
        grid.replace(at: index, bounds: item.bounds)
        var bakedToo = index < bakedCount
        if index == bakedCount, bakeProgress != nil {
            bakeProgress = nil
            bakedToo = true
        }
        redraw(old.item.bounds.union(item.bounds), bakedToo: bakedToo)
        return true
    }

    /// Moves the item at `from` to position `to` of the page's order (both in 0..<count), as removing
    /// it and inserting it at `to` would, but keeping what it holds on the GPU: its sprites stay where
    /// they are and its pictures keep their textures, so a move uploads nothing. Only the item's
    /// rectangle changes (the others keep their order among themselves) and is redrawn; the baked layer
    /// is rebuilt there when the move reaches below the baked boundary or touches the item half-way
    /// through baking. False, changing nothing, when either index names no item (counted in
    /// `refusedEdits`).
    @discardableResult
    public func move(from: Int, to: Int) -> Bool {
        guard entries.indices.contains(from), entries.indices.contains(to) else {
            return refuse("move from \(from) to \(to)")
        }
        guard from != to else { return true }
        drop()
        let entry = entries.remove(at: from)
        entries.insert(entry, at: to)
        grid.move(from: from, to: to)
        // The baked boundary follows as it would through a removal then an insertion.
        let leaving = bakedLayerLoses(at: from)
        let arriving = bakedLayerGains(at: to)
        redraw(entry.item.bounds.union(arriving.alsoRedraw), bakedToo: leaving || arriving.rebuild)
        return true
    }

    /// The baked layer's bookkeeping for an item leaving position `index`: true when the baked layer
    /// must be rebuilt where it lay (it was below the baked boundary, or half-way through baking).
    func bakedLayerLoses(at index: Int) -> Bool {
        if index < bakedCount {
            bakedCount -= 1
            return true
        }
        if index == bakedCount, bakeProgress != nil {
            bakeProgress = nil
            return true
        }
        return false
    }

    /// The baked layer's bookkeeping for an item now at position `index`: whether the baked layer must
    /// be rebuilt under it, and the rectangle of the item half-way through baking that now follows it
    /// (baked afresh, so redrawn too; null when there is none).
    func bakedLayerGains(at index: Int) -> (rebuild: Bool, alsoRedraw: Rect) {
        if index < bakedCount {
            bakedCount += 1
            return (true, .null)
        }
        if index == bakedCount, bakeProgress != nil {
            bakeProgress = nil
            return (true, entries[index + 1].item.bounds)
        }
        return (false, .null)
    }

    /// The entry for a new item, its strokes' sprites stored on the GPU.
    func storedEntry(_ item: RenderItem) -> Entry {
        var strokeSprites: [[Sprite]] = []
        Self.collectSprites(of: item, into: &strokeSprites)
        // One upload for the strokes that land side by side (a scrap's ink, a cut's pieces).
        var spans = sprites.arena.store(strokeSprites)[...]
        return makeEntry(item, spans: &spans)
    }

    /// Counts a refused edit and says what it asked for.
    @discardableResult
    func refuse(_ edit: String) -> Bool {
        refusedEdits += 1
        lastRefusedEdit = "\(edit) of \(entries.count) items"
        return false
    }

    /// Every stroke's sprites in `item`, depth first: the order `makeEntry` takes their spans in.
    static func collectSprites(of item: RenderItem, into list: inout [[Sprite]]) {
        switch item {
        case let .stroke(stroke): list.append(stroke.sprites)
        case .image: break
        case let .group(group): for child in group.children { collectSprites(of: child, into: &list) }
        }
    }

    /// The entry for `item`, taking its strokes' spans from `spans` and holding its pictures' textures.
    func makeEntry(_ item: RenderItem, spans: inout ArraySlice<SpriteSpan>) -> Entry {
        switch item {
        case let .stroke(stroke):
            // Its sprites are on the GPU now: the list keeps only what drawing needs.
            return Entry(item: .stroke(SceneStroke(withoutSpritesOf: stroke)), span: spans.popFirst() ?? .empty,
                         childSpans: [], spritesOnGPUOnly: true)
        case let .image(image):
            images.retain(image.imageKey)
            return Entry(item: item, span: .empty, childSpans: [])
        case .group:
            let count = item.strokeCount
            let childSpans = Array(spans.prefix(count))
            spans = spans.dropFirst(count)
            retainImages(in: item)
            return Entry(item: item, span: .empty, childSpans: childSpans)
        }
    }

    private func retainImages(in item: RenderItem) {
        switch item {
        case .stroke: break
        case let .image(image): images.retain(image.imageKey)
        case let .group(group): for child in group.children { retainImages(in: child) }
        }
    }

    private func releaseImages(in item: RenderItem) {
        switch item {
        case .stroke: break
        case let .image(image): images.release(image.imageKey)
        case let .group(group): for child in group.children { releaseImages(in: child) }
        }
    }

    /// Frees what an entry held on the GPU. A removed item that comes back (redo) is uploaded again:
    /// one stroke's copy, and removal must not keep every undone stroke's sprites on the GPU forever.
    func forget(_ entry: Entry) {
        sprites.arena.free(entry.span)
        for span in entry.childSpans { sprites.arena.free(span) }
        releaseImages(in: entry.item)
    }
}
