import Foundation
import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender

/// Turns page items into what the renderer draws: ink into sprites (by the engine each stroke's style
/// names), scraps into a clip with their picture and their own ink carried onto the page (and the
/// shadow of paper lying on it), placed images into pictures through four corners. Every item gives
/// exactly one render item, so the renderer's list mirrors the page's index for index; PDF pages and
/// text draw nothing until their issues bring poppler and FreeType (an empty group holds their place).
public struct RenderItemBuilder {
    public let registry: InkEngineRegistry
    /// The decoded picture a blob holds, or nil when it cannot be had (the item then draws its ink only).
    public let image: (BlobID) -> RGBAImage?

    public init(registry: InkEngineRegistry = .standard, image: @escaping (BlobID) -> RGBAImage? = { _ in nil }) {
        self.registry = registry
        self.image = image
    }

    public func renderItems(of page: Page) -> [RenderItem] {
        page.items.map(renderItem)
    }

    public func renderItem(_ item: PageItem) -> RenderItem {
        renderItem(item, through: nil)
    }

    /// `item` drawn on the page; `map` carries a scrap's own coordinates onto the page (nil: identity).
    private func renderItem(_ item: PageItem, through map: Homography?) -> RenderItem {
        switch item.content {
        case let .stroke(stroke):
            var engine = registry.makeEngine(for: stroke.style)
            var sprites = engine.sprites(for: stroke.samples)
            if let map { sprites = sprites.compactMap { Self.carry($0, through: map) } }
            return .stroke(SceneStroke(sprites: sprites, style: engine.renderStyle))
        case let .scrap(scrap):
            let toPage = map.map { scrap.transform.concatenating($0) } ?? scrap.transform
            var children: [RenderItem] = []
            if let picture = scrap.image, let pixels = image(picture.reference.blob),
               let corners = toPage.apply(to: Quadrilateral(picture.rect)) {
                children.append(.image(SceneImage(imageKey: picture.reference.blob.rawValue, image: pixels, corners: corners)))
            }
            children += scrap.items.map { renderItem($0, through: toPage) }
            // Paper lying on the page: it casts a shadow, wherever it is drawn (view, exports alike).
            return .group(SceneGroup(clip: toPage.apply(to: scrap.outline) ?? BezierPath(), children: children,
                                     shadow: .paper))
        case let .image(placed):
            guard let pixels = image(placed.image.blob) else { return Self.nothing }
            var corners = placed.corners
            if let map {
                guard let carried = map.apply(to: placed.corners) else { return Self.nothing }
                corners = carried
            }
            return .image(SceneImage(imageKey: placed.image.blob.rawValue, image: pixels, corners: corners))
        case .pdfPage, .text:
            return Self.nothing
        }
    }

    /// Draws nothing, holding an item's place in the order.
    static let nothing = RenderItem.group(SceneGroup(clip: BezierPath(), children: []))

    /// A dab of a scrap's ink, placed on the page: its centre through the map, its size by the map's
    /// local scale there and its brush turned as the map turns it.
    static func carry(_ sprite: Sprite, through map: Homography) -> Sprite? {
        let centre = Point(Double(sprite.x), Double(sprite.y))
        guard let c = map.apply(centre), let dx = map.apply(centre + Point(1, 0)), let dy = map.apply(centre + Point(0, 1))
        else { return nil }
        let u = dx - c, v = dy - c
        let scale = abs(u.cross(v)).squareRoot()
        guard scale.isFinite, scale > 0 else { return nil }
        var carried = sprite
        carried.x = Float(c.x)
        carried.y = Float(c.y)
        carried.diameter = sprite.diameter * Float(scale)
        carried.rotation = sprite.rotation + Float(atan2(u.y, u.x))
        return carried
    }
}
