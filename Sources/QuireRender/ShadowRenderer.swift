import CGL
import QuireGeometry

/// Draws the shadow a clip's outline casts (see `SceneShadow`) straight into the bound target, under the
/// clip: its mask (`ShadowMask`, worked out on the processor and kept by `ShadowMaskCache`) as one
/// quad of premultiplied black, through the target's stencil where the clips around the scrap pass and
/// the scrap's own bit does not (the paper hides the rest). No scratch layer, so no texture to clear,
/// sample and join, and no wait for the GPU between them (on llvmpipe such a wait costs more than the
/// shadow); no stencil bits beyond the clip's own.
final class ShadowRenderer {
    private let program: ShaderProgram
    private let pageToClip: GLint
    private let corner: GLint
    private let framebufferHeight: GLint
    private let quad = FloatVertexBuffer(attributeSizes: [2])
    let masks = ShadowMaskCache()
    /// Draw each mask's whole rectangle rather than its cover (tests compare the two).
    var drawsWholeRectangles = false

    init() throws {
        program = try ShaderProgram(vertex: Shaders.flatVertex, fragment: Shaders.shadowMaskFragment)
        pageToClip = program.uniform("uPageToClip")
        corner = program.uniform("uCorner")
        framebufferHeight = program.uniform("uFramebufferHeight")
        glUseProgram(program.id)
        glUniform1i(program.uniform("uMask"), 0)
        glUseProgram(0)
    }

    /// The mask of `shadow` cast by the clip with `outlines` (page pixels; `bounds`, their box) in a
    /// `width` × `height` target drawn through `projection`: over the whole pixels the shadow can fall
    /// on. Nil when it falls on none.
    static func maskKey(for shadow: SceneShadow, outlines: [[Point]], bounds: Rect, projection: PageProjection,
                        framebufferWidth width: Int, framebufferHeight height: Int) -> ShadowMaskCache.Key? {
        let framebuffer = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let area = projection.pageToFramebuffer.apply(shadow.bounds(around: bounds)).outsetBy(1).intersection(framebuffer)
        guard shadow.isDrawn, !area.isNull, !area.isEmpty, area.minX.isFinite, area.minY.isFinite,
              area.maxX.isFinite, area.maxY.isFinite else { return nil }
        // Whole pixels within the target, before any Int conversion.
        let x0 = max(0, area.minX.rounded(.down)), y0 = max(0, area.minY.rounded(.down))
        let x1 = min(Double(width), area.maxX.rounded(.up)), y1 = min(Double(height), area.maxY.rounded(.up))
        guard x0 < x1, y0 < y1 else { return nil }
        return ShadowMaskCache.Key(outlines: outlines, shadow: shadow, pageToFramebuffer: projection.pageToFramebuffer,
                                   x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }

    /// Draws the shadow whose mask is `key` (see `maskKey`), cast by a clip pushed already as the
    /// innermost level, stencil bit `bit`, of the bound target (`width` × `height`). Leaves the
    /// stencil test on with a test of its own: the caller puts its clips' test back.
    func draw(_ key: ShadowMaskCache.Key, bit: Int, framebufferWidth width: Int, framebufferHeight height: Int) {
        guard bit < StencilClip.maximumDepth else { return }
        masks.withTexture(for: key) { texture, cover in
            let lower = GLuint((1 << bit) - 1), scrap = GLuint(1 << bit)
            glEnable(GLenum(GL_STENCIL_TEST))
            glStencilFunc(GLenum(GL_EQUAL), GLint(lower), lower | scrap)
            glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_KEEP))
            glUseProgram(program.id)
            let whole = PageProjection(width: width, height: height, pageToFramebuffer: .identity, guardBand: 0)
            whole.matrix.withUnsafeBufferPointer { glUniformMatrix3fv(pageToClip, 1, GLboolean(GL_FALSE), $0.baseAddress) }
            glUniform2i(corner, GLint(key.x), GLint(key.y))
            glUniform1i(framebufferHeight, GLint(height))
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            glEnable(GLenum(GL_BLEND))
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
            glViewport(0, 0, GLsizei(width), GLsizei(height))
            if drawsWholeRectangles {
                // A strip over the mask's pixels: upper-left, upper-right, lower-left, lower-right.
                let (fx0, fy0) = (Float(key.x), Float(key.y))
                let (fx1, fy1) = (Float(key.x + key.width), Float(key.y + key.height))
                let corners: (Float, Float, Float, Float, Float, Float, Float, Float) = (fx0, fy0, fx1, fy0, fx0, fy1, fx1, fy1)
                withUnsafeBytes(of: corners) { quad.draw(GL_TRIANGLE_STRIP, count: 4, vertices: $0) }
                return
            }
            // Only the rectangles that hold its darkened pixels: elsewhere the mask is clear, or the scrap
            // itself covers the pixel (see `ShadowCover`).
            cover.withUnsafeBytes { quad.draw(GL_TRIANGLES, count: cover.count / 2, vertices: $0) }
        }
    }
}
