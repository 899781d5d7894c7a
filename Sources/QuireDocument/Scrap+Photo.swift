import QuireGeometry

/// A photo laid on a page as a new scrap: what importing a picture (from the command line, a paste or a
/// drop) makes.
extension Scrap {
    /// A scrap showing `image` whole: its outline is the rectangle (0, 0, w, h) in the image's upright
    /// pixels with the image filling it, and its transform puts one image pixel on one page pixel,
    /// scaled down (never up) when the picture is larger than `visible` less `margin` on every side,
    /// centred at `centre`, then nudged so it lies wholly within `visible`.
    ///
    /// The margin is the room a picture that fills the area leaves around itself, so pictures placed a
    /// little apart (several imported at once) still show each other's edges. It is dropped when it
    /// would leave no room at all.
    ///
    /// Nil when the image has no pixels, or `visible`, `centre` or `margin` is not finite or `visible`
    /// has no area: nothing sensible can be placed.
    public static func photo(_ image: ImageReference, centredAt centre: Point, fitting visible: Rect,
                             margin: Double = 0) -> Scrap? {
        guard image.pixelWidth > 0, image.pixelHeight > 0, centre.x.isFinite, centre.y.isFinite, margin.isFinite,
              margin >= 0, !visible.isEmpty, visible.width.isFinite, visible.height.isFinite else { return nil }
        let width = Double(image.pixelWidth), height = Double(image.pixelHeight)
        let room = visible.insetBy(margin).isEmpty ? visible : visible.insetBy(margin)
        let scale = min(1, room.width / width, room.height / height)
        let size = Point(width * scale, height * scale)
        // Nudged inside: the scaled picture is never larger than `visible`, so each range is non-empty.
        let x = min(max(centre.x, visible.minX + size.x / 2), visible.maxX - size.x / 2)
        let y = min(max(centre.y, visible.minY + size.y / 2), visible.maxY - size.y / 2)
        let placement = AffineTransform.scale(scale, scale)
            .concatenating(.translation(x - size.x / 2, y - size.y / 2))
        let frame = Rect(x: 0, y: 0, width: width, height: height)
        return Scrap(outline: BezierPath(rect: frame), transform: Homography(placement),
                     image: ScrapImage(reference: image, rect: frame))
    }
}
