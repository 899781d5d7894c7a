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
    /// Over, every sprite in one colour whatever its own: an eraser on a layer that holds the paper
    /// (see `PageRenderer.layerBackdrop`) paints that paper back in proportion to its coverage.
    case paint(InkColor)
}

/// Draws sprites as textured GL point sprites: finished strokes from where they lie in the `arena`
/// (no upload, in the arena's layouts), and the live stroke's sprites streamed through one growing
/// vertex buffer. `Sprite` is already the streamed vertex layout (8 Floats), so an upload is a single copy. A batch holding a sprite larger
/// than the driver's largest point is drawn as instanced quads instead (same look), so big brushes at
/// high zoom are never clamped.
final class SpriteBatchRenderer {
    private let program: ShaderProgram
    private let pageToClip: GLint
    private let pixelScale: GLint
    private let paint: GLint
    private let quadProgram: ShaderProgram
    private let quadPageToClip: GLint
    private let quadPaint: GLint
    private var vao: GLuint = 0
    private var quadVAO: GLuint = 0
    private var vbo: GLuint = 0
    private var capacity = 0
    /// Finished strokes' sprites, and the vertex arrays that read them.
    let arena = SpriteArena()
    private var arenaVAO: GLuint = 0
    private var arenaQuadVAO: GLuint = 0
    /// Bytes streamed for sprites not in the arena (the live stroke, its tail).
    private(set) var streamedBytes = 0
    /// The largest point the driver draws, in pixels.
    let maximumPointSize: Float
    /// Draw every batch as quads (tests compare the two paths).
    var forceQuads = false

    init() throws {
        program = try ShaderProgram(vertex: Shaders.spriteVertex, fragment: Shaders.spriteFragment)
        pageToClip = program.uniform("uPageToClip")
        pixelScale = program.uniform("uPixelScale")
        paint = program.uniform("uPaint")
        glUseProgram(program.id)
        glUniform1i(program.uniform("uBrush"), 0)
        quadProgram = try ShaderProgram(vertex: Shaders.spriteQuadVertex, fragment: Shaders.spriteQuadFragment)
        quadPageToClip = quadProgram.uniform("uPageToClip")
        quadPaint = quadProgram.uniform("uPaint")
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
        // Pointed at a span's buffer and place for each draw (`describeSpan`).
        glGenVertexArrays(1, &arenaVAO)
        glGenVertexArrays(1, &arenaQuadVAO)
        glBindVertexArray(0)
    }

