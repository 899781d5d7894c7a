import QuireDocument
import QuireGeometry
import QuireImageIO
import QuireInk
import QuireRender

/// A custom item kind's drawing in the window, thumbnails and page images (PNG export), adopted by its
/// `CustomItemContent` type in a file of its own. An item whose type does not adopt it draws nothing
/// (its place in the order is held, as every item's is).
public protocol DrawnCustomItem: CustomItemContent {
    /// It as the renderer draws it. `map` carries its own coordinates onto the page when it lies on a
    /// scrap (nil: it lies on the page). `builder` makes the parts: ink (`ink(_:through:)`), filled
    /// shapes (`filled(_:color:through:)`), several as one (`combined(_:)`).
    func renderItem(through map: Homography?, using builder: RenderItemBuilder) -> RenderItem
}

extension RenderItemBuilder {
    /// `stroke` as Quire draws ink: sprites by the engine its style names, carried through `map`.
    public func ink(_ stroke: Stroke, through map: Homography?) -> RenderItem {
        .stroke(Self.sceneStroke(stroke, through: map, registry: registry))
    }

    /// `path` filled (even-odd) in `color`, carried through `map`: a one-pixel picture of the colour
    /// clipped to the path, so it draws, blends and exports as pictures do. Nothing for a path that is
    /// empty, not finite or lands on the map's line at infinity.
    public func filled(_ path: BezierPath, color: InkColor, through map: Homography?) -> RenderItem {
        var shape = path
        if let map {
            guard let carried = map.apply(to: shape, tolerance: 0.25) else { return Self.nothing }
            shape = carried
        }
        guard !shape.isEmpty, shape.isFinite, !shape.bounds.isNull else { return Self.nothing }
        let rgba = (InkColor.level(color.red), InkColor.level(color.green), InkColor.level(color.blue), InkColor.level(color.alpha))
        return .image(SceneImage(imageKey: "fill:\(rgba.0),\(rgba.1),\(rgba.2),\(rgba.3)",
                                 image: RGBAImage(width: 1, height: 1, fill: rgba),
                                 corners: Quadrilateral(shape.bounds), clip: shape))
    }

    /// `parts` drawn in order as one item (the renderer holds one a page item): a group clipped to
    /// no less than they cover.
    public func combined(_ parts: [RenderItem]) -> RenderItem {
        let covered = parts.reduce(Rect.null) { $0.union($1.bounds) }
        guard !covered.isNull else { return Self.nothing }
        return .group(SceneGroup(clip: BezierPath(rect: covered.outsetBy(1)), children: parts))
    }
}
