import CGL
import QuireGeometry
import QuireInk

/// Draws the shadow a clip's outline casts (see `SceneShadow`) straight into the bound target, under
/// the clip, through the target's stencil and depth buffers: no scratch layer, so no texture to clear,
/// sample and join, and no wait for the GPU between them (on llvmpipe such a wait costs more than the
/// shadow). With the clip pushed as the innermost level (bit S, the levels below it P), two more bits:
/// 1. bit M: the outline moved by the offset, the same fans drawn through a moved projection;
/// 2. where P pass, S does not and M does: the shadow's full opacity (the moved shape peeking out);
/// 3. where P pass and neither S nor M: the edge fading out, a quad around each segment whose
///    fragments fade by their distance to it. Quads overlap at every corner, so the nearest must win
///    and draw once: a first pass writes each fragment's distance as its depth (the least is kept),
///    a second draws only fragments at that depth, each pixel once (bit O marks it drawn);
/// 4. bits M and O and the depth cleared again in the shadow's rectangle.
/// Even-odd throughout, like the clip: a hole shows the shadow of its rim.
final class ShadowRenderer {
    private let program: ShaderProgram
    private let pageToClip: GLint
    private let softness: GLint
    private let opacity: GLint
    private let polygons: PolygonRenderer
    private let quads: QuadRenderer
    /// Per vertex: position, then the segment's two ends (x, y each).
    private let edgeQuads = FloatVertexBuffer(attributeSizes: [2, 4], usage: GL_STREAM_DRAW)
    /// The vertices being built; kept between calls so building allocates nothing once grown.
    private var vertices: [Float] = []

    /// Stencil bits a shadow needs above its clip's.
    static let bitsNeeded = 2

    init(polygons: PolygonRenderer, quads: QuadRenderer) throws {
        self.polygons = polygons
        self.quads = quads
        program = try ShaderProgram(vertex: Shaders.shadowEdgeVertex, fragment: Shaders.shadowEdgeFragment)
        pageToClip = program.uniform("uPageToClip")
        softness = program.uniform("uSoftness")
        opacity = program.uniform("uOpacity")
    }

