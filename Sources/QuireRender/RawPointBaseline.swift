import CGL
import QuireInk

/// The yardstick for the renderer's throughput: the same sprites through the same shader and brush,
/// uploaded once to a static buffer and drawn in a single call — what GL itself can do, with none of
/// the renderer's streaming, batching or per-stroke state.
public final class RawPointBaseline {
    private let program: ShaderProgram
    private let target: RenderTarget
    private let brush: BrushTexture
    private var vao: GLuint = 0
    private var vbo: GLuint = 0
    private let count: Int

    public init(sprites: [Sprite], width: Int, height: Int) throws {
        program = try ShaderProgram(vertex: Shaders.spriteVertex, fragment: Shaders.spriteFragment)
        target = try RenderTarget(width: width, height: height)
        brush = BrushTexture.softRound()
        count = sprites.count
        glGenVertexArrays(1, &vao)
        glGenBuffers(1, &vbo)
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        sprites.withUnsafeBytes { glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW)) }
        let stride = GLsizei(MemoryLayout<Sprite>.stride)
        for (index, size, offset) in [(GLuint(0), GLint(2), 0), (1, 1, 8), (2, 1, 12), (3, 4, 16)] {
            glEnableVertexAttribArray(index)
            glVertexAttribPointer(index, size, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: offset))
        }
        glBindVertexArray(0)
        let projection = PageProjection(width: width, height: height, pageToFramebuffer: .identity, guardBand: 0)
        glUseProgram(program.id)
        projection.matrix.withUnsafeBufferPointer {
            glUniformMatrix3fv(program.uniform("uPageToClip"), 1, GLboolean(GL_FALSE), $0.baseAddress)
        }
        glUniform1f(program.uniform("uPixelScale"), 1)
        glUniform1i(program.uniform("uBrush"), 0)
    }

    deinit {
        glDeleteBuffers(1, &vbo)
        glDeleteVertexArrays(1, &vao)
    }

    /// Draws every sprite once, in one call, and waits for the GPU.
    public func drawAll() {
        target.bind()
        glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
        glUseProgram(program.id)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), brush.id)
        glEnable(GLenum(GL_PROGRAM_POINT_SIZE))
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glBindVertexArray(vao)
        glDrawArrays(GLenum(GL_POINTS), 0, GLsizei(count))
        glBindVertexArray(0)
        glFinish()
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }
}
