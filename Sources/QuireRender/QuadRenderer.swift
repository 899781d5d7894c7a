import CGL
import QuireGeometry
import QuireInk

/// Draws page-space rectangles, filled with a colour or with a layer texture.
final class QuadRenderer {
    private let program: ShaderProgram
    private let pageToClip: GLint
    private let pageSize: GLint
    private let color: GLint
    private let useTexture: GLint
    private let opacity: GLint
    private var vao: GLuint = 0
    private var vbo: GLuint = 0

    init() throws {
        program = try ShaderProgram(vertex: Shaders.quadVertex, fragment: Shaders.quadFragment)
        pageToClip = program.uniform("uPageToClip")
        pageSize = program.uniform("uPageSize")
        color = program.uniform("uColor")
        useTexture = program.uniform("uUseTexture")
        opacity = program.uniform("uOpacity")
        glUseProgram(program.id)
        glUniform1i(program.uniform("uTexture"), 0)
        glGenVertexArrays(1, &vao)
        glGenBuffers(1, &vbo)
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        glBufferData(GLenum(GL_ARRAY_BUFFER), 8 * MemoryLayout<Float>.size, nil, GLenum(GL_DYNAMIC_DRAW))
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glBindVertexArray(0)
    }

    deinit {
        glDeleteBuffers(1, &vbo)
        glDeleteVertexArrays(1, &vao)
    }

    /// Fills `rect` (page pixels) with `fill`, or with `texture` mapped over a page of `page` size, at
    /// `opacity`, blended premultiplied "over" (or, with `replace`, overwriting what is there).
    func draw(_ rect: Rect, page: (width: Double, height: Double), projection: PageProjection,
              fill: InkColor = .white, texture: GLuint? = nil, opacity: Float = 1, replace: Bool = false) {
        glUseProgram(program.id)
        projection.matrix.withUnsafeBufferPointer { glUniformMatrix3fv(pageToClip, 1, GLboolean(GL_FALSE), $0.baseAddress) }
        glUniform2f(pageSize, Float(page.width), Float(page.height))
        glUniform4f(color, fill.red * fill.alpha, fill.green * fill.alpha, fill.blue * fill.alpha, fill.alpha)
        glUniform1i(useTexture, texture == nil ? 0 : 1)
        glUniform1f(self.opacity, opacity)
        if let texture {
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        }
        if replace {
            glDisable(GLenum(GL_BLEND))
        } else {
            glEnable(GLenum(GL_BLEND))
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        }
        let (x, y, w, h) = projection.viewport
        glViewport(x, y, w, h)
        let corners: [Float] = [rect.minX, rect.minY, rect.maxX, rect.minY, rect.minX, rect.maxY, rect.maxX, rect.maxY]
            .map { Float($0) }
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        corners.withUnsafeBytes { glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, $0.count, $0.baseAddress) }
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        glBindVertexArray(0)
    }
}
