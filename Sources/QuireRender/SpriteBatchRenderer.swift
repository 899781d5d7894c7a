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
/// is already the vertex layout (8 Floats), so an upload is a single copy. A batch holding a sprite
/// larger than the driver's largest point is drawn as instanced quads instead (same look), so big
/// brushes at high zoom are never clamped.
final class SpriteBatchRenderer {
    private let program: ShaderProgram
    private let pageToClip: GLint
    private let pixelScale: GLint
    private let quadProgram: ShaderProgram
    private let quadPageToClip: GLint
    private var vao: GLuint = 0
    private var quadVAO: GLuint = 0
    private var vbo: GLuint = 0
    private var capacity = 0
    /// The largest point the driver draws, in pixels.
    let maximumPointSize: Float
    /// Draw every batch as quads (tests compare the two paths).
    var forceQuads = false

    init() throws {
        program = try ShaderProgram(vertex: Shaders.spriteVertex, fragment: Shaders.spriteFragment)
        pageToClip = program.uniform("uPageToClip")
        pixelScale = program.uniform("uPixelScale")
        glUseProgram(program.id)
        glUniform1i(program.uniform("uBrush"), 0)
        quadProgram = try ShaderProgram(vertex: Shaders.spriteQuadVertex, fragment: Shaders.spriteQuadFragment)
        quadPageToClip = quadProgram.uniform("uPageToClip")
        glUseProgram(quadProgram.id)
        glUniform1i(quadProgram.uniform("uBrush"), 0)
        var range: [GLfloat] = [0, 0]
        glGetFloatv(GLenum(GL_ALIASED_POINT_SIZE_RANGE), &range)
        maximumPointSize = range[1]

        glGenBuffers(1, &vbo)
        // The same buffer read two ways: one vertex per sprite (points), or one instance per sprite.
        glGenVertexArrays(1, &vao)
        Self.describeSprites(in: vao, buffer: vbo, divisor: 0)
        glGenVertexArrays(1, &quadVAO)
        Self.describeSprites(in: quadVAO, buffer: vbo, divisor: 1)
        glBindVertexArray(0)
    }

    /// Points vertex array `array` at `buffer`'s sprites: centre, diameter, rotation, colour.
    private static func describeSprites(in array: GLuint, buffer: GLuint, divisor: GLuint) {
        glBindVertexArray(array)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        let stride = GLsizei(MemoryLayout<Sprite>.stride)
        let layout: [(index: GLuint, count: GLint, offset: Int)] = [(0, 2, 0), (1, 1, 8), (2, 1, 12), (3, 4, 16)]
        for attribute in layout {
            glEnableVertexAttribArray(attribute.index)
            glVertexAttribPointer(attribute.index, attribute.count, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: attribute.offset))
            glVertexAttribDivisor(attribute.index, divisor)
        }
    }

    deinit {
        glDeleteBuffers(1, &vbo)
        glDeleteVertexArrays(1, &vao)
        glDeleteVertexArrays(1, &quadVAO)
    }

    /// Draws `sprites` into the bound framebuffer.
    func draw<C: RandomAccessCollection>(_ sprites: C, projection: PageProjection, brush: BrushTexture,
                                         blend: SpriteBlend = .over) where C.Element == Sprite {
        guard !sprites.isEmpty else { return }
        let scale = Float(projection.pixelScale)
        var largest: Float = 0
        for s in sprites where s.diameter > largest { largest = s.diameter }
        let asQuads = largest * scale > maximumPointSize || forceQuads
        if asQuads {
            glUseProgram(quadProgram.id)
            projection.matrix.withUnsafeBufferPointer { glUniformMatrix3fv(quadPageToClip, 1, GLboolean(GL_FALSE), $0.baseAddress) }
        } else {
            glUseProgram(program.id)
            projection.matrix.withUnsafeBufferPointer { glUniformMatrix3fv(pageToClip, 1, GLboolean(GL_FALSE), $0.baseAddress) }
            glUniform1f(pixelScale, scale)
        }
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

        glBindVertexArray(asQuads ? quadVAO : vao)
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
        if asQuads {
            glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(sprites.count))
        } else {
            glDrawArrays(GLenum(GL_POINTS), 0, GLsizei(sprites.count))
        }
        glBindVertexArray(0)
    }
}
