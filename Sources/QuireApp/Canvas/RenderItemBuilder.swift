import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender
import QuireText

/// Turns page items into what the renderer draws: ink into sprites (by the engine each stroke's style
/// names), scraps into a clip with their picture and their own ink carried onto the page (and the
/// shadow of paper lying on it), placed images into pictures through four corners. Every item gives
/// exactly one render item, named by the item's id, so the renderer holds the page's items in the page's
/// order. A PDF page on
/// the page is its background: printed on the paper (`paperImage(of:)`, the renderer's `paperImage`),
/// where an eraser never takes it, its pixels rendered by poppler; its place in the list is held by an
/// empty group. Text is a picture of its lines drawn by FreeType at the pictures' detail.
public struct RenderItemBuilder {
    public let registry: InkEngineRegistry
    /// The decoded picture a blob holds, scaled down to fit the side given (nil: its own size), or nil
    /// when it cannot be had (the item then draws its ink only).
    public let image: (BlobID, Int?) -> RGBAImage?
    /// The window's way to pictures, asked instead of `image` when set: a picture already a texture
    /// comes without its pixels (`PictureCache.requestPicture`).
    public var shownPicture: ((BlobID, Int?) -> PictureCache.Shown?)?
    /// Picture pixels wanted per page pixel a picture covers: 2 keeps pictures sharp on screen up to a
    /// 2× zoom without holding a 12 MP photo's every pixel for a thumbnail-sized scrap; the window asks
    /// for more as it zooms in (`detail(forZoom:)`), an export at 3× asks for 3.
    public var pictureDetail: Double
    /// A PDF page rendered at `pdfDetail` image pixels per page pixel, or nil when it cannot be had (yet):
    /// the page's paper then shows plain.
    public let pdfPage: (PDFPageItem, Double) -> RGBAImage?
    /// Image pixels per page pixel PDF pages are rendered at: the zoom in the window, the scale in an export.
    public var pdfDetail: Double
    /// The page's photo scraps whose pictures are drawn at a thumbnail's size (`thumbnailSide`) rather
    /// than at `pictureDetail`: in the window, those it shows nothing of (`PictureSight`). Empty in
    /// exports.
    public var thumbnailPictures: Set<ItemID> = []
    /// The last scrap built for a change in what it carries (`renderItem(_:replacing:)`); none: every
    /// update is built afresh.
    public var scrapMemo: ScrapBuildMemo?
    /// The longest side a picture shown from its thumbnail is decoded to.
    public static let thumbnailSide = 256
    /// A text item drawn at the detail given (image pixels per page pixel; `pictureDetail` is asked
    /// for, so text is as sharp as pictures at every zoom and export scale) and the page rectangle it
    /// covers; nil when it cannot be drawn (no font at all).
    public var textImage: (TextItem, Double) -> (image: RGBAImage, rect: Rect)? = { PageTextFonts.shared.image(of: $0, detail: $1) }
    /// A long text box's lines drawn one by one (`PageTextFonts.lineImages`): a key typed into it draws
    /// and uploads its one line again, and the renderer redraws only that line.
    public var textLines: (TextItem, Double) -> [(image: RGBAImage, rect: Rect, name: String)]? = {
        PageTextFonts.shared.lineImages(of: $0, detail: $1)
    }
    /// Boxes of more lines than this are drawn line by line; shorter ones as one picture (fewer
    /// textures for a page of many small boxes).
    public static let linesDrawnWhole = 4

    public init(registry: InkEngineRegistry = .standard, pictureDetail: Double = 2,
                image: @escaping (BlobID, Int?) -> RGBAImage? = { _, _ in nil },
                pdfDetail: Double = 1, pdfPage: @escaping (PDFPageItem, Double) -> RGBAImage? = { _, _ in nil }) {
        self.registry = registry
        self.pictureDetail = pictureDetail
        self.image = image
        self.pdfDetail = pdfDetail
        self.pdfPage = pdfPage
    }

