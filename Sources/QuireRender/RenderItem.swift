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

    /// Whether it is shown past the page's edge, over the desk (a scrap: `SceneGroup.hangsOverPageEdge`).
    public var hangsOverPageEdge: Bool {
        if case let .group(group) = self { group.hangsOverPageEdge } else { false }
    }

    /// The page area that changes when `old` gives way to `new`: both items' bounds, except where a
    /// group keeps its clip and shadow (a photo scrap whose picture arrives sharper, ink drawn on a
    /// scrap): then only what its children can change inside the clip, for its shadow stays as it was.
    /// A picture arriving for a scrap lying under another then redraws no more than the scrap, which
    /// the one above may hide wholly (`OpaqueCover`).
    /// A group whose children are as many as before redraws only those that changed (a line typed into
    /// in a long text box: one line, not the box).
    static func changedBounds(from old: RenderItem, to new: RenderItem) -> Rect {
        guard let (before, after) = changedInside(from: old, to: new) else { return old.bounds.union(new.bounds) }
        if before.children.count == after.children.count {
            let outline = ClipPath.bounds(of: after.clip)
            return zip(before.children, after.children).reduce(Rect.null) { changed, pair in
                pair.0 == pair.1 ? changed : changed.union(pair.0.bounds.intersection(outline)).union(pair.1.bounds.intersection(outline))
            }
        }
        return SceneGroup(clip: before.clip, children: before.children).bounds
            .union(SceneGroup(clip: after.clip, children: after.children).bounds)
    }

    /// Both groups, when `old` and `new` are groups with the same clip and shadow: what changes is
    /// inside the clip only.
    static func changedInside(from old: RenderItem, to new: RenderItem) -> (before: SceneGroup, after: SceneGroup)? {
        guard case let .group(before) = old, case let .group(after) = new,
              before.clip == after.clip, before.shadow == after.shadow else { return nil }
        return (before, after)
    }

    /// The item with the pixels of its pictures that `isTextured` says are on the GPU let go, where
    /// their source can give them again (`SceneImage.withoutPixels`); nil when none is let go.
    func lettingGoOfPixels(where isTextured: (String) -> Bool) -> RenderItem? {
        switch self {
        case .stroke:
            return nil
        case let .image(image):
            guard isTextured(image.imageKey), let bare = image.withoutPixels else { return nil }
            return .image(bare)
        case var .group(group):
            var changed = false
            for index in group.children.indices {
                guard let bare = group.children[index].lettingGoOfPixels(where: isTextured) else { continue }
                group.children[index] = bare
                changed = true
            }
            return changed ? .group(group) : nil
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
