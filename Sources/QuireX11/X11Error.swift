/// Why the window could not be opened, in words that say what to install or set.
public enum X11Error: Error, Equatable, CustomStringConvertible {
    case noDisplay(name: String?)
    case noGLX
    case noFramebufferConfig
    case noCoreContext(reason: String)
    case glTooOld(version: String)

    public var description: String {
        switch self {
        case let .noDisplay(name):
            if let name { return "cannot open X display \"\(name)\": is the X server running and DISPLAY right?" }
            return "no X display: DISPLAY is not set (run Quire inside an X11 session, or under Xvfb)"
        case .noGLX:
            return "the X server has no GLX extension: OpenGL is unavailable (install Mesa: libgl1-mesa-dri, libglx-mesa0)"
        case .noFramebufferConfig:
            return "GLX offers no double-buffered RGBA framebuffer with 8 bits a channel"
        case let .noCoreContext(reason):
            return "cannot create an OpenGL 3.3 core context: \(reason). Quire needs OpenGL 3.3 (Mesa 10 or any GPU driver of the last decade)"
        case let .glTooOld(version):
            return "OpenGL \(version) is too old: Quire needs 3.3 core"
        }
    }
}
