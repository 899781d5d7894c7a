import QuireGeometry
import QuireInk

/// Editing the page's items. An edit names its item by id (`RenderItemID`), with the position it
/// expects it at only as where to look first, and an insertion or a move by the position it takes in
/// the order. Each edit redraws only the rectangle the item covers (see `redraw`); the baked layer is
/// rebuilt there only when the edit lies below the baked boundary or touches the item half-way through
/// baking. An edit that names no item on the page (or puts one in twice, or at a position past the
/// ends) is refused: it changes nothing, returns false (or nil), and is counted in `refusedEdits`.
///
/// The index-only forms (`remove(at:)`, `replace(at:with:)`, `move(from:to:)`, an insertion without an
/// id) are for callers that keep no ids: tests and benchmarks of the renderer on its own.
extension PageRenderer {
    /// Items on the page.
    public var count: Int { list.count }

    /// The page's items in order (a copy; `item(at:)` reads one).
    public var items: [RenderItem] {
        settleLifted()
        return list.entries.map(publicItem)
    }

    /// The page's items' ids, in order.
    public var itemIDs: [RenderItemID] { list.entries.map(\.id) }

    public func item(at index: Int) -> RenderItem {
        settleLifted()
        return publicItem(list[index])
    }

    /// Where item `id` is in the order now, looking first at `hint`; nil when it is not on the page.
    public func index(of id: RenderItemID, near hint: Int? = nil) -> Int? {
        list.index(of: id, near: hint)
    }

    /// An entry's item as it was given (its sprites read back from the GPU).
    func publicItem(_ entry: RenderedItems.Entry) -> RenderItem {
        painter.publicItem(entry)
    }

    /// Opens a page: whatever was on the renderer goes, every stroke's sprites go to the GPU in one
    /// upload, and everything outside the undo window goes straight into the baked layer, with no time
    /// slicing. Neighbouring strokes that blend alike draw in one call. `ids` name the items (as many
    /// as there are; items past them get ids of their own).
    /// A large page (`loadsInBands`) is not drawn here: its layers are drawn a band at a time from the
    /// first frame on, what the view shows first (`PageRenderer+Bands`).
    public func load(_ loaded: [RenderItem], ids: [RenderItemID] = []) {
        if loadsInBands, !loaded.isEmpty {
            // Every band will be cleared and drawn before anything shows or builds on it: clearing
            // both layers whole first would be 126 MB of clearing for nothing on an endless page.
            forgetItems()
            layersAreStale = false
            layerBackdrop = paperBackdrop
            staleBakedAreas.removeAll()
            storeEntries(loaded, ids: ids)
            bakedBoundary.advance(by: max(0, list.count - undoWindow))
            leaveLayersUndrawn()
            painter.images.sweep()
            view?.tiles.markAllStale()
            return
        }
        if !list.isEmpty || live.isDrawing || layersAreStale || layerBackdrop != paperBackdrop { clearInk() }
        storeEntries(loaded, ids: ids)
        drawItems(list.indices, into: inkLayer, projection: pageProjection)
        let toBake = max(0, list.count - undoWindow) - bakedCount
        if toBake > 0 {
            drawItems(bakedCount..<(bakedCount + toBake), into: bakedLayer, projection: pageProjection)
            bakedBoundary.advance(by: toBake)
        }
        // Pictures of the page before that this one does not show go now (exports open page after
        // page with no frame between to sweep them); the ones it shares were kept and re-used.
        painter.images.sweep()
        letGoOfUploadedPixels()
        view?.tiles.markAllStale()
    }

    /// Lists `loaded` as the page's items (after the last), named by `ids` where given, their sprites
    /// sent to the GPU in one upload.
    func storeEntries(_ loaded: [RenderItem], ids: [RenderItemID] = []) {
        for entry in painter.entries(for: loaded, id: { k in k < ids.count ? ids[k] : nextUnnamedID() }) { list.append(entry) }
    }

