import CGL

/// What the current context is, for error messages and benchmark headers.
public enum GLInfo {
    public static var version: String { string(GL_VERSION) }
    public static var renderer: String { string(GL_RENDERER) }

    /// (major, minor) of the current context.
    public static var versionNumber: (Int, Int) {
        var major: GLint = 0, minor: GLint = 0
        glGetIntegerv(GLenum(GL_MAJOR_VERSION), &major)
        glGetIntegerv(GLenum(GL_MINOR_VERSION), &minor)
        return (Int(major), Int(minor))
    }

    private static func string(_ name: Int32) -> String {
        guard let bytes = glGetString(GLenum(name)) else { return "unknown" }
        return String(cString: bytes)
    }
}
