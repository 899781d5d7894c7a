import CGL

/// One vertex array over one buffer of Float attributes, re-filled for each draw and grown when a draw
/// needs more room: the set-up the paper quad, picture and polygon renderers share.
final class FloatVertexBuffer {
    private var vao: GLuint = 0
    private var vbo: GLuint = 0
    private var capacity = 0
    private let usage: GLenum

    /// `attributeSizes`: the Floats of each attribute, in location order (`[2, 2]`: position and
    /// texture coordinate, interleaved).
    init(attributeSizes: [Int], usage: Int32 = GL_DYNAMIC_DRAW) {
        self.usage = GLenum(usage)
        glGenVertexArrays(1, &vao)
        glGenBuffers(1, &vbo)
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        let stride = GLsizei(attributeSizes.reduce(0, +) * MemoryLayout<Float>.size)
        var offset = 0
        for (location, size) in attributeSizes.enumerated() {
            glEnableVertexAttribArray(GLuint(location))
            glVertexAttribPointer(GLuint(location), GLint(size), GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: offset))
            offset += size * MemoryLayout<Float>.size
        }
        glBindVertexArray(0)
    }

    deinit {
        glDeleteBuffers(1, &vbo)
        glDeleteVertexArrays(1, &vao)
    }

    /// Uploads `vertices` (the attributes' Floats, interleaved) and draws `count` vertices as `mode`.
    func draw(_ mode: Int32, count: Int, vertices: UnsafeRawBufferPointer) {
        guard count > 0, let base = vertices.baseAddress else { return }
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        if vertices.count > capacity {
            capacity = max(vertices.count, capacity * 2, 256)
            glBufferData(GLenum(GL_ARRAY_BUFFER), capacity, nil, usage)
        }
        glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, vertices.count, base)
        glDrawArrays(GLenum(mode), 0, GLsizei(count))
        glBindVertexArray(0)
    }
}