    /// Draws `shadow` of the clip whose fans (x, y pairs, as the stencil took them) hold stencil bit
    /// `bit` of the bound target, which must have its depth-stencil buffer; `outlines` are the clip's
    /// outlines, `outlineBounds` their bounds (page pixels). `area` is the part of the target being
    /// drawn (framebuffer pixels, y down): the bits used are cleared there. Leaves the stencil test off;
    /// the caller puts its clips' test back.
    func draw(_ shadow: SceneShadow, clipFans fans: [Float], bit: Int, outlines: [[Point]], outlineBounds: Rect,
              projection: PageProjection, area: Rect, framebufferHeight: Int) {
        guard shadow.isDrawn, bit + Self.bitsNeeded < 8, fans.count >= 6 else { return }
        var moved = projection
        moved.pageToFramebuffer = AffineTransform.translation(shadow.offsetX, shadow.offsetY)
            .concatenating(projection.pageToFramebuffer)
        let lower = GLuint((1 << bit) - 1), scrap = GLuint(1 << bit)
        let shape = GLuint(1 << (bit + 1)), drawn = GLuint(1 << (bit + 2))
        glEnable(GLenum(GL_STENCIL_TEST))

        // 1. The moved outline into bit M, wherever the clips around the scrap pass.
        glStencilFunc(GLenum(GL_EQUAL), GLint(lower), lower)
        glStencilMask(shape)
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_INVERT))
        glColorMask(GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE))
        polygons.drawTriangles(fans, projection: moved, color: .black)
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))

        // 2. Full opacity inside it, outside the scrap.
        glStencilMask(0)
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_KEEP))
        glStencilFunc(GLenum(GL_EQUAL), GLint(lower | shape), lower | scrap | shape)
        quads.fill(outlineBounds, projection: moved, color: InkColor(red: 0, green: 0, blue: 0, alpha: shadow.opacity))

        // 3. The fading edge outside both: nearest distance into depth, then each pixel drawn once.
        if shadow.softness > 0, buildEdges(outlines, reach: shadow.softness) {
            glStencilFunc(GLenum(GL_EQUAL), GLint(lower), lower | scrap | shape)
            glEnable(GLenum(GL_DEPTH_TEST))
            glDepthFunc(GLenum(GL_LESS))
            glDepthMask(GLboolean(GL_TRUE))
            glColorMask(GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE))
            drawEdges(projection: moved, shadow: shadow)
            glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
            glDepthFunc(GLenum(GL_EQUAL))
            glDepthMask(GLboolean(GL_FALSE))
            glStencilFunc(GLenum(GL_EQUAL), GLint(lower), lower | scrap | shape | drawn)
            glStencilMask(drawn)
            glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_INVERT))
            drawEdges(projection: moved, shadow: shadow)
            glDisable(GLenum(GL_DEPTH_TEST))
            glDepthFunc(GLenum(GL_LESS))
        }

        // 4. Bits M and O back to zero and the depth back to far, within the shadow's rectangle (a
        // masked clear, so the clips' bits stay).
        // Only where this draw could reach: within the scissor in force too (a redraw of a few dabs
        // must not clear a whole scrap's worth of stencil).
        let previous = Scissor.current(framebufferHeight: framebufferHeight)
        Scissor.set(previous.map { area.intersection($0) } ?? area, framebufferHeight: framebufferHeight)
        glStencilMask(shape | drawn)
        glClearStencil(0)
        glDepthMask(GLboolean(GL_TRUE))
        glClearDepth(1)
        glClear(GLbitfield(GL_DEPTH_BUFFER_BIT) | GLbitfield(GL_STENCIL_BUFFER_BIT))
        Scissor.restore(previous, framebufferHeight: framebufferHeight)
        glStencilMask(0xff)
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_KEEP))
        glDisable(GLenum(GL_STENCIL_TEST))
    }

    /// Fills `vertices` with a quad around each segment of the closed `outlines`; false when none.
    private func buildEdges(_ outlines: [[Point]], reach: Double) -> Bool {
        vertices.removeAll(keepingCapacity: true)
        for outline in outlines where outline.count >= 2 {
            for i in outline.indices {
                appendQuad(from: outline[i], to: outline[(i + 1) % outline.count], reach: reach)
            }
        }
        return vertices.count >= 36
    }

    private func drawEdges(projection: PageProjection, shadow: SceneShadow) {
        glUseProgram(program.id)
        projection.matrix.withUnsafeBufferPointer { glUniformMatrix3fv(pageToClip, 1, GLboolean(GL_FALSE), $0.baseAddress) }
        glUniform1f(softness, Float(shadow.softness))
        glUniform1f(opacity, shadow.opacity)
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        let (x, y, w, h) = projection.viewport
        glViewport(x, y, w, h)
        vertices.withUnsafeBytes { edgeQuads.draw(GL_TRIANGLES, count: vertices.count / 6, vertices: $0) }
    }

    /// Two triangles covering every point within `reach` of segment `a`–`b`.
    private func appendQuad(from a: Point, to b: Point, reach: Double) {
        let length = a.distance(to: b)
        // Along the segment and across it; a segment of no length is a dot, any direction will do.
        let (ux, uy) = length > 1e-9 ? ((b.x - a.x) / length * reach, (b.y - a.y) / length * reach) : (reach, 0)
        let (nx, ny) = (-uy, ux)
        let (x0, y0) = (a.x - ux, a.y - uy), (x1, y1) = (b.x + ux, b.y + uy)
        // Corners: 0 and 1 on one side, 2 and 3 on the other; triangles 0 1 2 and 0 2 3.
        for (x, y) in [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny),
                       (x0 + nx, y0 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)] {
            vertices.append(Float(x)); vertices.append(Float(y))
            vertices.append(Float(a.x)); vertices.append(Float(a.y))
            vertices.append(Float(b.x)); vertices.append(Float(b.y))
        }
    }
}
