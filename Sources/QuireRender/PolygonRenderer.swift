import CGL
import QuireGeometry
import QuireInk

/// Draws triangles of points in one flat premultiplied colour through a projection: the fans that write
/// clip paths into the stencil buffer, and the UI overlay's shapes. One vertex buffer, grown when a
/// bigger shape comes, reused for every draw (no GL object per frame).
final class PolygonRenderer {
    private let program: ShaderProgram
    private let pageToClip: GLint
    private let color: GLint
    private let triangles = FloatVertexBuffer(attributeSizes: [2], usage: GL_STREAM_DRAW)
    /// x, y pairs of the triangles being built; kept between calls so building allocates nothing.
    var scratch: [Float] = []

    init() throws {
        program = try ShaderProgram(vertex: Shaders.flatVertex, fragment: Shaders.flatFragment)
        pageToClip = program.uniform("uPageToClip")
        color = program.uniform("uColor")
    }

    /// Draws `vertices` (x, y pairs, three points a triangle) into the bound framebuffer with the blend,
    /// colour mask and stencil state in force.
    func drawTriangles(_ vertices: [Float], projection: PageProjection, color fill: InkColor) {
        let count = vertices.count / 2
        guard count >= 3 else { return }
        glUseProgram(program.id)
        projection.matrix.withUnsafeBufferPointer { glUniformMatrix3fv(pageToClip, 1, GLboolean(GL_FALSE), $0.baseAddress) }
        glUniform4f(color, fill.red * fill.alpha, fill.green * fill.alpha, fill.blue * fill.alpha, fill.alpha)
        let (x, y, w, h) = projection.viewport
        glViewport(x, y, w, h)
        vertices.withUnsafeBytes { triangles.draw(GL_TRIANGLES, count: count, vertices: UnsafeRawBufferPointer(rebasing: $0[..<(count * 2 * MemoryLayout<Float>.size)])) }
    }

    /// Appends to `scratch` a fan per closed outline of `outlines`: covering each pixel once per
    /// outline that winds around it, so inverting a stencil bit per triangle leaves the even-odd inside.
    static func appendFans(of outlines: [[Point]], to vertices: inout [Float]) {
        for outline in outlines where outline.count >= 3 {
            let anchor = outline[0]
            for i in 1..<(outline.count - 1) {
                let (b, c) = (outline[i], outline[i + 1])
                // A triangle of no area covers no pixel by the rules, but Mesa's llvmpipe was seen to
                // flip the stencil over a whole clip for one lying along a horizontal edge (a path whose
                // first edge is vertical, such as any rectangle turned a quarter): such a scrap vanished.
                guard (b - anchor).cross(c - anchor) != 0 else { continue }
                vertices.append(Float(anchor.x)); vertices.append(Float(anchor.y))
                vertices.append(Float(b.x)); vertices.append(Float(b.y))
                vertices.append(Float(c.x)); vertices.append(Float(c.y))
            }
        }
    }
}
