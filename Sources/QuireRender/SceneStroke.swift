import QuireGeometry
import QuireInk

/// A finished stroke as the renderer keeps it: its final sprites, how they blend, an optional clip, and
/// the page area it covers (for redrawing just that area when it is removed or inserted).
public struct SceneStroke: Equatable, Sendable {
    public var sprites: [Sprite]
    public var style: StrokeRenderStyle
    /// Only pixels inside this path (even-odd) show the stroke; nil shows all of it.
    public var clip: BezierPath?
    public let bounds: Rect

    public init(sprites: [Sprite], style: StrokeRenderStyle, clip: BezierPath? = nil) {
        self.sprites = sprites
        self.style = style
        self.clip = clip
        let inked = Self.bounds(of: sprites)
        bounds = clip.map { inked.intersection(ClipPath.bounds(of: $0)) } ?? inked
    }

    /// The stroke without its sprites, whose only copy is then on the GPU (`PageRenderer`'s own list:
    /// a page of strokes would otherwise hold every dab twice).
    init(withoutSpritesOf stroke: SceneStroke) {
        sprites = []
        style = stroke.style
        clip = stroke.clip
        bounds = stroke.bounds
    }

    /// A stroke of sprites kept elsewhere, covering `bounds`.
    init(spritesKeptElsewhere bounds: Rect, style: StrokeRenderStyle) {
        sprites = []
        self.style = style
        clip = nil
        self.bounds = bounds
    }

    /// The page area some sprites cover.
    public static func bounds<C: Collection>(of sprites: C) -> Rect where C.Element == Sprite {
        sprites.reduce(Rect.null) { $0.union($1.bounds) }
    }
}
