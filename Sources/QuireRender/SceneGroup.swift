import QuireGeometry

/// Items drawn only inside a clip path: what a scrap is (its picture and the ink drawn on it), with the
/// shadow of paper lying on the page when it has one. Pictures and nested groups draw in order straight
/// into the page's layer, inside the clip. Runs of strokes draw straight in too, unless a run holds an
/// eraser or a highlighter: then the run collects in a transparent layer of its own, joined inside the
/// clip, so the eraser removes only the ink of that run (never the scrap's picture or the page under
/// it) and the highlighter keeps its non-darkening blend.
public struct SceneGroup: Equatable, Sendable {
    /// Even-odd; an empty or non-finite path shows nothing.
    public var clip: BezierPath
    public var children: [RenderItem]
    /// Cast outside the clip's outline, under the group; nil for none (a plain clip).
    public var shadow: SceneShadow?
    /// Paper lying on the page (a scrap), which may stick out past the page's edge: in the window the
    /// part beyond the edge is drawn over the desk (`DeskArea`), where the page's other items stop at
    /// its edge. Exports and thumbnails are of the page, so they end at its edge all the same.
    public var hangsOverPageEdge: Bool

    public init(clip: BezierPath, children: [RenderItem], shadow: SceneShadow? = nil, hangsOverPageEdge: Bool = false) {
        self.clip = clip
        self.children = children
        self.shadow = shadow
        self.hangsOverPageEdge = hangsOverPageEdge
    }

    /// What the group can change: its children within the clip's bounds, and its shadow.
    public var bounds: Rect {
        let outline = ClipPath.bounds(of: clip)
        let inked = children.reduce(Rect.null) { $0.union($1.bounds) }
        let shown = inked.intersection(outline)
        guard let shadow else { return shown }
        return shown.union(shadow.bounds(around: outline))
    }
}