    /// An id for an item given without one.
    func nextUnnamedID() -> RenderItemID {
        unnamedItems += 1
        return .unnamed(unnamedItems)
    }

    /// Adds an item on top of the page.
    public func append(_ item: RenderItem) {
        insert(item, at: list.count)
    }

    /// Adds a finished stroke on top of the page.
    public func append(_ stroke: SceneStroke) {
        insert(.stroke(stroke), at: list.count)
    }

    /// Puts `item`, named `id` (one of its own when nil), at position `index` (0...count) of the page's
    /// order. On top it is simply drawn over the page (a stroke drawn elsewhere, a redo); below, or
    /// under a live stroke's ink, its rectangle is redrawn. Refused (false, and counted in
    /// `refusedEdits`) outside 0...count or when an item of that id is on the page already.
    @discardableResult
    public func insert(_ item: RenderItem, id: RenderItemID? = nil, at index: Int) -> Bool {
        drop()
        guard index >= 0, index <= list.count else { return refuse("insert at \(index)") }
        if let id, list.contains(id) { return refuse("insert of \(id), already on the page,") }
        drawLayersIfStale()
        list.insert(storedEntry(item, id: id ?? nextUnnamedID()), at: index)
        // Its shadows' masks worked out on another core while the batch goes on (see `prepareShadowMasks`).
        if pendingRedraws != nil { painter.prepareShadowMasks(for: item) }
        let underLiveInk = live.inksLayers
        if index == list.count - 1, !underLiveInk, pendingRedraws == nil {
            render(index, into: inkLayer, projection: pageProjection)
            refreshView(pageRect: item.bounds)
            return true
        }
        let baked = bakedLayerGains(at: index)
        redraw(item.bounds.union(baked.alsoRedraw), bakedToo: baked.rebuild)
        return true
    }

    /// Takes item `id` off the page (looked for first at `hint`), redrawing only the rectangle it
    /// covered; nil when it is not on the page (refused, and counted in `refusedEdits`). Removing the
    /// newest (undoing a stroke) costs what the strokes near it cost.
    @discardableResult
    public func remove(_ id: RenderItemID, near hint: Int? = nil) -> RenderItem? {
        guard let index = list.index(of: id, near: hint) else {
            refuse("remove of \(id)")
            return nil
        }
        return remove(at: index)
    }

    /// Takes the item at `index` off the page (see `remove(_:near:)`); nil when there is none.
    @discardableResult
    public func remove(at index: Int) -> RenderItem? {
        // An item a gesture carries, taken off the page (let go over the scrap tray): the layers were
        // redrawn without it when it was picked up, so it goes as it is, not put down and drawn into
        // them only to be taken out again (two redraws of a window-sized photo, the slowest frame of a
        // drag into the tray). The next frame draws the view where it was last shown (`FrameDamage`).
        let carriedAway = held.map { $0.index == index && !$0.inPlace } ?? false
        if carriedAway { held = nil } else { drop() }
        guard list.indices.contains(index) else {
            refuse("remove at \(index)")
            return nil
        }
        let entry = list.remove(at: index)
        let item = publicItem(entry)   // before its sprites' range is given back
        forget(entry)
        let bakedToo = bakedLayerLoses(at: index)
        if !carriedAway { redraw(entry.item.bounds, bakedToo: bakedToo) }
        return item
    }

    /// Puts `item` in place of item `id` (looked for first at `hint`): moved, restyled, cut; both
    /// rectangles are redrawn. False, changing nothing, when it is not on the page (counted in
    /// `refusedEdits`).
    @discardableResult
    public func replace(_ id: RenderItemID, near hint: Int? = nil, with item: RenderItem) -> Bool {
        guard let index = list.index(of: id, near: hint) else { return refuse("replace of \(id)") }
        return replace(at: index, with: item)
    }

