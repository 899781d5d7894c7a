import CGL
import QuireInk

/// The items of a list (`RenderedItems`) as the painter keeps them on the GPU and draws them: each
/// stroke's sprites uploaded once into the arena when its entry is made, each picture's texture held
/// while an entry shows it, both given back when the entry is forgotten. The page's layers
/// (`PageRenderer`) and export bands (`PageBandRenderer`) each keep a list of their own and draw it here.
extension ItemPainter {
    /// `items` as list entries, item `k` named `id(k)`, every stroke's sprites sent to the GPU in one
    /// upload (a page's ink, a cut's pieces) and their pictures' textures held.
    func entries(for items: [RenderItem], id: (Int) -> RenderItemID) -> [RenderedItems.Entry] {
        var strokeSprites: [[Sprite]] = []
        for item in items { Self.collectSprites(of: item, into: &strokeSprites) }
        var spans = sprites.arena.store(strokeSprites)[...]
        var entries: [RenderedItems.Entry] = []
        entries.reserveCapacity(items.count)
        for (k, item) in items.enumerated() { entries.append(makeEntry(item, id: id(k), spans: &spans)) }
        return entries
    }

    /// The entry for one new item, its strokes' sprites on the GPU.
    func entry(for item: RenderItem, id: RenderItemID) -> RenderedItems.Entry {
        entries(for: [item]) { _ in id }[0]
    }

    /// An entry's item as it was given: a stroke kept on the GPU only gets its sprites read back.
    func publicItem(_ entry: RenderedItems.Entry) -> RenderItem {
        guard entry.spritesOnGPUOnly, case var .stroke(stroke) = entry.item else { return entry.item }
        stroke.sprites = sprites.arena.read(entry.span)
        return .stroke(stroke)
    }

    /// Frees what an entry held on the GPU. A removed item that comes back (redo) is uploaded again:
    /// one stroke's copy, and removal must not keep every undone stroke's sprites on the GPU forever.
    func forget(_ entry: RenderedItems.Entry) {
        sprites.arena.free(entry.span)
        for span in entry.childSpans { sprites.arena.free(span) }
        releaseImages(in: entry.item)
    }

    /// Forgets every entry at once: the arena emptied, every picture's texture let go.
    func forgetAllEntries() {
        sprites.arena.removeAll()
        images.releaseAll()
    }

    /// Draws the entries of `list` at `indices` (ascending) into `target` through `projection`, in
    /// order. Neighbours that are plain strokes blending alike, whose sprites lie next to each other on
    /// the GPU, draw in one call: opening a page or sharpening a tile costs what GL costs, not a draw
    /// call a stroke. `skip(i)` sprites of item i are left out (a stroke half-way through baking).
    /// Honours the scissor.
    func drawItems<S: Sequence>(_ indices: S, of list: RenderedItems, into target: RenderTarget, projection: PageProjection,
                                skip: (Int) -> Int = { _ in 0 }) where S.Element == Int {
        var run = SpriteRun()
        func draw(_ finished: (SpriteSpan, StrokeRenderStyle)?) {
            if let (span, style) = finished { drawSprites(span, style: style, into: target, projection: projection) }
        }
        for i in indices {
            let entry = list[i]
            guard case let .stroke(stroke) = entry.item, stroke.clip == nil, stroke.style.blendMode != .highlight else {
                draw(run.take())
                render(entry, into: target, projection: projection)
                continue
            }
            let span = entry.span.slice(min(skip(i), entry.span.count)..<entry.span.count)
            guard span.count > 0 else { continue }
            draw(run.add(span, style: stroke.style))
        }
        draw(run.take())
    }

    /// Draws one entry whole into `target`.
    func render(_ entry: RenderedItems.Entry, into target: RenderTarget, projection: PageProjection) {
        var spans = entry.childSpans[...]
        render(entry.item, span: entry.span, childSpans: &spans, into: target, projection: projection)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    /// Every stroke's sprites in `item`, depth first: the order `makeEntry` takes their spans in.
    private static func collectSprites(of item: RenderItem, into list: inout [[Sprite]]) {
        switch item {
        case let .stroke(stroke): list.append(stroke.sprites)
        case .image: break
        case let .group(group): for child in group.children { collectSprites(of: child, into: &list) }
        }
    }

    /// The entry for `item`, taking its strokes' spans from `spans` and holding its pictures' textures.
    private func makeEntry(_ item: RenderItem, id: RenderItemID, spans: inout ArraySlice<SpriteSpan>) -> RenderedItems.Entry {
        switch item {
        case let .stroke(stroke):
            // Its sprites are on the GPU now: the list keeps only what drawing needs.
            return RenderedItems.Entry(id: id, item: .stroke(SceneStroke(withoutSpritesOf: stroke)),
                                       span: spans.popFirst() ?? .empty, childSpans: [], spritesOnGPUOnly: true)
        case let .image(image):
            images.retain(image.imageKey)
            return RenderedItems.Entry(id: id, item: item, span: .empty, childSpans: [])
        case .group:
            let count = item.strokeCount
            let childSpans = Array(spans.prefix(count))
            spans = spans.dropFirst(count)
            retainImages(in: item)
            return RenderedItems.Entry(id: id, item: item, span: .empty, childSpans: childSpans)
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
}