    public func renderItems(of page: Page) -> [RenderItem] {
        renderItems(page.items)
    }

    public func renderItem(_ item: PageItem) -> RenderItem {
        var ink = BuiltInk.none
        return renderItem(item, through: nil, ink: &ink)
    }

    /// `item` as `renderItem` gives it, where it replaces `before`: a scrap changed only in what it
    /// carries (a box on it typed into) keeps, from the last such build of it (`scrapMemo`), the strokes
    /// it carries unchanged, where building it afresh made every stroke's sprites again at every key (a
    /// scrap a loop cut out of a page of handwriting: hundreds of strokes). Its picture and everything
    /// else are built afresh (a sharper picture may have arrived since); so is anything else.
    public func renderItem(_ item: PageItem, replacing before: PageItem) -> RenderItem {
        guard let memo = scrapMemo else { return renderItem(item) }
        guard case let .scrap(scrap) = item.content, case let .scrap(old) = before.content, item.id == before.id,
              scrap.transform == old.transform, scrap.outline == old.outline, scrap.image == old.image,
              scrap.items.count == old.items.count else {
            memo.forget()
            return renderItem(item)
        }
        let built = renderItem(item, reusing: memo.built(as: before), from: old) ?? renderItem(item)
        memo.keep(item, builtAs: built)
        return built
    }

    /// `item` (a scrap) built afresh but for the strokes it carries unchanged since its old self `old`,
    /// which are taken from `drawn` (what `old` was built as); nil when `drawn` is not such a build.
    private func renderItem(_ item: PageItem, reusing drawn: RenderItem?, from old: Scrap) -> RenderItem? {
        guard case let .scrap(scrap) = item.content, case let .group(group)? = drawn else { return nil }
        // The picture, when it has one, comes first.
        let first = group.children.count - old.items.count
        guard first == (old.image == nil ? 0 : 1) else { return nil }
        // The scrap bare (its picture, outline and shadow) built afresh, then what it carries.
        var bare = scrap
        bare.items = []
        var ink = BuiltInk.none
        guard case var .group(rebuilt) = renderItem(PageItem(id: item.id, .scrap(bare)), through: nil, ink: &ink) else { return nil }
        let toPage = Self.toPage(scrap, through: nil)
        for (k, child) in scrap.items.enumerated() {
            if case .stroke = child.content, child == old.items[k], case let .stroke(built) = group.children[first + k] {
                rebuilt.children.append(.stroke(built))
            } else {
                rebuilt.children.append(renderItem(child, through: toPage, ink: &ink))
            }
        }
        return .group(rebuilt)
    }

    /// `items` as `renderItem` gives each, their strokes' sprites (a page's ink, a cut's pieces' ink)
    /// worked out side by side on the processor's cores first. Pictures are still looked up here, one
    /// after another: the `image` closure need not be safe to call from other threads.
    public func renderItems(_ items: [PageItem]) -> [RenderItem] {
        var strokes: [(stroke: Stroke, map: Homography?)] = []
        for item in items { Self.collectStrokes(item, through: nil, into: &strokes) }
        guard strokes.count > 1 else { return items.map(renderItem) }
        let registry = registry, found = strokes
        var ink = BuiltInk.some(ConcurrentResults(count: found.count) { k in
            Self.sceneStroke(found[k].stroke, through: found[k].map, registry: registry)
        }.values[...])
        return items.map { renderItem($0, through: nil, ink: &ink) }
    }

    /// Strokes built ahead (`renderItems`), in the order `renderItem` meets them, or none.
    private enum BuiltInk {
        case none
        case some(ArraySlice<SceneStroke>)
    }

