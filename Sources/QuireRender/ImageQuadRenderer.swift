import CGL
import QuireGeometry

/// Draws a picture's texture through four corners with perspective-correct sampling: the inverse of
/// the homography from the picture's unit square to the corners goes to the fragment shader, which
/// finds each pixel's place in the picture exactly (see `Shaders.imageFragment`).
final class ImageQuadRenderer {
    private let program: ShaderProgram
    private let pageToClip: GLint
    private let pageToImage: GLint
    private let opacity: GLint
    private let quad = FloatVertexBuffer(attributeSizes: [2])
    /// Upright rectangles (the overlay's pictures, a page sorter's thumbnails): a cheaper program.
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
        glUseProgram(upright.id)
        projection.matrix.withUnsafeBufferPointer { glUniformMatrix3fv(uprightPageToClip, 1, GLboolean(GL_FALSE), $0.baseAddress) }
        glUniform1f(uprightOpacity, min(1, alpha))
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        if replace {
            glDisable(GLenum(GL_BLEND))
        } else {
            glEnable(GLenum(GL_BLEND))
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        }
        let (x, y, w, h) = projection.viewport
        glViewport(x, y, w, h)
        // A strip upper-left, upper-right, lower-left, lower-right; (0, 0) is the picture's upper-left.
        let (x0, y0, x1, y1) = (Float(rect.minX), Float(rect.minY), Float(rect.maxX), Float(rect.maxY))
        let values: (Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float) =
            (x0, y0, 0, 0, x1, y0, 1, 0, x0, y1, 0, 1, x1, y1, 1, 1)
        if exact { glBindSampler(0, texelForPixel.id) }
        withUnsafeBytes(of: values) { uprightQuad.draw(GL_TRIANGLE_STRIP, count: 4, vertices: $0) }
        if exact { glBindSampler(0, 0) }
        if replace { glEnable(GLenum(GL_BLEND)) }
    }

    /// The map from page points to picture coordinates (0…1, y down from the upper-left corner), or nil
    /// for corners that draw nothing: not finite, coinciding, three in a line, or not convex.
    static func pageToImage(_ corners: Quadrilateral) -> Homography? {
        let points = corners.corners
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        // Convex: every turn the same way round (a bow tie or a dart has no sensible picture).
        var sign = 0.0
        for i in 0..<4 {
            let a = points[i], b = points[(i + 1) % 4], c = points[(i + 2) % 4]
            let turn = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            guard turn != 0, sign == 0 || (turn > 0) == (sign > 0) else { return nil }
            sign = turn
        }
        let unit = [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)]
        return Homography(from: points, to: unit)
    }

    /// Draws `texture` (premultiplied) through `corners` into the bound framebuffer, premultiplied over
    /// (`behind`: under what is there instead, "destination over").
    func draw(_ texture: GLuint, corners: Quadrilateral, projection: PageProjection, opacity alpha: Float, behind: Bool = false) {
        guard alpha > 0, let h = Self.pageToImage(corners) else { return }
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
        glEnable(GLenum(GL_BLEND))
        if behind {
            glBlendFunc(GLenum(GL_ONE_MINUS_DST_ALPHA), GLenum(GL_ONE))
        } else {
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        }
        let (x, y, w, h2) = projection.viewport
        glViewport(x, y, w, h2)
        // A strip upper-left, upper-right, lower-left, lower-right: two triangles covering the convex quad.
        let (ul, ur, lr, ll) = (corners.upperLeft, corners.upperRight, corners.lowerRight, corners.lowerLeft)
        let values: (Float, Float, Float, Float, Float, Float, Float, Float) =
            (Float(ul.x), Float(ul.y), Float(ur.x), Float(ur.y), Float(ll.x), Float(ll.y), Float(lr.x), Float(lr.y))
        withUnsafeBytes(of: values) { quad.draw(GL_TRIANGLE_STRIP, count: 4, vertices: $0) }
        if behind { glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA)) }
    }
}
