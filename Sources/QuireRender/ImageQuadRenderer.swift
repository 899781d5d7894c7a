import CGL
import QuireGeometry

/// Draws a picture's texture through four corners with perspective-correct sampling: the inverse of
/// the homography from the picture's unit square to the corners goes to the fragment shader, which
/// finds each pixel's place in the picture exactly (see `Shaders.imageFragment`). Corners that make a
/// parallelogram (no perspective) take the cheaper upright program, the picture's coordinates
/// interpolated across the quad, which is exact there.
final class ImageQuadRenderer {
    private let program: ShaderProgram
    private let pageToClip: GLint
    private let pageToImage: GLint
    private let opacity: GLint
    private let quad = FloatVertexBuffer(attributeSizes: [2])
    /// Pictures mapped affinely (upright rectangles, the overlay's pictures, a page sorter's thumbnails,
    /// scraps moved, turned and scaled): a cheaper program.
    private let upright: ShaderProgram
    private let uprightPageToClip: GLint
    private let uprightOpacity: GLint
    private let uprightQuad = FloatVertexBuffer(attributeSizes: [2, 2])
    /// Nearest-texel sampling without mipmaps, for a picture drawn at its own size on whole pixels: the
    /// same pixels as the texture's trilinear filtering gives there (each pixel centre on a texel
    /// centre), for far less work per pixel in a software rasteriser (a page sorter's thumbnails).
    private let texelForPixel = NearestSampler()

    init() throws {
        program = try ShaderProgram(vertex: Shaders.imageVertex, fragment: Shaders.imageFragment)
        pageToClip = program.uniform("uPageToClip")
        pageToImage = program.uniform("uPageToImage")
        opacity = program.uniform("uOpacity")
        glUseProgram(program.id)
        glUniform1i(program.uniform("uImage"), 0)
        upright = try ShaderProgram(vertex: Shaders.uprightImageVertex, fragment: Shaders.uprightImageFragment)
        uprightPageToClip = upright.uniform("uPageToClip")
        uprightOpacity = upright.uniform("uOpacity")
        glUseProgram(upright.id)
        glUniform1i(upright.uniform("uImage"), 0)
    }

    /// Draws `texture` (premultiplied) filling the upright `rect` into the bound framebuffer,
    /// premultiplied over, or replacing what is there (`replace`: an opaque picture at full opacity,
    /// which gives what "over" gives without reading what is under it). The same pixels as `draw`
    /// through the rectangle's corners, for less work per pixel (a software rasteriser feels it).
    /// `texelForPixel`: `rect` is the texture's own size on whole framebuffer pixels, so each pixel takes
    /// its texel as it is (no filtering).
    func draw(_ texture: GLuint, in rect: Rect, projection: PageProjection, opacity alpha: Float, replace: Bool = false,
              texelForPixel exact: Bool = false) {
        guard alpha > 0, rect.width > 0, rect.height > 0, rect.minX.isFinite, rect.minY.isFinite,
              rect.maxX.isFinite, rect.maxY.isFinite else { return }
        // A strip upper-left, upper-right, lower-left, lower-right.
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        drawInterpolated(texture, strip: (Point(x0, y0), Point(x1, y0), Point(x0, y1), Point(x1, y1)), projection: projection,
                         opacity: alpha, blending: replace ? .replace : .over, texelForPixel: exact)
    }

    /// How a picture joins what is under it.
    private enum Blending {
        /// Premultiplied over.
        case over
        /// Under what is there ("destination over").
        case behind
        /// In place of what is there (an opaque picture at full opacity: what "over" gives, without
        /// reading what is under it).
        case replace
    }

    /// Draws `texture` through the upright program: the picture's coordinates interpolated across the
    /// corners of `strip` (upper-left, upper-right, lower-left, lower-right; (0, 0) is the picture's
    /// upper-left), which is exact wherever the corners are a parallelogram (an affine map).
    private func drawInterpolated(_ texture: GLuint, strip: (Point, Point, Point, Point), projection: PageProjection,
                                  opacity alpha: Float, blending: Blending, texelForPixel exact: Bool = false) {
        glUseProgram(upright.id)
        projection.matrix.withUnsafeBufferPointer { glUniformMatrix3fv(uprightPageToClip, 1, GLboolean(GL_FALSE), $0.baseAddress) }
        glUniform1f(uprightOpacity, min(1, alpha))
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        setBlending(blending)
        let (x, y, w, h) = projection.viewport
        glViewport(x, y, w, h)
        let (ul, ur, ll, lr) = strip
        let values: (Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float) =
            (Float(ul.x), Float(ul.y), 0, 0, Float(ur.x), Float(ur.y), 1, 0, Float(ll.x), Float(ll.y), 0, 1, Float(lr.x), Float(lr.y), 1, 1)
        if exact { glBindSampler(0, texelForPixel.id) }
        withUnsafeBytes(of: values) { uprightQuad.draw(GL_TRIANGLE_STRIP, count: 4, vertices: $0) }
        if exact { glBindSampler(0, 0) }
        resetBlending(blending)
    }

