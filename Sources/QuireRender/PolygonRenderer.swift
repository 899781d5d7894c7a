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
    private var vao: GLuint = 0
    private var vbo: GLuint = 0
    private var capacity = 0
    /// x, y pairs of the triangles being built; kept between calls so building allocates nothing.
    var scratch: [Float] = []

    init() throws {
        program = try ShaderProgram(vertex: Shaders.flatVertex, fragment: Shaders.flatFragment)
        pageToClip = program.uniform("uPageToClip")
        color = program.uniform("uColor")
        glGenVertexArrays(1, &vao)
        glGenBuffers(1, &vbo)
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), GLsizei(2 * MemoryLayout<Float>.size), nil)
        glBindVertexArray(0)
    }

    deinit {
        glDeleteBuffers(1, &vbo)
        glDeleteVertexArrays(1, &vao)
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
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        let bytes = count * 2 * MemoryLayout<Float>.size
        if bytes > capacity {
            capacity = max(bytes, capacity * 2, 16 * 1024)
            glBufferData(GLenum(GL_ARRAY_BUFFER), capacity, nil, GLenum(GL_STREAM_DRAW))
        }
        vertices.withUnsafeBytes { glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, bytes, $0.baseAddress) }
        glDrawArrays(GLenum(GL_TRIANGLES), 0, GLsizei(count))
        glBindVertexArray(0)
    }

    /// Appends to `scratch` a fan per closed outline of `outlines`: covering each pixel once per
    /// outline that winds around it, so inverting a stencil bit per triangle leaves the even-odd inside.
    static func appendFans(of outlines: [[Point]], to vertices: inout [Float]) {
        for outline in outlines where outline.count >= 3 {
            let anchor = outline[0]
            for i in 1..<(outline.count - 1) {
                let (b, c) = (outline[i], outline[i + 1])
                vertices.append(Float(anchor.x)); vertices.append(Float(anchor.y))
                vertices.append(Float(b.x)); vertices.append(Float(b.y))
                vertices.append(Float(c.x)); vertices.append(Float(c.y))
            }
        }
    }
}