    /// Points vertex array `array` at `buffer`'s whole sprites (`Sprite`, 32 bytes) from byte `base` on:
    /// centre, diameter, rotation, colour, opacity.
    private static func describeSprites(in array: GLuint, buffer: GLuint, divisor: GLuint, base: Int = 0) {
        glBindVertexArray(array)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        let stride = GLsizei(MemoryLayout<Sprite>.stride)
        for (index, count, offset) in [(GLuint(0), GLint(2), 0), (1, 1, 8), (2, 1, 12), (3, 3, 16), (4, 1, 28)] {
            glEnableVertexAttribArray(index)
            glVertexAttribPointer(index, count, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: base + offset))
            glVertexAttribDivisor(index, divisor)
        }
    }

    /// Points vertex array `array` at `span`'s sprites in the arena, in the layout the span keeps them:
    /// whole, or compact (`CompactSprite`: centre, diameter, opacity) with the span's one colour and no
    /// rotation given as constant attributes.
    private func describeSpan(_ span: SpriteSpan, in array: GLuint, divisor: GLuint, firstSprite: Int) {
        let buffer = arena.buffer(of: span)
        let base = (span.first + firstSprite * span.slotsPerSprite) * SpriteArena.slotBytes
        guard let color = span.sharedColor else {
            return Self.describeSprites(in: array, buffer: buffer, divisor: divisor, base: base)
        }
        glBindVertexArray(array)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        let stride = GLsizei(MemoryLayout<CompactSprite>.stride)
        for (index, count, offset) in [(GLuint(0), GLint(2), 0), (1, 1, 8), (4, 1, 12)] {
            glEnableVertexAttribArray(index)
            glVertexAttribPointer(index, count, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: base + offset))
            glVertexAttribDivisor(index, divisor)
        }
        glDisableVertexAttribArray(2)
        glDisableVertexAttribArray(3)
        glVertexAttrib1f(2, 0)
        glVertexAttrib3f(3, color.red, color.green, color.blue)
    }

    deinit {
        glDeleteBuffers(1, &vbo)
        glDeleteVertexArrays(1, &vao)
        glDeleteVertexArrays(1, &quadVAO)
        glDeleteVertexArrays(1, &arenaVAO)
        glDeleteVertexArrays(1, &arenaQuadVAO)
    }

    /// Draws the sprites of `span`, already in the arena, into the bound framebuffer: no upload.
    func draw(_ span: SpriteSpan, projection: PageProjection, brush: BrushTexture, blend: SpriteBlend = .over) {
        guard span.count > 0 else { return }
        let asQuads = prepare(largest: span.largest, projection: projection, brush: brush, blend: blend)
        defer { glBlendEquation(GLenum(GL_FUNC_ADD)) }
        var first = 0
        while first < span.count {
            let count = min(Self.largestDraw, span.count - first)
            if first > 0 { glFlush() }
            // Each span lies in a buffer and layout of its own, and instanced arrays have no first
            // instance in GL 3.3: the attributes are pointed at the span's sprites for each draw.
            if asQuads {
                describeSpan(span, in: arenaQuadVAO, divisor: 1, firstSprite: first)
                glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count))
            } else {
                describeSpan(span, in: arenaVAO, divisor: 0, firstSprite: first)
                glDrawArrays(GLenum(GL_POINTS), 0, GLsizei(count))
            }
            first += count
        }
        glBindVertexArray(0)
    }

    /// Sprites in one draw call at most; a longer span (a page opened whole) is drawn in several, the
    /// work sent off between them. A software driver (Mesa's llvmpipe) keeps a whole submission's binned
    /// geometry in memory: a 250,000-sprite page in one call took some 70 MB that the C library handed
    /// back to the kernel after every frame and faulted in again the next (530,000 page faults in 30
    /// pages opened against 41,000), a quarter of the time of opening a page. A GPU driver pays one
    /// flush per 65,536 sprites.
    static let largestDraw = 65_536

    /// Program, uniforms, brush, blend and viewport for a batch; true when it is drawn as quads.
    private func prepare(largest: Float, projection: PageProjection, brush: BrushTexture, blend: SpriteBlend) -> Bool {
        let scale = Float(projection.pixelScale)
        let asQuads = largest * scale > maximumPointSize || forceQuads
        // The colour every sprite takes, its alpha 1 to take it (0: each sprite keeps its own).
        var painted = InkColor(red: 0, green: 0, blue: 0, alpha: 0)
        if case let .paint(color) = blend { painted = InkColor(red: color.red, green: color.green, blue: color.blue) }
        if asQuads {
            glUseProgram(quadProgram.id)
            projection.matrix.withUnsafeBufferPointer { glUniformMatrix3fv(quadPageToClip, 1, GLboolean(GL_FALSE), $0.baseAddress) }
            glUniform4f(quadPaint, painted.red, painted.green, painted.blue, painted.alpha)
        } else {
            glUseProgram(program.id)
            projection.matrix.withUnsafeBufferPointer { glUniformMatrix3fv(pageToClip, 1, GLboolean(GL_FALSE), $0.baseAddress) }
            glUniform1f(pixelScale, scale)
            glUniform4f(paint, painted.red, painted.green, painted.blue, painted.alpha)
        }
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), brush.id)
        glEnable(GLenum(GL_PROGRAM_POINT_SIZE))
        glEnable(GLenum(GL_BLEND))
        switch blend {
        case .over, .paint:
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        case .maximum:
            glBlendEquation(GLenum(GL_MAX))
        case .erase:
            glBlendFunc(GLenum(GL_ZERO), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        }
        let (x, y, w, h) = projection.viewport
        glViewport(x, y, w, h)
        return asQuads
    }

    /// Streams `sprites` (not in the arena: the live stroke) into the bound framebuffer.
    func draw<C: RandomAccessCollection>(_ sprites: C, projection: PageProjection, brush: BrushTexture,
                                         blend: SpriteBlend = .over) where C.Element == Sprite {
        guard !sprites.isEmpty else { return }
        var largest: Float = 0
        for s in sprites where s.diameter > largest { largest = s.diameter }
        let asQuads = prepare(largest: largest, projection: projection, brush: brush, blend: blend)
        defer { glBlendEquation(GLenum(GL_FUNC_ADD)) }

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
        streamedBytes += bytes
        if asQuads {
            glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(sprites.count))
        } else {
            glDrawArrays(GLenum(GL_POINTS), 0, GLsizei(sprites.count))
        }
        glBindVertexArray(0)
    }
}
