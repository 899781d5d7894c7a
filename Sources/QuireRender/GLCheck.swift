import CGL

enum GLCheck {
    /// Throws the first pending GL error, clearing the rest: a silent GL error shows up much later as
    /// a blank page with no clue why.
    static func noError(during what: String) throws {
        let first = glGetError()
        guard first != GLenum(GL_NO_ERROR) else { return }
        while glGetError() != GLenum(GL_NO_ERROR) {}
        throw RenderError.glError(code: first, during: what)
    }
}