    /// The strokes of `item` (a scrap's, depth first) in the order `renderItem` builds them, each with
    /// the map it is built through.
    private static func collectStrokes(_ item: PageItem, through map: Homography?,
                                       into strokes: inout [(stroke: Stroke, map: Homography?)]) {
        switch item.content {
        case let .stroke(stroke):
            strokes.append((stroke, map))
        case let .scrap(scrap):
            let toPage = Self.toPage(scrap, through: map)
            for child in scrap.items { collectStrokes(child, through: toPage, into: &strokes) }
        case .image, .pdfPage, .text, .custom:
            break
        }
    }

    /// `scrap`'s own coordinates onto the page, when the scrap lies on one carried by `map` (nil: on the
    /// page itself).
    private static func toPage(_ scrap: Scrap, through map: Homography?) -> Homography {
        map.map { scrap.transform.concatenating($0) } ?? scrap.transform
    }

    /// `stroke`'s sprites by the engine its style names, carried through `map` (nil: identity).
    static func sceneStroke(_ stroke: Stroke, through map: Homography?, registry: InkEngineRegistry) -> SceneStroke {
        var engine = registry.makeEngine(for: stroke.style)
        var sprites = engine.sprites(for: stroke.samples)
        if let map { sprites = sprites.compactMap { carry($0, through: map) } }
        return SceneStroke(sprites: sprites, style: engine.renderStyle)
    }

    /// `item` drawn on the page; `map` carries a scrap's own coordinates onto the page (nil: identity).
    /// Strokes come from `ink` when it holds them, in order, else are built here.
    private func renderItem(_ item: PageItem, through map: Homography?, ink: inout BuiltInk) -> RenderItem {
        switch item.content {
        case let .stroke(stroke):
            if case var .some(built) = ink, let next = built.popFirst() {
                ink = .some(built)
                return .stroke(next)
            }
            return .stroke(Self.sceneStroke(stroke, through: map, registry: registry))
        case let .scrap(scrap):
            let toPage = Self.toPage(scrap, through: map)
            var children: [RenderItem] = []
            let thumbnail = map == nil && thumbnailPictures.contains(item.id)
            if let picture = scrap.image, let corners = toPage.apply(to: Quadrilateral(picture.rect)),
               let shown = self.picture(picture.reference, shownAt: corners, thumbnail: thumbnail) {
                children.append(.image(shown))
            }
            children += scrap.items.map { renderItem($0, through: toPage, ink: &ink) }
            // Paper lying on the page casts a shadow, wherever it is drawn (view, exports alike); a
            // transparent scrap (ink the scissors cut out) is no paper and casts none. Either may hang
            // over the page's edge, shown over the desk there.
            return .group(SceneGroup(clip: toPage.apply(to: scrap.outline) ?? BezierPath(), children: children,
                                     shadow: scrap.image == nil ? nil : .paper, hangsOverPageEdge: true))
        case let .image(placed):
            var corners = placed.corners
            if let map {
                guard let carried = map.apply(to: placed.corners) else { return Self.nothing }
                corners = carried
            }
            return picture(placed.image, shownAt: corners).map(RenderItem.image) ?? Self.nothing
        case let .pdfPage(pdf):
            // On the page itself: drawn with the paper. On a scrap: a picture carried with it.
            guard let map, let corners = map.apply(to: Quadrilateral(pdf.rect)) else { return Self.nothing }
            return pdfImage(pdf, corners: corners).map(RenderItem.image) ?? Self.nothing
        case let .text(text) where TextBlock.lineCount(of: text.text) > Self.linesDrawnWhole:
            return textLineGroup(text, id: item.id, through: map)
        case let .text(text):
            guard let drawn = textImage(text, pictureDetail) else { return Self.nothing }
            // Drawn level in the box's own frame; turned and placed on the page (and carried by a scrap).
            let toPage = Homography(text.localToPage)
            guard let corners = (map.map { toPage.concatenating($0) } ?? toPage).apply(to: Quadrilateral(drawn.rect)) else { return Self.nothing }
            // The key names the pixels: the item, what it says and how, and the size drawn.
            var hasher = Hasher()
            hasher.combine(text.text)
            hasher.combine(text.fontFamily)
            hasher.combine(text.fontSize)
            hasher.combine(text.wrapWidth)
            hasher.combine([text.color.red, text.color.green, text.color.blue, text.color.alpha])
            let key = "text:\(item.id.rawValue):\(hasher.finalize())@\(drawn.image.width)x\(drawn.image.height)"
            return .image(SceneImage(imageKey: key, image: drawn.image, corners: corners, mipmapsOnlyWhenShrunk: true))
        case let .custom(custom):
            return (custom.content as? any DrawnCustomItem)?.renderItem(through: map, using: self) ?? Self.nothing
        }
    }

