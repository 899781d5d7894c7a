import QuireGeometry

/// Maps page pixels (y down) to clip space for a framebuffer drawn with a guard band: the viewport is
/// enlarged by `guardBand` pixels on every side, so a point sprite whose centre lies just outside the
/// framebuffer is still rasterised (GL culls a point whose centre is outside the viewport, which would
/// make a dab at the edge vanish). Also flips y, since GL's framebuffer rows run bottom-up.
public struct PageProjection: Equatable, Sendable {
    /// Framebuffer size in pixels.
    public var width: Int
    public var height: Int
    /// Page pixels → framebuffer pixels (y down).
    public var pageToFramebuffer: AffineTransform
    public var guardBand: Int

    public init(width: Int, height: Int, pageToFramebuffer: AffineTransform, guardBand: Int) {
        self.width = width
        self.height = height
        self.pageToFramebuffer = pageToFramebuffer
        self.guardBand = guardBand
    }

    /// Framebuffer pixels per page pixel (for sprite sizes; the view never shears).
    public var pixelScale: Double { abs(pageToFramebuffer.determinant).squareRoot() }

    /// The enlarged viewport: x, y, width, height.
    public var viewport: (Int32, Int32, Int32, Int32) {
        (Int32(-guardBand), Int32(-guardBand), Int32(width + 2 * guardBand), Int32(height + 2 * guardBand))
    }

    /// The page-to-clip matrix, column-major as `glUniformMatrix3fv` takes it.
    public var matrix: [Float] {
        let t = pageToFramebuffer
        let g = Double(guardBand)
        let kx = 2 / (Double(width) + 2 * g)
        let ky = 2 / (Double(height) + 2 * g)
        let columns: [Double] = [
            kx * t.a, -ky * t.b, 0,
            kx * t.c, -ky * t.d, 0,
            kx * (t.tx + g) - 1, ky * (Double(height) + g - t.ty) - 1, 1,
        ]
        return columns.map { Float($0) }
    }

    /// Where a page point lands in normalised device coordinates (for tests and hit checks).
    public func clipPosition(of p: Point) -> Point {
        let m = matrix.map(Double.init)
        return Point(m[0] * p.x + m[3] * p.y + m[6], m[1] * p.x + m[4] * p.y + m[7])
    }
}
