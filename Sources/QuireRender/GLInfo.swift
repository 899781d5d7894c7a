import CGL

/// What the current context is, for error messages and benchmark headers.
public enum GLInfo {
    public static var version: String { string(GL_VERSION) }
    public static var renderer: String { string(GL_RENDERER) }

    private static func string(_ name: Int32) -> String {
        guard let bytes = glGetString(GLenum(name)) else { return "unknown" }
        return String(cString: bytes)
    }
}