    /// A long text box as a group of its lines' pictures, clipped to a band as tall as its lines and
    /// reaching far right, so that a line growing as it is typed keeps the group's clip (and the
    /// renderer redraws that line only).
    private func textLineGroup(_ text: TextItem, id: ItemID, through map: Homography?) -> RenderItem {
        guard let lines = textLines(text, pictureDetail), !lines.isEmpty else { return Self.nothing }
        // Drawn level in the box's own frame; turned and placed on the page (and carried by a scrap).
        let toPage = Homography(text.localToPage)
        let placing = map.map { toPage.concatenating($0) } ?? toPage
        let top = lines.map(\.rect.minY).min() ?? 0, bottom = lines.map(\.rect.maxY).max() ?? 0
        let band = BezierPath(rect: Rect(x: -4, y: top - 4, width: 1_000_000, height: bottom - top + 8))
        var children: [RenderItem] = []
        for line in lines {
            guard let corners = placing.apply(to: Quadrilateral(line.rect)) else { return Self.nothing }
            children.append(.image(SceneImage(imageKey: line.name, image: line.image, corners: corners, mipmapsOnlyWhenShrunk: true)))
        }
        guard let clip = placing.apply(to: band) else { return Self.nothing }
        return .group(SceneGroup(clip: clip, children: children))
    }

    /// The PDF page `page` is printed on (its first PDF page item on the page itself), rendered at
    /// `pdfDetail`; nil when it has none, or it cannot be had (yet): the paper then shows plain.
    public func paperImage(of page: Page) -> SceneImage? {
        Self.paperPDFPage(of: page).flatMap { pdfImage($0, corners: Quadrilateral($0.rect)) }
    }

    /// The PDF page `page` is printed on: its first PDF page item, whether rendered yet or not.
    public static func paperPDFPage(of page: Page) -> PDFPageItem? {
        for item in page.items {
            if case let .pdfPage(pdf) = item.content { return pdf }
        }
        return nil
    }

    private func pdfImage(_ pdf: PDFPageItem, corners: Quadrilateral) -> SceneImage? {
        guard let pixels = pdfPage(pdf, pdfDetail) else { return nil }
        // Each rendered size is its own texture, as with pictures.
        return SceneImage(imageKey: "pdf:\(pdf.document.rawValue)#\(pdf.pageIndex)@\(pixels.width)x\(pixels.height)",
                          image: pixels, corners: corners)
    }

    /// The picture detail the window wants at `zoom`: the zoom rounded up to a power of two, from 1 (a
    /// picture pixel to a window pixel) to 4 (past a 4× zoom pictures show a little soft rather than
    /// every page of photos being decoded at eight times its size). A zoom past it asks for the pictures
    /// again, sharper (`ShownPage.showArrivedPictures`), the softer ones standing in meanwhile.
    public static func detail(forZoom zoom: Double) -> Double {
        var detail = 1.0
        while detail < min(zoom, 4) { detail *= 2 }
        return detail
    }

