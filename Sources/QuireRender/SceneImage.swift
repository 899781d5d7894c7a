import QuireGeometry
import QuireImageIO

/// A picture placed on the page through any four corners (a photo scrap, a PDF page): drawn with
/// perspective-correct sampling, so a trapezoid shows the picture as a tilted plane would, not as two
/// separately skewed triangles.
public struct SceneImage: Equatable, Sendable {
    /// Names the picture's pixels: items with the same key share one GPU texture, uploaded once. Two
    /// different pictures must never share a key (the first one uploaded would show for both).
    public var imageKey: String
    /// Straight-alpha RGBA, top row first (premultiplied when uploaded); nil once the renderer holds
    /// the picture as a texture and the copy was let go (a picture with a `source` only): the source
    /// gives the pixels again should the texture go.
    public private(set) var image: RGBAImage?
    /// The picture's size in pixels, held or not.
    public let width: Int
    public let height: Int
    /// Where a picture's pixels come from when they are not held here (`PicturePixelSource`); nil: they
    /// always are (text, PDF pages, tests), and they stay with the item.
    public var source: (any PicturePixelSource)?
    /// Where the picture's upper-left, upper-right, lower-right and lower-left corners land on the page.
    public var corners: Quadrilateral
    public var opacity: Float
    /// Only pixels inside this path (even-odd) show the picture; nil shows all of it.
    public var clip: BezierPath?
    /// Mipmaps are built only once the picture is drawn at less than half its size. For pictures drawn
    /// at the detail they are shown at (text): building mipmaps is a GPU flush each on a software
    /// rasteriser, which made a page of 200 text boxes open in 160 ms instead of 50, and a picture
    /// drawn at half its size or more samples well without them.
    public var mipmapsOnlyWhenShrunk: Bool

    public init(imageKey: String, image: RGBAImage, corners: Quadrilateral, opacity: Float = 1, clip: BezierPath? = nil,
                mipmapsOnlyWhenShrunk: Bool = false) {
        self.imageKey = imageKey
        self.image = image
        width = image.width
        height = image.height
        self.corners = corners
        self.opacity = opacity
        self.clip = clip
        self.mipmapsOnlyWhenShrunk = mipmapsOnlyWhenShrunk
    }

    /// A picture from `source`, its pixels held there (or by a texture already made) rather than here:
    /// `image` given when the source has them to hand, nil when a texture of `imageKey` is on the GPU.
    public init(imageKey: String, width: Int, height: Int, image: RGBAImage?, source: any PicturePixelSource,
                corners: Quadrilateral, opacity: Float = 1, clip: BezierPath? = nil, mipmapsOnlyWhenShrunk: Bool = false) {
        self.imageKey = imageKey
        self.image = image
        self.width = width
        self.height = height
        self.source = source
        self.corners = corners
        self.opacity = opacity
        self.clip = clip
        self.mipmapsOnlyWhenShrunk = mipmapsOnlyWhenShrunk
    }

    /// The same picture with its pixels let go, when its source can give them again (nil otherwise,
    /// or when they are let go already).
    var withoutPixels: SceneImage? {
        guard image != nil, source != nil else { return nil }
        var bare = self
        bare.image = nil
        return bare
    }

    /// Whether drawing through `projection` needs mipmaps: always, unless `mipmapsOnlyWhenShrunk`; then
    /// when a side of the picture covers fewer than half as many framebuffer pixels as it has texels.
    func needsMipmaps(through projection: PageProjection) -> Bool {
        guard mipmapsOnlyWhenShrunk else { return true }
        let c = corners.corners.map { projection.pageToFramebuffer.apply($0) }
        let across = min(c[0].distance(to: c[1]), c[3].distance(to: c[2]))
        let down = min(c[0].distance(to: c[3]), c[1].distance(to: c[2]))
        // A hair of slack: a turned picture's sides measure a rounding error short of exact.
        return across * 2.001 < Double(width) || down * 2.001 < Double(height)
    }

    /// The page area it can touch: its corners' bounds (within its clip's); null when a corner is not
    /// finite, so a broken placement is never drawn.
    public var bounds: Rect {
        guard corners.corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return .null }
        let placed = corners.bounds
        return clip.map { placed.intersection(ClipPath.bounds(of: $0)) } ?? placed
    }

    /// Equal keys mean equal pixels (see `imageKey`), so comparing does not walk the pixels, nor asks
    /// whether they are held.
    public static func == (a: SceneImage, b: SceneImage) -> Bool {
        a.imageKey == b.imageKey && a.corners == b.corners && a.opacity == b.opacity && a.clip == b.clip
            && a.mipmapsOnlyWhenShrunk == b.mipmapsOnlyWhenShrunk
    }
}
