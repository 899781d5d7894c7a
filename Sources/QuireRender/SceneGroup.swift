import QuireGeometry

/// Items drawn only inside a clip path: what a scrap is (its picture and the ink drawn on it). Children
/// draw in order straight into the page's layer, inside the clip; an eraser child therefore erases
/// whatever lies under it inside the clip, page ink included (a scrap layer of its own is left for when
/// scraps need it).
public struct SceneGroup: Equatable, Sendable {
    /// Even-odd; an empty or non-finite path shows nothing.
    public var clip: BezierPath
    public var children: [RenderItem]

    public init(clip: BezierPath, children: [RenderItem]) {
        self.clip = clip
        self.children = children
    }

    /// The clip's bounds: nothing of the group shows outside them.
    public var bounds: Rect {
        let inked = children.reduce(Rect.null) { $0.union($1.bounds) }
        return inked.intersection(ClipPath.bounds(of: clip))
    }
}
