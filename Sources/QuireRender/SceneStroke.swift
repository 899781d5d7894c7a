import QuireGeometry
import QuireInk

/// A finished stroke as the renderer keeps it: its final sprites, how they blend, and the page area
/// they cover (for redrawing just that area on undo).
public struct SceneStroke: Equatable, Sendable {
    public var sprites: [Sprite]
    public var style: StrokeRenderStyle
    public let bounds: Rect

    public init(sprites: [Sprite], style: StrokeRenderStyle) {
        self.sprites = sprites
        self.style = style
        bounds = Self.bounds(of: sprites)
    }

    /// The page area some sprites cover.
    public static func bounds<C: Collection>(of sprites: C) -> Rect where C.Element == Sprite {
        sprites.reduce(Rect.null) { $0.union($1.bounds) }
    }
}