    /// `reference`'s picture through `corners` (page pixels), decoded at the size it is shown there, or
    /// at most at a thumbnail's.
    private func picture(_ reference: ImageReference, shownAt corners: Quadrilateral, thumbnail: Bool = false) -> SceneImage? {
        var side = Self.decodeSide(of: reference, shownAcross: Self.longestSide(of: corners), detail: pictureDetail)
        if thumbnail, max(reference.pixelWidth, reference.pixelHeight) > Self.thumbnailSide {
            side = min(side ?? Self.thumbnailSide, Self.thumbnailSide)
        }
        if let shownPicture {
            guard let shown = shownPicture(reference.blob, side) else { return nil }
            return SceneImage(imageKey: shown.imageKey, width: shown.width, height: shown.height, image: shown.image,
                              source: shown.source, corners: corners, mipmapsOnlyWhenShrunk: true)
        }
        guard let pixels = image(reference.blob, side) else { return nil }
        // Each decoded size is its own texture: the key names the size of the pixels given (which
        // may be a smaller one held while the size asked for decodes). Decoded for the size shown, it is
        // drawn at half its size or more and needs no mipmaps, until a larger decode is drawn while a
        // smaller one comes: filtering between two levels at every pixel doubled the cost of drawing a
        // photo on llvmpipe (a window-sized scrap, 5 ms against 2.5), the most of a drag's first frame.
        return SceneImage(imageKey: PictureCache.imageKey(reference.blob, pixels.width, pixels.height), image: pixels,
                          corners: corners, mipmapsOnlyWhenShrunk: true)
    }

    /// The longest side a picture is decoded to fit when it is shown `shown` page pixels across: that
    /// times `detail`, rounded up to the next of 64, 96, 128, 192, 256, 384, … (steps of at most 1.5×,
    /// so a scrap scaled a little reuses its decode and none holds more than about twice the pixels it
    /// needs); nil when that reaches the picture's own size (decode it whole).
    static func decodeSide(of reference: ImageReference, shownAcross shown: Double, detail: Double) -> Int? {
        let own = max(reference.pixelWidth, reference.pixelHeight)
        let wanted = shown * detail
        guard wanted.isFinite, wanted < Double(own) else { return nil }
        var power = 64
        while Double(power) < wanted && Double(power * 3 / 2) < wanted { power *= 2 }
        let side = Double(power) >= wanted ? power : power * 3 / 2
        return side < own ? side : nil
    }

    /// The longest edge of a quadrilateral (its corners finite or not: a non-finite one gives infinity).
    static func longestSide(of quad: Quadrilateral) -> Double {
        let c = quad.corners
        return (0..<4).map { c[$0].distance(to: c[($0 + 1) % 4]) }.max() ?? 0
    }

    /// The PDF detail the window wants at `zoom`: the zoom rounded up to the next of 1, 1.5, 2, 3, 4, 6,
    /// 8, … (steps of at most 1.5×, so zooming a little reuses the rendering), never below 1; the cache
    /// holds it within its pixel limits.
    public static func pdfDetail(forZoom zoom: Double) -> Double {
        guard zoom.isFinite, zoom > 1 else { return 1 }
        var power = 1.0
        while power < 64 {
            if zoom <= power { return power }
            if zoom <= power * 1.5 { return power * 1.5 }
            power *= 2
        }
        return power
    }

    /// Draws nothing, holding an item's place in the order.
    static let nothing = RenderItem.group(SceneGroup(clip: BezierPath(), children: []))

    /// A dab of a scrap's ink, placed on the page: its centre through the map, its size by the map's
    /// local scale there and its brush turned as the map turns it.
    static func carry(_ sprite: Sprite, through map: Homography) -> Sprite? {
        guard let frame = map.localFrame(at: Point(Double(sprite.x), Double(sprite.y))) else { return nil }
        var carried = sprite
        carried.x = Float(frame.origin.x)
        carried.y = Float(frame.origin.y)
        carried.diameter = sprite.diameter * Float(frame.scale)
        carried.rotation = sprite.rotation + Float(atan2(frame.u.y, frame.u.x))
        return carried
    }
}
