import QuireGeometry
import QuireImageIO

/// A picture placed on the page through any four corners (a photo scrap, a PDF page): drawn with
/// perspective-correct sampling, so a trapezoid shows the picture as a tilted plane would, not as two
/// separately skewed triangles.
public struct SceneImage: Equatable, Sendable {
    /// Names the picture's pixels: items with the same key share one GPU texture, uploaded once. Two
    /// different pictures must never share a key (the first one uploaded would show for both).
    public var imageKey: String
    /// Straight-alpha RGBA, top row first (premultiplied when uploaded).
    public var image: RGBAImage
    /// Where the picture's upper-left, upper-right, lower-right and lower-left corners land on the page.
    public var corners: Quadrilateral
    public var opacity: Float
    /// Only pixels inside this path (even-odd) show the picture; nil shows all of it.
    public var clip: BezierPath?

    public init(imageKey: String, image: RGBAImage, corners: Quadrilateral, opacity: Float = 1, clip: BezierPath? = nil) {
        self.imageKey = imageKey
        self.image = image
        self.corners = corners
        self.opacity = opacity
        self.clip = clip
    }

    /// The page area it can touch: its corners' bounds (within its clip's); null when a corner is not
    /// finite, so a broken placement is never drawn.
    public var bounds: Rect {
        guard corners.corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return .null }
        let placed = corners.bounds
        return clip.map { placed.intersection(ClipPath.bounds(of: $0)) } ?? placed
    }

    /// Equal keys mean equal pixels (see `imageKey`), so comparing does not walk the pixels.
    public static func == (a: SceneImage, b: SceneImage) -> Bool {
        a.imageKey == b.imageKey && a.corners == b.corners && a.opacity == b.opacity && a.clip == b.clip
    }
}