    private func setBlending(_ blending: Blending) {
        switch blending {
        case .replace:
            glDisable(GLenum(GL_BLEND))
        case .over:
            glEnable(GLenum(GL_BLEND))
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        case .behind:
            glEnable(GLenum(GL_BLEND))
            glBlendFunc(GLenum(GL_ONE_MINUS_DST_ALPHA), GLenum(GL_ONE))
        }
    }

    /// Back to premultiplied over, the blending every other drawer expects to find.
    private func resetBlending(_ blending: Blending) {
        switch blending {
        case .replace: glEnable(GLenum(GL_BLEND))
        case .behind: glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        case .over: break
        }
    }

    /// Whether `corners` draw a picture: false when they are not finite, coincide, have three in a line,
    /// or are not convex.
    static func isDrawable(_ corners: Quadrilateral) -> Bool {
        let points = corners.corners
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return false }
        // Convex: every turn the same way round (a bow tie or a dart has no sensible picture).
        var sign = 0.0
        for i in 0..<4 {
            let a = points[i], b = points[(i + 1) % 4], c = points[(i + 2) % 4]
            let turn = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            guard turn != 0, sign == 0 || (turn > 0) == (sign > 0) else { return false }
            sign = turn
        }
        return true
    }

    /// The map from page points to picture coordinates (0…1, y down from the upper-left corner) of
    /// drawable `corners` (`isDrawable`).
    private static func pageToImage(_ corners: Quadrilateral) -> Homography? {
        Homography(from: corners.corners, to: [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)])
    }

    /// Draws `texture` (premultiplied) through `corners` into the bound framebuffer, premultiplied over
    /// (`behind`: under what is there instead, "destination over"). Corners that are a parallelogram
    /// (a scrap moved, turned and scaled, as nearly all are) map the picture affinely: its coordinates
    /// are interpolated across the quad, where the perspective-correct program works out a homography
    /// and a division at every pixel (on llvmpipe the interpolated picture costs about a third less a
    /// pixel, and pictures are a quarter of a scissors cut's frame).
    func draw(_ texture: GLuint, corners: Quadrilateral, projection: PageProjection, opacity alpha: Float, behind: Bool = false) {
        guard alpha > 0, Self.isDrawable(corners) else { return }
        let (ul, ur, lr, ll) = (corners.upperLeft, corners.upperRight, corners.lowerRight, corners.lowerLeft)
        if Self.isParallelogram(corners) {
            return drawInterpolated(texture, strip: (ul, ur, ll, lr), projection: projection, opacity: alpha,
                                    blending: behind ? .behind : .over)
        }
        // The homography is worked out only here: an affinely placed picture needs none.
        guard let h = Self.pageToImage(corners) else { return }
        glUseProgram(program.id)
        projection.matrix.withUnsafeBufferPointer { glUniformMatrix3fv(pageToClip, 1, GLboolean(GL_FALSE), $0.baseAddress) }
        // Row-major m → column-major for GL.
        let m = h.m.map { Float($0) }
        let columns: (Float, Float, Float, Float, Float, Float, Float, Float, Float) =
            (m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5], m[8])
        withUnsafeBytes(of: columns) {
            glUniformMatrix3fv(pageToImage, 1, GLboolean(GL_FALSE), $0.baseAddress!.assumingMemoryBound(to: Float.self))
        }
        glUniform1f(opacity, min(1, alpha))
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        setBlending(behind ? .behind : .over)
        let (x, y, w, h2) = projection.viewport
        glViewport(x, y, w, h2)
        // A strip upper-left, upper-right, lower-left, lower-right: two triangles covering the convex quad.
        let values: (Float, Float, Float, Float, Float, Float, Float, Float) =
            (Float(ul.x), Float(ul.y), Float(ur.x), Float(ur.y), Float(ll.x), Float(ll.y), Float(lr.x), Float(lr.y))
        withUnsafeBytes(of: values) { quad.draw(GL_TRIANGLE_STRIP, count: 4, vertices: $0) }
        resetBlending(behind ? .behind : .over)
    }

    /// Whether `corners` (drawable: convex, finite) are a parallelogram, to a millionth of their size: the upper
    /// side the same as the lower one. Within that, the picture's coordinates interpolated across the
    /// quad are the homography's to about a millionth of the picture (far below a texel of any picture
    /// that can be loaded), about what the 32-bit floats the GPU takes the corners in hold anyway.
    static func isParallelogram(_ corners: Quadrilateral) -> Bool {
        let top = corners.upperRight - corners.upperLeft, bottom = corners.lowerRight - corners.lowerLeft
        let size = max(abs(top.x) + abs(top.y), abs(corners.lowerLeft.x - corners.upperLeft.x) + abs(corners.lowerLeft.y - corners.upperLeft.y))
        return abs(top.x - bottom.x) + abs(top.y - bottom.y) <= size * 1e-6
    }
}
