import QuireGeometry

/// A picture laid on the page whole, through four corners (upper left, upper right, lower right, lower
/// left of the image, in page coordinates), so it can be moved, turned, scaled or warped.
public struct PlacedImage: Equatable, Sendable, Codable {
    public var image: ImageReference
    public var corners: Quadrilateral

    public init(image: ImageReference, corners: Quadrilateral) {
        self.image = image
        self.corners = corners
    }

    public var bounds: Rect {
        corners.bounds
    }
}