    /// Puts `item` in place of the one at `index`, keeping its id (see `replace(_:near:with:)`).
    @discardableResult
    public func replace(at index: Int, with item: RenderItem) -> Bool {
        guard list.indices.contains(index) else { return refuse("replace at \(index)") }
        let id = list[index].id
        if index == held?.index {
            // Held up by a gesture: drawn over the layers each frame, so no layer is redrawn. An update
            // put off (`replaceLifted`) is superseded.
            held?.deferredUpdate = nil
            let old = list.replaceHidden(at: index, with: storedEntry(item, id: id))
            // Held in place, frames draw only what changed: this.
            if held?.inPlace == true { noteViewChanged(pageRect: RenderItem.changedBounds(from: old.item, to: item).outsetBy(2)) }
            forget(old)
            return true
        }
        drop()
        let old = list.replace(at: index, with: storedEntry(item, id: id))
        forget(old)
        let bakedToo = bakedBoundary.holds(index)
        let changed = RenderItem.changedBounds(from: old.item, to: item)
        // A photo under another that hides it wholly, its picture arriving sharper: nothing shows, and
        // the baked layer (when it holds the photo) is brought up to date only if that is ever shown.
        if let (_, after) = RenderItem.changedInside(from: old.item, to: item),
           OpaqueCover.hidesInside(after, under: list.indices(touching: changed, from: index + 1).map { list[$0].item },
                                   isOpaque: painter.images.isOpaque) {
            if bakedToo { markBakedLayerStale(changed.outsetBy(1)) }
            return true
        }
        redraw(changed, bakedToo: bakedToo)
        return true
    }

    /// Moves item `id` (looked for first at `hint`) to position `to` of the page's order (see
    /// `move(from:to:)`). False, changing nothing, when it is not on the page or `to` is past the ends.
    @discardableResult
    public func move(_ id: RenderItemID, near hint: Int? = nil, to: Int) -> Bool {
        guard let from = list.index(of: id, near: hint) else { return refuse("move of \(id)") }
        return move(from: from, to: to)
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
        guard list.indices.contains(from), list.indices.contains(to) else {
            return refuse("move from \(from) to \(to)")
        }
        guard from != to else { return true }
        drop()
        let bounds = list[from].item.bounds
        list.move(from: from, to: to)
        // The baked boundary follows as it would through a removal then an insertion.
        let leaving = bakedLayerLoses(at: from)
        let arriving = bakedLayerGains(at: to)
        redraw(bounds.union(arriving.alsoRedraw), bakedToo: leaving || arriving.rebuild)
        return true
    }

    /// The baked layer's bookkeeping for an item leaving position `index`: true when the baked layer
    /// must be rebuilt where it lay (it was below the baked boundary, or half-way through baking).
    func bakedLayerLoses(at index: Int) -> Bool {
        bakedBoundary.itemLeaves(at: index)
    }

    /// The baked layer's bookkeeping for an item now at position `index`: whether the baked layer must
    /// be rebuilt under it, and the rectangle of the item half-way through baking that now follows it
    /// (baked afresh, so redrawn too; null when there is none).
    func bakedLayerGains(at index: Int) -> (rebuild: Bool, alsoRedraw: Rect) {
        let arrival = bakedBoundary.itemArrives(at: index)
        return (arrival.rebuild, arrival.halfBakedFollows ? list[index + 1].item.bounds : .null)
    }

    /// The entry for a new item, its strokes' sprites stored on the GPU.
    func storedEntry(_ item: RenderItem, id: RenderItemID) -> RenderedItems.Entry {
        painter.entry(for: item, id: id)
    }

    /// Counts a refused edit and says what it asked for.
    @discardableResult
    func refuse(_ edit: String) -> Bool {
        refusedEdits += 1
        lastRefusedEdit = "\(edit) of \(list.count) items"
        return false
    }

    /// Frees what an entry held on the GPU (`ItemPainter.forget`).
    func forget(_ entry: RenderedItems.Entry) {
        painter.forget(entry)
    }
}
