import QuireDocument
import QuireRender

extension PageRenderer {
    /// Carries out the canvas's queued work, in order: the one place the page's items reach the
    /// renderer, for the window and for headless replay alike. An edit's steps are applied to the
    /// renderer's list exactly as to the page's, so the two stay index for index. Returns false when the
    /// renderer refused a step (its list no longer matched the page's, a bug): the caller reports
    /// `lastRefusedEdit` and loads the page afresh.
    @discardableResult
    public func perform(_ work: [RenderWork], building builder: RenderItemBuilder) -> Bool {
        let refusedBefore = refusedEdits
        for job in work {
            switch job {
            case let .beginStroke(style): beginLiveStroke(style)
            case let .sprites(sprites): appendToLiveStroke(sprites)
            case .endStroke: endLiveStroke()
            case .cancelStroke: cancelLiveStroke()
            case let .reload(page): load(page, building: builder)
            case let .lift(index): lift(at: index)
            case let .moveLifted(map): moveLifted(by: map)
            case .drop: drop()
            case let .edit(edit):
                // The items it puts in built first, their ink on all cores (a cut's pieces).
                var built = builder.renderItems(edit.steps.compactMap { step in
                    if case let .insert(pageItem, _) = step { pageItem } else { nil }
                })[...]
                // An edit of many steps (a cut, a stroke across scraps) is redrawn once, where it changed.
                batchingRedraws {
                    for step in edit.steps {
                        switch step {
                        case let .insert(pageItem, index): insert(built.popFirst() ?? builder.renderItem(pageItem), at: index)
                        case let .remove(_, index): remove(at: index)
                        // The held item is built only when needed (each frame of a drag updates it).
                        case let .replace(index, pageItem, _): replaceLifted(at: index, building: { builder.renderItem(pageItem) })
                        case let .move(_, from, to): move(from: from, to: to)
                        }
                    }
                }
            }
        }
        return refusedEdits == refusedBefore
    }

    /// Shows `page`'s items, each redrawn from its vectors (batched; all but the undo window baked at
    /// once), on its paper (with the PDF page printed on it, if any).
    public func load(_ page: Page, building builder: RenderItemBuilder) {
        // The paper first, so the layers are cleared for what they go on (`layerBackdrop`). A PDF page's
        // picture may come later (rendered in the background): its layers are set up for it now, rather
        // than drawn again from the page's ink when it arrives.
        paperImageExpected = RenderItemBuilder.paperPDFPage(of: page) != nil
        paperImage = builder.paperImage(of: page)
        load(builder.renderItems(of: page))
    }
}
