import QuireDocument
import QuireRender

extension PageRenderer {
    /// Carries out the canvas's queued work, in order: the one place the page's items reach the
    /// renderer, for the window and for headless replay alike. An edit's steps are applied to the
    /// renderer's list as to the page's, each finding its item by id (the step's position is only
    /// where the renderer looks first), so the two keep the same items in the same order without the
    /// renderer trusting an index. Returns false when the renderer refused a step (it named an item
    /// the renderer does not hold, a bug): the caller reports `lastRefusedEdit` and loads the page afresh.
    @discardableResult
    public func perform(_ work: [RenderWork], building builder: RenderItemBuilder) -> Bool {
        let refusedBefore = refusedEdits
        for (position, job) in work.enumerated() {
            switch job {
            case let .beginStroke(style): beginLiveStroke(style)
            case let .sprites(sprites): appendToLiveStroke(sprites)
            case let .endStroke(id): endLiveStroke(id: RenderItemID(id))
            case .cancelStroke: cancelLiveStroke()
            case let .reload(page): load(page, building: builder)
            case let .lift(id, index): lift(RenderItemID(id), near: index)
            case let .prepareLift(id, index): prepareLift(RenderItemID(id), near: index)
            case let .liftInPlace(id, index): lift(RenderItemID(id), near: index, inPlace: true)
            case let .moveLifted(map): moveLifted(by: map)
            case .drop:
                // A carried item that later work takes off the page (let go over the scrap tray) is not
                // put down first: `remove` lets it go as it is.
                if let carried = carriedItemID, Self.removes(carried, in: work[(position + 1)...]) { continue }
                drop()
            case let .edit(edit):
                // The items it puts in built first, their ink on all cores (a cut's pieces).
                var built = builder.renderItems(edit.steps.compactMap { step in
                    if case let .insert(pageItem, _) = step { pageItem } else { nil }
                })[...]
                // An edit of many steps (a cut, a stroke across scraps) is redrawn once, where it changed.
                batchingRedraws {
                    for step in edit.steps {
                        switch step {
                        case let .insert(pageItem, index):
                            insert(built.popFirst() ?? builder.renderItem(pageItem), id: RenderItemID(pageItem.id), at: index)
                        case let .remove(id, index): remove(RenderItemID(id), near: index)
                        // The held item is built only when needed (each frame of a drag updates it).
                        case let .replace(index, pageItem, before):
                            replaceLifted(RenderItemID(pageItem.id), near: index, building: { builder.renderItem(pageItem, replacing: before) })
                        case let .move(id, from, to): move(RenderItemID(id), near: from, to: to)
                        }
                    }
                }
            }
        }
        return refusedEdits == refusedBefore
    }

    /// Whether an edit among `work` takes item `id` off the page.
    private static func removes(_ id: RenderItemID, in work: ArraySlice<RenderWork>) -> Bool {
        work.contains { job in
            guard case let .edit(edit) = job else { return false }
            return edit.steps.contains { if case let .remove(removed, _) = $0 { RenderItemID(removed) == id } else { false } }
        }
    }

    /// Shows `page`'s items, each redrawn from its vectors (batched; all but the undo window baked at
    /// once), on its paper (with the PDF page printed on it, if any).
    public func load(_ page: Page, building builder: RenderItemBuilder) {
        // The paper first, so the layers are cleared for what they go on (`layerBackdrop`). A PDF page's
        // picture may come later (rendered in the background): its layers are set up for it now, rather
        // than drawn again from the page's ink when it arrives.
        paperImageExpected = RenderItemBuilder.paperPDFPage(of: page) != nil
        paperImage = builder.paperImage(of: page)
        load(builder.renderItems(of: page), ids: page.items.map { RenderItemID($0.id) })
    }
}

extension RenderItemID {
    /// The renderer's name for a page item.
    public init(_ id: ItemID) {
        self.init(id.rawValue)
    }
}
