import CGL
import QuireInk

/// How a batch of sprites combines with the framebuffer (all colours are premultiplied).
enum SpriteBlend {
    /// Source over: ink.
    case over
    /// The larger of source and destination, per channel: a highlighter stroke's own layer, so the
    /// stroke never darkens where it overlaps itself.
    case maximum
    /// Destination out: the eraser removes what is there in proportion to its coverage.
    case erase
}

/// Draws sprites as textured GL point sprites, streamed through one growing vertex buffer. `Sprite`
/// is already the vertex layout (8 Floats), so an upload is a single copy.
final class SpriteBatchRenderer {
    private let program: ShaderProgram
    private let pageToClip: GLint
    private let pixelScale: GLint
    private var vao: GLuint = 0
    private var vbo: GLuint = 0
    private var capacity = 0
    /// The largest point the driver draws, in pixels.
    let maximumPointSize: Float

    init() throws {
        program = try ShaderProgram(vertex: Shaders.spriteVertex, fragment: Shaders.spriteFragment)
        pageToClip = program.uniform("uPageToClip")
        pixelScale = program.uniform("uPixelScale")
        glUseProgram(program.id)
        glUniform1i(program.uniform("uBrush"), 0)
        var range: [GLfloat] = [0, 0]
        glGetFloatv(GLenum(GL_ALIASED_POINT_SIZE_RANGE), &range)
        maximumPointSize = range[1]

        glGenVertexArrays(1, &vao)
        glGenBuffers(1, &vbo)
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        let stride = GLsizei(MemoryLayout<Sprite>.stride)
        let layout: [(index: GLuint, count: GLint, offset: Int)] = [(0, 2, 0), (1, 1, 8), (2, 1, 12), (3, 4, 16)]
        for attribute in layout {
            glEnableVertexAttribArray(attribute.index)
            glVertexAttribPointer(attribute.index, attribute.count, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: attribute.offset))
        }
        glBindVertexArray(0)
    }

    deinit {
        glDeleteBuffers(1, &vbo)
        glDeleteVertexArrays(1, &vao)
    }

    /// Draws `sprites` into the bound framebuffer.
    func draw<C: RandomAccessCollection>(_ sprites: C, projection: PageProjection, brush: BrushTexture,
                                         blend: SpriteBlend = .over) where C.Element == Sprite {
        guard !sprites.isEmpty else { return }
        glUseProgram(program.id)
        projection.matrix.withUnsafeBufferPointer { glUniformMatrix3fv(pageToClip, 1, GLboolean(GL_FALSE), $0.baseAddress) }
        glUniform1f(pixelScale, Float(projection.pixelScale))
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), brush.id)
        glEnable(GLenum(GL_PROGRAM_POINT_SIZE))
        glEnable(GLenum(GL_BLEND))
        switch blend {
        case .over:
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        case .maximum:
            glBlendEquation(GLenum(GL_MAX))
        case .erase:
            glBlendFunc(GLenum(GL_ZERO), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        }
        defer { glBlendEquation(GLenum(GL_FUNC_ADD)) }
        let (x, y, w, h) = projection.viewport
        glViewport(x, y, w, h)

        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        let bytes = sprites.count * MemoryLayout<Sprite>.stride
        if bytes > capacity {
            capacity = max(bytes, capacity * 2, 64 * 1024)
            glBufferData(GLenum(GL_ARRAY_BUFFER), capacity, nil, GLenum(GL_STREAM_DRAW))
        }
        let uploaded: Void? = sprites.withContiguousStorageIfAvailable { buffer in
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, bytes, buffer.baseAddress)
        }
        if uploaded == nil {
            Array(sprites).withUnsafeBufferPointer { glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, bytes, $0.baseAddress) }
        }
        glDrawArrays(GLenum(GL_POINTS), 0, GLsizei(sprites.count))
        glBindVertexArray(0)
    }
}
