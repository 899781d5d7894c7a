import CGL

/// A linked GLSL program. Compile and link logs become thrown errors, since a driver that rejects a
/// shader must say why rather than draw nothing.
final class ShaderProgram {
    let id: GLuint

    init(vertex: String, fragment: String) throws {
        let vs = try Self.compile(vertex, type: GLenum(GL_VERTEX_SHADER), stage: "vertex")
        defer { glDeleteShader(vs) }
        let fs = try Self.compile(fragment, type: GLenum(GL_FRAGMENT_SHADER), stage: "fragment")
        defer { glDeleteShader(fs) }
        id = glCreateProgram()
        glAttachShader(id, vs)
        glAttachShader(id, fs)
        glLinkProgram(id)
        var ok: GLint = 0
        glGetProgramiv(id, GLenum(GL_LINK_STATUS), &ok)
        if ok == 0 {
            let log = Self.log { glGetProgramInfoLog(id, $0, nil, $1) }
            glDeleteProgram(id)
            throw RenderError.programLinkFailed(log: log)
        }
    }

    deinit { glDeleteProgram(id) }

    func uniform(_ name: String) -> GLint { glGetUniformLocation(id, name) }

    private static func compile(_ source: String, type: GLenum, stage: String) throws -> GLuint {
        let shader = glCreateShader(type)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var ok: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        if ok == 0 {
            let log = Self.log { glGetShaderInfoLog(shader, $0, nil, $1) }
            glDeleteShader(shader)
            throw RenderError.shaderCompileFailed(stage: stage, log: log)
        }
        return shader
    }

    private static func log(_ read: (GLsizei, UnsafeMutablePointer<GLchar>) -> Void) -> String {
        var buffer = [GLchar](repeating: 0, count: 4096)
        read(GLsizei(buffer.count), &buffer)
        let end = buffer.firstIndex(of: 0) ?? buffer.count
        return String(decoding: buffer[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
