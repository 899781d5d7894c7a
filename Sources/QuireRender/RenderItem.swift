import QuireGeometry

/// One thing on a page, in the page's item order: ink, a picture, or a clipped group of both. The
/// renderer holds these as plain values (it knows nothing of the document model).
public enum RenderItem: Equatable, Sendable {
    case stroke(SceneStroke)
    case image(SceneImage)
    case group(SceneGroup)

    /// The page area the item can change: what is redrawn when it comes or goes.
    public var bounds: Rect {
        switch self {
        case let .stroke(stroke): return stroke.bounds
        case let .image(image): return image.bounds
        case let .group(group): return group.bounds
        }
    }

    /// The strokes it holds, depth first: each one's sprites have a place on the GPU of their own.
    var strokeCount: Int {
        switch self {
        case .stroke: return 1
        case .image: return 0
        case let .group(group): return group.children.reduce(0) { $0 + $1.strokeCount }
        }
    }
}
