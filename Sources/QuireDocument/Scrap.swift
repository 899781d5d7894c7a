import QuireGeometry

/// A piece of paper lying on the page, the Loose Leaf way: an outline (any closed shape, what scissors
/// leave), placed on the page by a transform that may be projective (the stretch gesture warps), showing
/// an image inside its outline, and carrying its own items — ink drawn across it sticks to it — in the
/// scrap's own coordinates, so moving the scrap moves its ink.
public struct Scrap: Equatable, Sendable, Codable {
    /// Closed subpaths in scrap coordinates, filled by the even-odd rule (as the renderer clips and the
    /// hit test reads it): a hole is a subpath inside another, whichever way it is wound.
    public var outline: BezierPath
    /// Scrap coordinates → page coordinates.
    public var transform: Homography
    /// The picture drawn inside the outline; nil for plain paper.
    public var image: ScrapImage?
    /// The scrap's own items, bottom first, in scrap coordinates.
    public var items: [PageItem]

    public init(outline: BezierPath, transform: Homography = .identity, image: ScrapImage? = nil,
                items: [PageItem] = []) {
        self.outline = outline
        self.transform = transform
        self.image = image
        self.items = items
    }

    /// The area of paper inside the outline (scrap pixels²), for outlines as scissors leave them: the first
    /// subpath the outside edge, the rest holes in it.
    public var outlineArea: Double {
        let subpaths = outline.subpaths
        guard let outside = subpaths.first else { return 0 }
        return abs(outside.signedArea) - subpaths.dropFirst().reduce(0) { $0 + abs($1.signedArea) }
    }

    /// The page area the scrap covers: its outline's bounds carried onto the page (a projective map
    /// keeps a convex hull's corners as its corners while the vanishing line stays off the scrap).
    public var bounds: Rect {
        let local = outline.bounds
        guard !local.isNull else { return .null }
        return Quadrilateral(local).corners.compactMap(transform.apply).reduce(Rect.null) { $0.union($1) }
    }
}

/// A scrap's picture and where it lies in the scrap's coordinates (a photo scrap starts with the image
/// filling its outline; cutting keeps the rect and changes the outline).
public struct ScrapImage: Equatable, Sendable, Codable {
    public var reference: ImageReference
    public var rect: Rect

    public init(reference: ImageReference, rect: Rect) {
        self.reference = reference
        self.rect = rect
    }
}
