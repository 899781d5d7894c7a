import CGL
import QuireGeometry

/// Draws the soft outer edge of a shadow: one quad around each segment of an outline, reaching
/// `softness` beyond it, whose fragments take the shadow's opacity faded by their distance to that
/// segment. Blended by maximum, so where the quads of neighbouring segments overlap (every corner) the
/// nearest segment wins and nothing is darkened twice: together they give the distance to the outline.
final class ShadowEdgeRenderer {
    private let program: ShaderProgram
    private let pageToClip: GLint
    private let softness: GLint
    private let opacity: GLint
    /// Per vertex: position, then the segment's two ends (x, y each).
    private let quads = FloatVertexBuffer(attributeSizes: [2, 4], usage: GL_STREAM_DRAW)
    /// The vertices being built; kept between calls so building allocates nothing once grown.
    private var vertices: [Float] = []

    init() throws {
        program = try ShaderProgram(vertex: Shaders.shadowEdgeVertex, fragment: Shaders.shadowEdgeFragment)
        pageToClip = program.uniform("uPageToClip")
        softness = program.uniform("uSoftness")
        opacity = program.uniform("uOpacity")
    }

    /// Draws the edge of every closed outline in `outlines` (page pixels) into the bound framebuffer,
    /// blending by maximum. `softness` and `alpha` must already be checked (`SceneShadow.isDrawn`).
    func draw(_ outlines: [[Point]], projection: PageProjection, softness reach: Double, opacity alpha: Float) {
        guard reach > 0 else { return }
        vertices.removeAll(keepingCapacity: true)
        for outline in outlines where outline.count >= 2 {
            for i in outline.indices {
                appendQuad(from: outline[i], to: outline[(i + 1) % outline.count], reach: reach)
            }
        }
        let count = vertices.count / 6
        guard count >= 3 else { return }
        glUseProgram(program.id)
        projection.matrix.withUnsafeBufferPointer { glUniformMatrix3fv(pageToClip, 1, GLboolean(GL_FALSE), $0.baseAddress) }
        glUniform1f(softness, Float(reach))
        glUniform1f(opacity, alpha)
        glEnable(GLenum(GL_BLEND))
        glBlendEquation(GLenum(GL_MAX))
        let (x, y, w, h) = projection.viewport
        glViewport(x, y, w, h)
        vertices.withUnsafeBytes { quads.draw(GL_TRIANGLES, count: count, vertices: $0) }
        glBlendEquation(GLenum(GL_FUNC_ADD))
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
